-- Sign-in attempts limited in the database, so that every instance on it shares one limit.
-- A key (an account at a client address, or a client address) is hashed to one of a fixed
-- number of buckets, so the table never holds more rows than there are buckets, whatever is
-- sent. Each bucket keeps one time, the generic cell rate algorithm's "theoretical arrival
-- time" (unix milliseconds): an attempt is allowed while it is at most a window ahead of now.
-- `noted_until` is when a refused attempt in the bucket may be written to the audit log
-- again: one line per bucket and window, however many attempts are refused.
CREATE TABLE sign_in_throttle (
    bucket      BIGINT NOT NULL PRIMARY KEY,
    tat         BIGINT NOT NULL,
    noted_until BIGINT NOT NULL DEFAULT 0
);
