-- The audit log's list as SQL (server/db/audit-list.ts): one row per entry, written in the same transaction
-- as the entry's record in `rows`, computed by core/audit-list.ts (auditListEntry). at_key is the entry's
-- time as stored (an ISO text) and id_key core/list-query.ts's idSortKey, both compared by code point
-- (COLLATE "C"), so PostgreSQL orders newest first exactly as the embedded backend does.
-- meta 'auditList' holds the version of those keys; a start with another version fills the table again.
CREATE TABLE audit_list (
  id text PRIMARY KEY,
  at_key text COLLATE "C" NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  resource text NOT NULL,
  actor_id text NOT NULL,
  -- '' for an entry of no organization.
  organization_id text NOT NULL,
  record_id text NOT NULL
);

-- Newest first: overall, in one organization, and for one record (the per-record trails).
CREATE INDEX audit_list_by_time ON audit_list (at_key, id_key);
CREATE INDEX audit_list_by_organization_time ON audit_list (organization_id, at_key, id_key);
CREATE INDEX audit_list_by_record_time ON audit_list (resource, record_id, at_key, id_key);
