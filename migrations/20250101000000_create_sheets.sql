-- Sheets and their rows. Valid on both SQLite and PostgreSQL: ids are BIGINT chosen by the
-- application (no AUTOINCREMENT / SERIAL), times are unix milliseconds in BIGINT.

CREATE TABLE sheets (
    id         BIGINT  NOT NULL PRIMARY KEY,
    name       TEXT    NOT NULL,
    lang       TEXT    NOT NULL CHECK (lang IN ('ja', 'en')),
    margin_ms  BIGINT  NOT NULL,
    updated_at BIGINT  NOT NULL
);

CREATE INDEX sheets_updated_at ON sheets (updated_at);

-- One line per sheet row, cells kept exactly as typed; position counts from 0 in sheet order.
CREATE TABLE sheet_rows (
    sheet_id      BIGINT NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    position      BIGINT NOT NULL,
    layer         TEXT   NOT NULL,
    segment       TEXT   NOT NULL,
    item          TEXT   NOT NULL,
    setting       TEXT   NOT NULL,
    default_value TEXT   NOT NULL,
    value         TEXT   NOT NULL,
    location      TEXT   NOT NULL,
    rationale     TEXT   NOT NULL,
    PRIMARY KEY (sheet_id, position)
);
