-- Every id ever given to a sheet. A deleted sheet's id is never given again, so a page, link
-- or API client still holding it cannot write into a sheet created later.
-- Valid on SQLite and PostgreSQL.
CREATE TABLE sheet_ids (
    id BIGINT PRIMARY KEY
);

INSERT INTO sheet_ids (id) SELECT id FROM sheets;
