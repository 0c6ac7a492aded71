-- The lists' searches ("contains", lower-cased) use a trigram index instead of reading every row: at the
-- large seed a search of the 100,000 screenshots read them all. pg_trgm ships with PostgreSQL (contrib) and
-- is a trusted extension, so the database's owner may create it; PGlite loads it too (server/db/sql.ts).
-- search_text is a record's search texts joined by a line feed (server/db/list-table.ts, searchText); the
-- list tables are filled again at the next start (their layout in meta changed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE unit_list ADD COLUMN search_text text NOT NULL DEFAULT '';
ALTER TABLE user_list ADD COLUMN search_text text NOT NULL DEFAULT '';
ALTER TABLE screenshot_list ADD COLUMN search_text text NOT NULL DEFAULT '';

CREATE INDEX unit_list_search ON unit_list USING gin (search_text gin_trgm_ops);
CREATE INDEX user_list_search ON user_list USING gin (search_text gin_trgm_ops);
CREATE INDEX screenshot_list_search ON screenshot_list USING gin (search_text gin_trgm_ops);
