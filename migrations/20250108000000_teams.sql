-- Team mode (issue 11): accounts, teams and their members' roles, the sheets each team owns,
-- API tokens, invitations, server-side sessions and the audit log. Valid on SQLite and PostgreSQL: ids are
-- BIGINT chosen by the application, flags are 0/1 BIGINTs, times unix milliseconds.

CREATE TABLE accounts (
    id            BIGINT NOT NULL PRIMARY KEY,
    email         TEXT   NOT NULL UNIQUE,
    password_hash TEXT   NOT NULL,
    is_admin      BIGINT NOT NULL DEFAULT 0,
    disabled      BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL
);

CREATE TABLE teams (
    id         BIGINT NOT NULL PRIMARY KEY,
    name       TEXT   NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE TABLE memberships (
    team_id    BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role       TEXT   NOT NULL CHECK (role IN ('viewer', 'editor', 'reviewer', 'owner')),
    PRIMARY KEY (team_id, account_id)
);

CREATE INDEX memberships_account ON memberships (account_id);

-- The team that owns each sheet (NULL: made in local mode, before any team); a sheet shared
-- with the organisation can be read by every account.
ALTER TABLE sheets ADD COLUMN team_id BIGINT REFERENCES teams (id);
ALTER TABLE sheets ADD COLUMN shared BIGINT NOT NULL DEFAULT 0;
CREATE INDEX sheets_team ON sheets (team_id, updated_at);

-- Only the SHA-256 of a token is kept; the token itself is shown once, when it is made.
CREATE TABLE api_tokens (
    id           BIGINT NOT NULL PRIMARY KEY,
    team_id      BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    name         TEXT   NOT NULL,
    hash         TEXT   NOT NULL UNIQUE,
    scope        TEXT   NOT NULL CHECK (scope IN ('check', 'read', 'write')),
    created_by   BIGINT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT,
    last_used_at BIGINT,
    revoked_at   BIGINT
);

-- One-time invitations: the SHA-256 of the link's token, the address invited, the team and
-- role it joins (optional), until when it works.
CREATE TABLE invites (
    hash       TEXT   NOT NULL PRIMARY KEY,
    email      TEXT   NOT NULL,
    team_id    BIGINT REFERENCES teams (id) ON DELETE CASCADE,
    role       TEXT,
    created_by BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- tower-sessions' records: the session id, its data as JSON, its expiry.
CREATE TABLE sessions (
    id         TEXT   NOT NULL PRIMARY KEY,
    data       TEXT   NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE audit_log (
    id         BIGINT NOT NULL PRIMARY KEY,
    team_id    BIGINT,
    account_id BIGINT,
    actor      TEXT   NOT NULL,
    action     TEXT   NOT NULL,
    detail     TEXT   NOT NULL,
    at         BIGINT NOT NULL
);

CREATE INDEX audit_log_team ON audit_log (team_id, id);
