-- Where new ids come from: counters that the database increments atomically, instead of
-- "one more than the largest id" read inside the inserting transaction. On PostgreSQL
-- (READ COMMITTED) two transactions could read the same largest id and both insert the same
-- new id, so one of two concurrent creates failed on the primary key.
--
-- Why counters and not SERIAL / AUTOINCREMENT / IDENTITY: every migration runs unchanged on
-- SQLite and PostgreSQL, and an existing table's id column cannot become an identity column
-- with one SQL text for both (SQLite would need each table rebuilt). A counter is taken with
--     UPDATE id_counters SET last_id = last_id + 1 WHERE name = $1 RETURNING last_id
-- which is the same text on both (SQLite 3.35 and later): on PostgreSQL it locks the counter's
-- row until the transaction ends, so concurrent creates of one kind take turns and each gets
-- the next number; on SQLite the store's write transactions never overlap anyway. A create
-- that fails rolls its increment back, so ids stay without gaps as before.
--
-- Ids numbered within a parent keep their counter on the parent's row: a sheet's proposals
-- (sheets.last_proposal_id) and a proposal's comments (proposals.last_comment_id), taken the
-- same way with UPDATE ... RETURNING on that row.
--
-- Every counter starts at the largest id given so far, so existing rows keep their ids and new
-- ids continue above them. Valid on SQLite and PostgreSQL.

-- One row per kind of record: `name` is the table whose ids it gives, `last_id` the last id
-- given (0: none yet).
CREATE TABLE id_counters (
    name    TEXT   NOT NULL PRIMARY KEY,
    last_id BIGINT NOT NULL
);

-- Sheets count from `sheet_ids`, every id ever given to a sheet: a deleted sheet's id is
-- never given again.
INSERT INTO id_counters (name, last_id) SELECT 'sheets', COALESCE(MAX(id), 0) FROM sheet_ids;
INSERT INTO id_counters (name, last_id) SELECT 'accounts', COALESCE(MAX(id), 0) FROM accounts;
INSERT INTO id_counters (name, last_id) SELECT 'teams', COALESCE(MAX(id), 0) FROM teams;
INSERT INTO id_counters (name, last_id) SELECT 'api_tokens', COALESCE(MAX(id), 0) FROM api_tokens;
INSERT INTO id_counters (name, last_id) SELECT 'audit_log', COALESCE(MAX(id), 0) FROM audit_log;

-- The last proposal number given in each sheet.
ALTER TABLE sheets ADD COLUMN last_proposal_id BIGINT NOT NULL DEFAULT 0;
UPDATE sheets SET last_proposal_id = COALESCE(
    (SELECT MAX(id) FROM proposals WHERE proposals.sheet_id = sheets.id), 0);

-- The last comment number given on each proposal.
ALTER TABLE proposals ADD COLUMN last_comment_id BIGINT NOT NULL DEFAULT 0;
UPDATE proposals SET last_comment_id = COALESCE(
    (SELECT MAX(id) FROM proposal_comments
     WHERE proposal_comments.sheet_id = proposals.sheet_id
       AND proposal_comments.proposal_id = proposals.id), 0);
