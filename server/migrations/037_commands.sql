-- The commands people send to units' agents leave the JSON log (`rows`) for a table of their own
-- (server/db/command-table.ts): typed columns, a kind and a status from CHECKs, a finish time exactly when the
-- agent answered, and the unit and its organization foreign keys, so a unit's commands go with it.
CREATE TABLE commands (
  id text PRIMARY KEY,
  service_unit_id text NOT NULL,
  organization_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('endProcess', 'captureScreenshot')),
  -- pending: not fetched by the agent yet; sent: fetched, no result yet; the others: the agent's result.
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'succeeded', 'failed', 'refused', 'notSupported')),
  -- endProcess: the process and its operating system's id, as the command was issued (the process may be gone).
  process_id text,
  pid bigint CHECK (pid >= 0),
  -- captureScreenshot: the request it answers (server/migrations/038_capture_requests.sql).
  capture_request_id text,
  issued_at timestamptz NOT NULL,
  -- The account that issued it, as the audit log names it: a command outlives its account (no foreign key).
  issued_by text NOT NULL,
  finished_at timestamptz,
  message text,
  CONSTRAINT commands_finished_when_answered CHECK ((status IN ('pending', 'sent')) = (finished_at IS NULL))
);

-- Field for field. A value the schema refuses (never written by the backend) is read as the domain would: an
-- unknown status as failed, an unreadable instant as the epoch, a finished command without its instant as
-- finished when issued.
INSERT INTO commands (
  id, service_unit_id, organization_id, kind, status, process_id, pid, capture_request_id, issued_at, issued_by,
  finished_at, message
)
SELECT
  r.id,
  coalesce(r.data ->> 'serviceUnitId', ''),
  coalesce(r.data ->> 'organizationId', ''),
  CASE WHEN r.data ->> 'kind' = 'captureScreenshot' THEN 'captureScreenshot' ELSE 'endProcess' END,
  s.status,
  r.data ->> 'processId',
  CASE WHEN r.data ->> 'pid' ~ '^\d{1,18}$' THEN (r.data ->> 'pid')::bigint END,
  r.data ->> 'captureRequestId',
  i.issued_at,
  coalesce(r.data ->> 'issuedBy', ''),
  CASE WHEN s.status NOT IN ('pending', 'sent') THEN
    coalesce(CASE WHEN r.data ->> 'finishedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'finishedAt')::timestamptz END, i.issued_at)
  END,
  r.data ->> 'message'
FROM rows r
CROSS JOIN LATERAL (
  SELECT CASE WHEN r.data ->> 'status' IN ('pending', 'sent', 'succeeded', 'failed', 'refused', 'notSupported')
    THEN r.data ->> 'status' ELSE 'failed' END AS status
) s
CROSS JOIN LATERAL (
  SELECT coalesce(
    CASE WHEN r.data ->> 'issuedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'issuedAt')::timestamptz END,
    'epoch'::timestamptz
  ) AS issued_at
) i
WHERE r.collection = 'commands' AND NOT r.deleted;

DROP INDEX rows_command_by_unit;
DROP INDEX rows_command_pending;
DELETE FROM rows WHERE collection = 'commands';

-- A unit's commands as issued (a revocation, a unit's deletion, its agent's fetch), and the ones not fetched yet
-- by a smaller index of their own, which every heartbeat (its count of pending commands), every long poll and
-- the simulated agents' tick read. The finished ones by time: the prune.
CREATE INDEX commands_by_unit ON commands (service_unit_id, issued_at, id COLLATE "C");
CREATE INDEX commands_pending ON commands (service_unit_id) WHERE status = 'pending';
CREATE INDEX commands_finished ON commands (finished_at) WHERE finished_at IS NOT NULL;

-- A command belongs to a unit of an organization, and goes with them. Checked at commit (a seed stores commands
-- and units in one transaction, in any order); NOT VALID: commands a database stored before keep their rows
-- whatever they name, every one written since is checked.
ALTER TABLE commands ADD CONSTRAINT commands_unit_fk
  FOREIGN KEY (service_unit_id) REFERENCES service_units (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
ALTER TABLE commands ADD CONSTRAINT commands_organization_fk
  FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
