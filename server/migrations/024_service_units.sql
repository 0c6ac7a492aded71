-- The service units and their agents leave the JSON log (`rows` and its list table `unit_list`) for tables of
-- their own (server/db/units.ts): typed columns, and the invariants in the schema. A unit's name is unique in
-- its organization (name_lower is core's lower-casing, the same the duplicate check asks), an agent belongs
-- to one unit and goes with it, and a heartbeat updates its own columns only. The *_key columns, search and
-- online_until_ms are the list's keys (core/service-unit-list.ts, unitListEntry), compared by code point, so
-- PostgreSQL orders the list exactly as the embedded backend does.
CREATE TABLE service_units (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  name text NOT NULL,
  name_lower text NOT NULL,
  hostname text NOT NULL,
  ip_address text NOT NULL,
  operating_system text NOT NULL CHECK (operating_system IN ('windows', 'macos', 'linux')),
  agent_version text NOT NULL,
  location text NOT NULL,
  description text NOT NULL,
  tags text[] NOT NULL,
  -- Null: never seen.
  last_seen_at timestamptz,
  maintenance boolean NOT NULL,
  screenshot_interval_minutes integer NOT NULL CHECK (screenshot_interval_minutes BETWEEN 0 AND 1440),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  updated_by text,
  -- Reporting or not, as last announced (unit.online / unit.offline); null: never announced.
  announced_status text CHECK (announced_status IN ('online', 'offline')),
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
  -- The last instant (ms since 1970) the unit counts as online, maintenance aside; null: never.
  online_until_ms bigint,
  -- The texts a search looks in, lower-cased, and joined by a line feed for the trigram index.
  search text[] NOT NULL,
  search_text text NOT NULL,
  CONSTRAINT service_units_name_unique UNIQUE (organization_id, name_lower)
);

CREATE TABLE unit_agents (
  unit_id text PRIMARY KEY REFERENCES service_units (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('simulated', 'enrolled')),
  enrolled_at timestamptz NOT NULL,
  -- Set: the agent's credential is refused.
  revoked_at timestamptz,
  heartbeat_interval_s integer NOT NULL CHECK (heartbeat_interval_s > 0),
  credential_hash text NOT NULL,
  -- What the agent last reported about its machine, and how it enforces the URL rules (null: not yet).
  system jsonb,
  url_policy jsonb
);

-- The records move with the list keys unit_list holds. A unit whose name another unit of its organization
-- already has (stored before the schema said so) keeps it with its id appended.
INSERT INTO service_units (
  id, organization_id, name, name_lower, hostname, ip_address, operating_system, agent_version, location, description, tags,
  last_seen_at, maintenance, screenshot_interval_minutes, created_at, updated_at, version, updated_by, announced_status,
  id_key, name_key, hostname_key, ip_address_key, operating_system_key, location_key, agent_version_key, last_seen_key,
  created_key, updated_key, online_until_ms, search, search_text
)
SELECT
  r.id,
  r.data ->> 'organizationId',
  CASE WHEN d.rank > 1 THEN (r.data ->> 'name') || ' (' || r.id || ')' ELSE r.data ->> 'name' END,
  CASE WHEN d.rank > 1 THEN d.name_lower || ' (' || lower(r.id) || ')' ELSE d.name_lower END,
  r.data ->> 'hostname',
  r.data ->> 'ipAddress',
  r.data ->> 'operatingSystem',
  r.data ->> 'agentVersion',
  r.data ->> 'location',
  r.data ->> 'description',
  ARRAY(SELECT jsonb_array_elements_text(r.data -> 'tags')),
  CASE WHEN r.data ->> 'lastSeenAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'lastSeenAt')::timestamptz END,
  (r.data ->> 'maintenance')::boolean,
  (r.data ->> 'screenshotIntervalMinutes')::integer,
  coalesce(CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END, now()),
  coalesce(CASE WHEN r.data ->> 'updatedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'updatedAt')::timestamptz END, now()),
  coalesce((r.data ->> 'version')::integer, 1),
  r.data ->> 'updatedBy',
  r.data ->> 'announcedStatus',
  coalesce(u.id_key, ''), coalesce(u.name_key, ''), coalesce(u.hostname_key, ''), coalesce(u.ip_address_key, ''),
  coalesce(u.operating_system_key, ''), coalesce(u.location_key, ''), coalesce(u.agent_version_key, ''),
  coalesce(u.last_seen_key, ''), coalesce(u.created_key, ''), coalesce(u.updated_key, ''),
  u.online_until_ms,
  coalesce(u.search, ARRAY[]::text[]),
  coalesce(u.search_text, '')
FROM rows r
JOIN (
  SELECT r2.id, coalesce(l.search[1], lower(r2.data ->> 'name')) AS name_lower,
    row_number() OVER (PARTITION BY r2.data ->> 'organizationId', coalesce(l.search[1], lower(r2.data ->> 'name')) ORDER BY r2.id) AS rank
  FROM rows r2 LEFT JOIN unit_list l ON l.id = r2.id
  WHERE r2.collection = 'serviceUnits' AND NOT r2.deleted
) d ON d.id = r.id
LEFT JOIN unit_list u ON u.id = r.id
WHERE r.collection = 'serviceUnits' AND NOT r.deleted;

INSERT INTO unit_agents (unit_id, kind, enrolled_at, revoked_at, heartbeat_interval_s, credential_hash, system, url_policy)
SELECT
  r.id,
  r.data -> 'agent' ->> 'kind',
  coalesce(CASE WHEN r.data -> 'agent' ->> 'enrolledAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data -> 'agent' ->> 'enrolledAt')::timestamptz END, now()),
  CASE WHEN r.data -> 'agent' ->> 'revokedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data -> 'agent' ->> 'revokedAt')::timestamptz END,
  (r.data -> 'agent' ->> 'heartbeatIntervalS')::integer,
  coalesce(r.data -> 'agent' ->> 'credentialHash', ''),
  CASE WHEN jsonb_typeof(r.data -> 'agent' -> 'system') = 'object' THEN r.data -> 'agent' -> 'system' END,
  r.data -> 'agent' -> 'urlPolicy'
FROM rows r
WHERE r.collection = 'serviceUnits' AND NOT r.deleted AND jsonb_typeof(r.data -> 'agent') = 'object';

-- Every unit's keys are computed again at the next start (a unit renamed above, or stored before unit_list).
DELETE FROM meta WHERE key = 'unitList';

-- The default order (by name), for every organization and for one; the search; the status sweep (the units not
-- announced offline, by the end of their window); the simulated agents.
CREATE INDEX service_units_by_name ON service_units (name_key, id_key);
CREATE INDEX service_units_by_organization_name ON service_units (organization_id, name_key, id_key);
CREATE INDEX service_units_search ON service_units USING gin (search_text gin_trgm_ops);
CREATE INDEX service_units_gone_quiet ON service_units (online_until_ms) WHERE announced_status IS DISTINCT FROM 'offline';
CREATE INDEX unit_agents_simulated ON unit_agents (unit_id) WHERE kind = 'simulated' AND revoked_at IS NULL;

DELETE FROM rows WHERE collection = 'serviceUnits';
DROP INDEX rows_unit_simulated_agent;
DROP TABLE unit_list;
