-- Proposals: a named set of cell changes against the revision they started from, reviewed
-- before they become a revision; comments on a proposal or on one cell of it; and in each
-- revision, who approved it (for an approved proposal) and the gate's override when the
-- proposal brought a new error. Valid on SQLite and PostgreSQL.
CREATE TABLE proposals (
    sheet_id      BIGINT NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    id            BIGINT NOT NULL,
    title         TEXT   NOT NULL,
    author        TEXT   NOT NULL,
    author_id     BIGINT,
    base_revision BIGINT NOT NULL,
    status        TEXT   NOT NULL,
    changes       TEXT   NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    decided_by    TEXT,
    decision_note TEXT,
    revision      BIGINT,
    PRIMARY KEY (sheet_id, id)
);

CREATE TABLE proposal_comments (
    sheet_id    BIGINT NOT NULL,
    proposal_id BIGINT NOT NULL,
    id          BIGINT NOT NULL,
    author      TEXT   NOT NULL,
    author_id   BIGINT,
    body        TEXT   NOT NULL,
    row_id      BIGINT,
    col         TEXT,
    cell_text   TEXT,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (sheet_id, proposal_id, id)
);

ALTER TABLE sheet_revisions ADD COLUMN approved_by TEXT;
ALTER TABLE sheet_revisions ADD COLUMN proposal_id BIGINT;
ALTER TABLE sheet_revisions ADD COLUMN gate_note TEXT;
