-- The process rules leave the JSON log (`rows`) for a table of their own (server/db/process-rule-table.ts):
-- typed columns, a pattern its unit's own in any case, and the unit a foreign key, so a unit's rules go with it.
CREATE TABLE process_rules (
  id text PRIMARY KEY,
  service_unit_id text NOT NULL,
  -- An executable's name, exact or with `*`.
  pattern text NOT NULL,
  action text NOT NULL CHECK (action IN ('allow', 'block')),
  enabled boolean NOT NULL,
  comment text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Null on a rule stored before versions (it reads as 1, changed at its creation, by nobody named).
  version integer CHECK (version >= 1),
  updated_at timestamptz,
  updated_by text,
  -- core's lower-casing of the pattern, as the duplicate check compares it (mirage/domains/processes.ts).
  pattern_lower text NOT NULL,
  CONSTRAINT process_rules_pattern_unique UNIQUE (service_unit_id, pattern_lower)
);

-- A rule whose pattern another rule of its unit already had in some case (stored before the schema said so)
-- keeps it; its pattern_lower is told apart by its id, and the first created keeps it. PostgreSQL's lower() for
-- the rules carried over; core's own lower-casing from the next write on.
INSERT INTO process_rules (
  id, service_unit_id, pattern, action, enabled, comment, created_at, version, updated_at, updated_by, pattern_lower
)
SELECT
  r.id,
  coalesce(r.data ->> 'serviceUnitId', ''),
  coalesce(r.data ->> 'pattern', ''),
  CASE WHEN r.data ->> 'action' IN ('allow', 'block') THEN r.data ->> 'action' ELSE 'block' END,
  coalesce((r.data -> 'enabled') = 'true'::jsonb, false),
  coalesce(r.data ->> 'comment', ''),
  coalesce(CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END, now()),
  CASE WHEN r.data ->> 'version' ~ '^\d{1,9}$' AND (r.data ->> 'version')::integer >= 1 THEN (r.data ->> 'version')::integer END,
  CASE WHEN r.data ->> 'updatedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'updatedAt')::timestamptz END,
  r.data ->> 'updatedBy',
  CASE WHEN d.rank > 1 THEN d.pattern_lower || E'\n' || r.id ELSE d.pattern_lower END
FROM rows r
JOIN (
  SELECT
    id,
    lower(coalesce(data ->> 'pattern', '')) AS pattern_lower,
    row_number() OVER (PARTITION BY coalesce(data ->> 'serviceUnitId', ''), lower(coalesce(data ->> 'pattern', '')) ORDER BY id) AS rank
  FROM rows WHERE collection = 'processRules' AND NOT deleted
) d ON d.id = r.id
WHERE r.collection = 'processRules' AND NOT r.deleted;

DROP INDEX rows_process_rule_by_unit;
DELETE FROM rows WHERE collection = 'processRules';

-- A rule belongs to a unit, and goes with it. Checked at commit (a seed stores rules and units in one
-- transaction, in any order); NOT VALID: rules a database stored before keep their rows whatever unit they
-- name, every one written since is checked. The unique constraint's index finds a unit's rules.
ALTER TABLE process_rules ADD CONSTRAINT process_rules_unit_fk
  FOREIGN KEY (service_unit_id) REFERENCES service_units (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
