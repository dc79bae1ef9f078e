-- A sheet's revision: how many times its rows have been replaced. A save from the sheet page
-- names the revision its edits started from; when another tab or person saved in between, the
-- save is refused as a conflict instead of silently overwriting their rows.
-- Valid on SQLite and PostgreSQL.
ALTER TABLE sheets ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
