-- The service units' list as SQL (server/db/unit-list.ts): one row per live unit, written in the same
-- transaction as the unit's record in `rows`, computed by core/service-unit-list.ts (unitListEntry).
-- Every *_key column is core/list-query.ts's textSortKey, compared by code point (COLLATE "C"), and
-- id_key its idSortKey, so PostgreSQL orders the list exactly as the embedded backend does.
-- meta 'unitList' holds the version of those keys; a start with another version fills the table again.
CREATE TABLE unit_list (
  id text PRIMARY KEY,
  organization_id text,
  id_key text COLLATE "C" NOT NULL,
  name_key text COLLATE "C" NOT NULL,
  hostname_key text COLLATE "C" NOT NULL,
  ip_address_key text COLLATE "C" NOT NULL,
  operating_system_key text COLLATE "C" NOT NULL,
  location_key text COLLATE "C" NOT NULL,
  agent_version_key text COLLATE "C" NOT NULL,
  last_seen_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  updated_key text COLLATE "C" NOT NULL,
  operating_system text NOT NULL,
  maintenance boolean NOT NULL,
  -- The last instant (ms since 1970) the unit counts as online, maintenance aside; null: never.
  online_until_ms bigint,
  tags text[] NOT NULL,
  -- The texts a search looks in, lower-cased.
  search text[] NOT NULL
);

-- The default order (by name), for every organization and for one.
CREATE INDEX unit_list_by_name ON unit_list (name_key, id_key);
CREATE INDEX unit_list_by_organization_name ON unit_list (organization_id, name_key, id_key);
