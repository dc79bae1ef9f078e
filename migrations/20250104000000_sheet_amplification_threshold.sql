-- The second sheet setting beside the margin: retry.amplification is reported where more
-- attempts than this reach one node (budget-model.md, section 1; default 3).
-- Valid on SQLite and PostgreSQL.
ALTER TABLE sheets ADD COLUMN amplification_threshold BIGINT NOT NULL DEFAULT 3;
