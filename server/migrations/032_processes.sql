-- The processes the agents report leave the JSON log (`rows`) for a table of their own
-- (server/db/processes-table.ts): typed columns, a running process without an end, and the unit a foreign key,
-- so a unit's processes go with it. An agent's report updates its processes' figures in place.
CREATE TABLE processes (
  id text PRIMARY KEY,
  service_unit_id text NOT NULL,
  name text NOT NULL,
  -- An operating system's process id (Windows' go up to 2^32).
  pid bigint NOT NULL CHECK (pid >= 0),
  user_name text NOT NULL,
  -- As the agent reported them: a JavaScript number, kept exactly.
  cpu_percent double precision NOT NULL CHECK (cpu_percent >= 0),
  memory_mb double precision NOT NULL CHECK (memory_mb >= 0),
  started_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'ended')),
  -- Null on a running process; on an ended one, when and why ('user': from the console, 'rule': a block
  -- rule matched, 'exit': it quit by itself).
  ended_at timestamptz,
  ended_reason text CHECK (ended_reason IN ('user', 'rule', 'exit')),
  CONSTRAINT processes_running_not_ended CHECK (state = 'ended' OR (ended_at IS NULL AND ended_reason IS NULL))
);

-- Field for field. A value the schema refuses (never written by the backend) is read as the domain would:
-- a missing figure as 0, an unreadable instant as unknown (null; a start as the epoch).
INSERT INTO processes (
  id, service_unit_id, name, pid, user_name, cpu_percent, memory_mb, started_at, state, ended_at, ended_reason
)
SELECT
  r.id,
  coalesce(r.data ->> 'serviceUnitId', ''),
  coalesce(r.data ->> 'name', ''),
  CASE WHEN r.data ->> 'pid' ~ '^\d{1,18}$' THEN (r.data ->> 'pid')::bigint ELSE 0 END,
  coalesce(r.data ->> 'user', ''),
  CASE WHEN jsonb_typeof(r.data -> 'cpuPercent') = 'number' THEN greatest((r.data ->> 'cpuPercent')::double precision, 0) ELSE 0 END,
  CASE WHEN jsonb_typeof(r.data -> 'memoryMb') = 'number' THEN greatest((r.data ->> 'memoryMb')::double precision, 0) ELSE 0 END,
  coalesce(
    CASE WHEN r.data ->> 'startedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'startedAt')::timestamptz END,
    'epoch'::timestamptz
  ),
  s.state,
  CASE WHEN s.state = 'ended' AND r.data ->> 'endedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'endedAt')::timestamptz END,
  CASE WHEN s.state = 'ended' AND r.data ->> 'endedReason' IN ('user', 'rule', 'exit') THEN r.data ->> 'endedReason' END
FROM rows r
CROSS JOIN LATERAL (SELECT CASE WHEN r.data ->> 'state' = 'ended' THEN 'ended' ELSE 'running' END AS state) s
WHERE r.collection = 'processes' AND NOT r.deleted;

DROP INDEX rows_process_by_unit;
DELETE FROM rows WHERE collection = 'processes';

-- A unit's running processes (every report reads them), and all of a unit's when it goes (the foreign key).
CREATE INDEX processes_by_unit ON processes (service_unit_id, state);
-- The ended ones by reason and time: the dashboard's count of those a rule ended today, and the hourly prune
-- of those that quit by themselves.
CREATE INDEX processes_ended ON processes (ended_reason, ended_at) WHERE state = 'ended';

-- A process belongs to a unit, and goes with it. Checked at commit (a seed stores processes and units in one
-- transaction, in any order); NOT VALID: processes a database stored before keep their rows whatever unit they
-- name, every one written since is checked.
ALTER TABLE processes ADD CONSTRAINT processes_unit_fk
  FOREIGN KEY (service_unit_id) REFERENCES service_units (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
