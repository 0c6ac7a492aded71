-- The audit log leaves the JSON log (`rows`) and its list table (`audit_list`) for a table of its own
-- (server/db/audit-list.ts): typed columns, and the list's keys as columns. An entry outlives what it names:
-- the account that acted, the organization and the record may be deleted, and the entry stays as written
-- (the actor's name with it), so none of them is a foreign key.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_id text NOT NULL,
  actor_name text NOT NULL,
  actor_role_id integer NOT NULL,
  -- '' for an entry of no organization.
  organization_id text NOT NULL,
  resource text NOT NULL,
  action text NOT NULL,
  record_id text NOT NULL,
  -- The record before (null on a create) and after (null on a delete), secrets left out.
  before jsonb,
  after jsonb,
  reason text NOT NULL,
  -- The list's keys (core/audit-list.ts, auditListEntry): `at` as written (an ISO text, also the entry's `at`
  -- as read) and idSortKey, compared by code point, so PostgreSQL orders newest first as the embedded backend.
  at_key text COLLATE "C" NOT NULL,
  id_key text COLLATE "C" NOT NULL
);

-- Field for field, with the keys audit_list held (an entry without its list row gets them as core computes them).
INSERT INTO audit_log (
  id, at, actor_id, actor_name, actor_role_id, organization_id, resource, action, record_id, before, after, reason, at_key, id_key
)
SELECT
  r.id,
  coalesce(CASE WHEN r.data ->> 'at' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'at')::timestamptz END, 'epoch'::timestamptz),
  coalesce(r.data ->> 'actorId', ''),
  coalesce(r.data ->> 'actorName', ''),
  CASE WHEN r.data ->> 'actorRoleId' ~ '^\d{1,9}$' THEN (r.data ->> 'actorRoleId')::integer ELSE 0 END,
  coalesce(r.data ->> 'organizationId', ''),
  coalesce(r.data ->> 'resource', ''),
  coalesce(r.data ->> 'action', ''),
  coalesce(r.data ->> 'recordId', ''),
  CASE WHEN jsonb_typeof(r.data -> 'before') = 'object' THEN r.data -> 'before' END,
  CASE WHEN jsonb_typeof(r.data -> 'after') = 'object' THEN r.data -> 'after' END,
  coalesce(r.data ->> 'reason', ''),
  coalesce(l.at_key, coalesce(r.data ->> 'at', '')),
  coalesce(l.id_key, CASE WHEN r.id ~ '^(0|[1-9]\d{0,14})$' THEN '0' || lpad(r.id, 16, '0') ELSE '1' || r.id END)
FROM rows r
LEFT JOIN audit_list l ON l.id = r.id
WHERE r.collection = 'auditLog' AND NOT r.deleted;

DROP TABLE audit_list;
DELETE FROM rows WHERE collection = 'auditLog';

-- Newest first: overall, in one organization, and for one record (the per-record trails).
CREATE INDEX audit_log_by_time ON audit_log (at_key, id_key);
CREATE INDEX audit_log_by_organization_time ON audit_log (organization_id, at_key, id_key);
CREATE INDEX audit_log_by_record_time ON audit_log (resource, record_id, at_key, id_key);
