-- Rows with identity and revisions with history. Valid on SQLite and PostgreSQL.
--
-- Every row gets an id that stays with it through edits, moves, inserts and deletes (a diff
-- matches rows by id, never by position); ids are never reused within a sheet.
ALTER TABLE sheet_rows ADD COLUMN row_id BIGINT NOT NULL DEFAULT 0;
UPDATE sheet_rows SET row_id = position + 1;
ALTER TABLE sheets ADD COLUMN next_row_id BIGINT NOT NULL DEFAULT 1;
UPDATE sheets SET next_row_id = 1 + COALESCE(
    (SELECT MAX(row_id) FROM sheet_rows WHERE sheet_rows.sheet_id = sheets.id), 0);

-- One line per revision: number (1, 2, 3, ...), the sheet's version (its ETag) after it,
-- what made it (create, save, import, restore, settings, baseline), the author (a display
-- name; author_id is for the accounts to come), when it was made and last folded into, the
-- sheet settings and the report's counts at that revision, and the row changes against the
-- revision before as JSON (budget::diff::RowsDiff by row id). Every 64th revision from the
-- first also keeps all its rows (JSON [[row id, row], ...]), so that any revision is rebuilt
-- from the snapshot before it and at most 63 changes. History is never rewritten, except
-- that one author's saves within the fold window fold into their latest revision.
CREATE TABLE sheet_revisions (
    sheet_id                BIGINT NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    number                  BIGINT NOT NULL,
    version                 BIGINT NOT NULL,
    kind                    TEXT   NOT NULL,
    author                  TEXT   NOT NULL,
    author_id               BIGINT,
    message                 TEXT   NOT NULL,
    created_at              BIGINT NOT NULL,
    saved_at                BIGINT NOT NULL,
    lang                    TEXT   NOT NULL,
    margin_ms               BIGINT NOT NULL,
    amplification_threshold BIGINT NOT NULL,
    row_count               BIGINT NOT NULL,
    error_count             BIGINT NOT NULL,
    warning_count           BIGINT NOT NULL,
    inversion_count         BIGINT NOT NULL,
    changed_cells           BIGINT NOT NULL,
    rows_added              BIGINT NOT NULL,
    rows_removed            BIGINT NOT NULL,
    changes                 TEXT   NOT NULL,
    snapshot                TEXT,
    PRIMARY KEY (sheet_id, number)
);
