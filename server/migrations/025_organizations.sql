-- The organizations leave the JSON log (`rows` and its list table `organization_list`) for a table of their own
-- (server/db/organization-table.ts): typed columns, a code unique among them, and the units referring to them.
-- The administration fields are null on an organization stored before they existed (the domain gives them
-- their defaults on reading: normalizeOrg). The *_key columns and search are the list's keys
-- (core/organization-list.ts, organizationListEntry), compared by code point.
CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  domain text NOT NULL,
  created_at timestamptz NOT NULL,
  code text,
  contact_email text,
  phone text,
  address text,
  timezone text,
  status text CHECK (status IN ('active', 'suspended', 'archived')),
  status_reason text,
  seat_limit integer CHECK (seat_limit >= 0),
  screenshot_policy jsonb,
  updated_at timestamptz,
  version integer CHECK (version >= 1),
  updated_by text,
  id_key text COLLATE "C" NOT NULL,
  name_key text COLLATE "C" NOT NULL,
  code_key text COLLATE "C" NOT NULL,
  timezone_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  -- Its status and seat limit as the list filters and sorts them (the defaults applied).
  list_status text NOT NULL,
  list_seat_limit integer NOT NULL,
  search text[] NOT NULL,
  search_text text NOT NULL,
  CONSTRAINT organizations_code_unique UNIQUE (code)
);

-- An organization whose code another one already had (stored before the schema said so) keeps its own with its
-- id appended; the keys are computed again at the next start.
INSERT INTO organizations (
  id, name, domain, created_at, code, contact_email, phone, address, timezone, status, status_reason, seat_limit,
  screenshot_policy, updated_at, version, updated_by,
  id_key, name_key, code_key, timezone_key, created_key, list_status, list_seat_limit, search, search_text
)
SELECT
  r.id,
  r.data ->> 'name',
  coalesce(r.data ->> 'domain', ''),
  coalesce(CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END, now()),
  CASE WHEN d.rank > 1 THEN (r.data ->> 'code') || '-' || r.id ELSE r.data ->> 'code' END,
  r.data ->> 'contactEmail',
  r.data ->> 'phone',
  r.data ->> 'address',
  r.data ->> 'timezone',
  r.data ->> 'status',
  r.data ->> 'statusReason',
  (r.data ->> 'seatLimit')::integer,
  r.data -> 'screenshotPolicy',
  CASE WHEN r.data ->> 'updatedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'updatedAt')::timestamptz END,
  (r.data ->> 'version')::integer,
  r.data ->> 'updatedBy',
  coalesce(l.id_key, ''), coalesce(l.name_key, ''), coalesce(l.code_key, ''), coalesce(l.timezone_key, ''),
  coalesce(l.created_key, ''), coalesce(l.status, coalesce(r.data ->> 'status', 'active')),
  coalesce(l.seat_limit, 0), coalesce(l.search, ARRAY[]::text[]), coalesce(l.search_text, '')
FROM rows r
JOIN (
  SELECT id, row_number() OVER (PARTITION BY data ->> 'code' ORDER BY id) AS rank
  FROM rows WHERE collection = 'organizations' AND NOT deleted
) d ON d.id = r.id
LEFT JOIN organization_list l ON l.id = r.id
WHERE r.collection = 'organizations' AND NOT r.deleted;

DELETE FROM meta WHERE key = 'organizationList';

CREATE INDEX organizations_by_name ON organizations (name_key, id_key);
CREATE INDEX organizations_search ON organizations USING gin (search_text gin_trgm_ops);

DELETE FROM rows WHERE collection = 'organizations';
DROP TABLE organization_list;

-- A unit belongs to an organization that exists. Checked at commit (a seed stores both in one transaction, in
-- any order); NOT VALID: units a database stored before keep their rows whatever they name, every new or moved
-- unit is checked. An organization that still has units cannot be deleted (the domain refuses first).
ALTER TABLE service_units ADD CONSTRAINT service_units_organization_fk
  FOREIGN KEY (organization_id) REFERENCES organizations (id) DEFERRABLE INITIALLY DEFERRED NOT VALID;
