-- The screenshots' list as SQL (server/db/screenshot-list.ts): one row per screenshot, written in the same
-- transaction as its record in `rows`, computed by core/screenshot-list.ts (screenshotListEntry).
-- captured_key is capturedAt as stored (toISOString's form, so text order is time order) and id_key
-- core/list-query.ts's idSortKey, both compared by code point (COLLATE "C"), so PostgreSQL orders the
-- list exactly as the embedded backend does.
-- meta 'screenshotList' holds the version of those keys; a start with another version fills the table again.
CREATE TABLE screenshot_list (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  service_unit_id text NOT NULL,
  captured_key text COLLATE "C" NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  flagged boolean NOT NULL,
  -- The texts a search looks in (window title, process name), lower-cased.
  search text[] NOT NULL
);

-- The one order (capture time, ties by id; newest first reads them backwards): for every organization,
-- for one, and for one unit.
CREATE INDEX screenshot_list_by_time ON screenshot_list (captured_key, id_key);
CREATE INDEX screenshot_list_by_organization_time ON screenshot_list (organization_id, captured_key, id_key);
CREATE INDEX screenshot_list_by_unit_time ON screenshot_list (service_unit_id, captured_key, id_key);
