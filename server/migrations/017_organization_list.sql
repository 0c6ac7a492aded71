-- The organizations' list as SQL (server/db/organization-list.ts): one row per organization, written in the
-- same transaction as its record in `rows`, computed by core/organization-list.ts (organizationListEntry).
-- Every *_key column is core/list-query.ts's textSortKey compared by code point (COLLATE "C"), and id_key
-- its idSortKey, so PostgreSQL orders the list exactly as the embedded backend does. Its user and unit
-- counts come from user_list and unit_list at query time.
-- meta 'organizationList' holds the version of those keys; a start with another version fills the table again.
CREATE TABLE organization_list (
  id text PRIMARY KEY,
  id_key text COLLATE "C" NOT NULL,
  name_key text COLLATE "C" NOT NULL,
  code_key text COLLATE "C" NOT NULL,
  timezone_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  status text NOT NULL,
  seat_limit int NOT NULL,
  -- The texts a search looks in (name, code, contact email), lower-cased, and joined (list-table.ts).
  search text[] NOT NULL,
  search_text text NOT NULL DEFAULT ''
);

-- The default order (by name).
CREATE INDEX organization_list_by_name ON organization_list (name_key, id_key);
