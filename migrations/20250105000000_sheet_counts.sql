-- What the sheet list shows of each sheet, kept with every write that changes it (rows,
-- settings), so that listing the sheets never checks them all again. NULL for a sheet stored
-- before this column existed: the store fills it in when it connects.
-- Valid on SQLite and PostgreSQL.
ALTER TABLE sheets ADD COLUMN row_count BIGINT;
ALTER TABLE sheets ADD COLUMN error_count BIGINT;
ALTER TABLE sheets ADD COLUMN warning_count BIGINT;
