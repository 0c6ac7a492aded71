-- The URL rules leave the JSON log (`rows` and its list table `url_rule_list`) for a table of their own
-- (server/db/url-rule-table.ts), and the units a rule names for a table beside it, in their order. The *_key
-- columns and search are the list's keys (core/url-rules.ts, urlRuleListEntry), compared by code point;
-- pattern_lower is core's lower-casing of the pattern, as the duplicate check compares it.
CREATE TABLE url_rules (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  pattern text NOT NULL,
  match_type text NOT NULL CHECK (match_type IN ('domain', 'exact', 'wildcard', 'regex')),
  action text NOT NULL CHECK (action IN ('allow', 'block')),
  enabled boolean NOT NULL,
  -- 'all': every unit of its organization; 'units': the units of url_rule_units (none left: none).
  applies_to text NOT NULL CHECK (applies_to IN ('all', 'units')),
  -- 'window': on these weekdays (0 Sunday), from one time of day (HH:mm) to another (past midnight when earlier).
  schedule text NOT NULL CHECK (schedule IN ('always', 'window')),
  schedule_days smallint[] CHECK (schedule_days <@ ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  schedule_from text CHECK (schedule_from ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  schedule_to text CHECK (schedule_to ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  reason text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL,
  -- Null on a rule stored before versions (it reads as 1).
  version integer CHECK (version >= 1),
  pattern_lower text NOT NULL,
  -- core/url-rules.ts duplicateKey (type, lower-cased pattern, the units named, sorted) as the rule was last
  -- saved: no two rules of an organization are saved as the same rule. A unit's deletion leaves it as it was.
  duplicate_key text NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  pattern_key text COLLATE "C" NOT NULL,
  match_type_key text COLLATE "C" NOT NULL,
  action_key text COLLATE "C" NOT NULL,
  updated_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  -- The texts a search looks in (pattern, reason, who changed it last), lower-cased, and joined by a line feed.
  search text[] NOT NULL,
  search_text text NOT NULL,
  CHECK (schedule = 'always' OR (schedule_days IS NOT NULL AND schedule_from IS NOT NULL AND schedule_to IS NOT NULL)),
  CONSTRAINT url_rules_duplicate_unique UNIQUE (organization_id, duplicate_key)
);

-- The units a rule for some units names, in the order given. A unit's deletion takes it out of every rule
-- (its foreign key, below); the rule stays, with its other units.
CREATE TABLE url_rule_units (
  rule_id text NOT NULL REFERENCES url_rules (id) ON DELETE CASCADE,
  unit_id text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (rule_id, unit_id)
);

-- A rule that another of its organization already was (stored before the schema said so) is carried over as
-- it is, its duplicate_key told apart by its id; the first created keeps the key. Keys come from the list
-- table, computed by core; the next start computes them again.
INSERT INTO url_rules (
  id, organization_id, pattern, match_type, action, enabled, applies_to, schedule, schedule_days, schedule_from,
  schedule_to, reason, created_at, updated_at, updated_by, version, pattern_lower, duplicate_key,
  id_key, pattern_key, match_type_key, action_key, updated_key, created_key, search, search_text
)
SELECT
  r.id,
  coalesce(r.data ->> 'organizationId', ''),
  coalesce(r.data ->> 'pattern', ''),
  CASE WHEN r.data ->> 'matchType' IN ('domain', 'exact', 'wildcard', 'regex') THEN r.data ->> 'matchType' ELSE 'exact' END,
  CASE WHEN r.data ->> 'action' IN ('allow', 'block') THEN r.data ->> 'action' ELSE 'block' END,
  coalesce((r.data -> 'enabled') = 'true'::jsonb, false),
  CASE WHEN r.data #>> '{scope,kind}' = 'units' THEN 'units' ELSE 'all' END,
  d.schedule,
  CASE WHEN d.schedule = 'window' THEN ARRAY(
    SELECT (day #>> '{}')::smallint FROM jsonb_array_elements(r.data #> '{schedule,days}') AS day
    WHERE day #>> '{}' IN ('0', '1', '2', '3', '4', '5', '6')
  ) END,
  CASE WHEN d.schedule = 'window' THEN r.data #>> '{schedule,from}' END,
  CASE WHEN d.schedule = 'window' THEN r.data #>> '{schedule,to}' END,
  coalesce(r.data ->> 'reason', ''),
  coalesce(CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END, now()),
  coalesce(
    CASE WHEN r.data ->> 'updatedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'updatedAt')::timestamptz END,
    CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END,
    now()
  ),
  coalesce(r.data ->> 'updatedBy', ''),
  CASE WHEN r.data ->> 'version' ~ '^\d{1,9}$' AND (r.data ->> 'version')::integer >= 1 THEN (r.data ->> 'version')::integer END,
  -- core's lower-casing, out of the list's key (type, pattern, units: one line each); PostgreSQL's without one.
  coalesce(substring(l.duplicate_key FROM '^[^\n]*\n(.*)\n[^\n]*$'), lower(coalesce(r.data ->> 'pattern', ''))),
  CASE WHEN d.rank > 1 THEN d.duplicate_key || E'\n' || r.id ELSE d.duplicate_key END,
  coalesce(l.id_key, ''), coalesce(l.pattern_key, ''), coalesce(l.match_type_key, ''), coalesce(l.action_key, ''),
  coalesce(l.updated_key, ''), coalesce(l.created_key, ''),
  coalesce(l.search, ARRAY[]::text[]), coalesce(l.search_text, '')
FROM rows r
LEFT JOIN url_rule_list l ON l.id = r.id
JOIN (
  SELECT
    k.id,
    k.schedule,
    k.duplicate_key,
    row_number() OVER (PARTITION BY k.organization_id, k.duplicate_key ORDER BY k.id) AS rank
  FROM (
    SELECT
      r2.id,
      coalesce(r2.data ->> 'organizationId', '') AS organization_id,
      CASE
        WHEN r2.data #>> '{schedule,kind}' = 'window'
          AND r2.data #>> '{schedule,from}' ~ '^([01]\d|2[0-3]):[0-5]\d$'
          AND r2.data #>> '{schedule,to}' ~ '^([01]\d|2[0-3]):[0-5]\d$'
          AND jsonb_typeof(r2.data #> '{schedule,days}') = 'array'
        THEN 'window' ELSE 'always'
      END AS schedule,
      coalesce(
        l2.duplicate_key,
        coalesce(r2.data ->> 'matchType', '') || E'\n' || lower(coalesce(r2.data ->> 'pattern', '')) || E'\n' ||
          CASE WHEN r2.data #>> '{scope,kind}' = 'units'
            THEN coalesce((SELECT string_agg(u #>> '{}', ',' ORDER BY u #>> '{}' COLLATE "C")
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r2.data #> '{scope,unitIds}') = 'array' THEN r2.data #> '{scope,unitIds}' ELSE '[]'::jsonb END) AS u), '')
            ELSE 'all' END
      ) AS duplicate_key
    FROM rows r2 LEFT JOIN url_rule_list l2 ON l2.id = r2.id
    WHERE r2.collection = 'urlRestrictions' AND NOT r2.deleted
  ) k
) d ON d.id = r.id
WHERE r.collection = 'urlRestrictions' AND NOT r.deleted;

-- The units each names, once each, in its order.
INSERT INTO url_rule_units (rule_id, unit_id, position)
SELECT DISTINCT ON (r.id, u.unit_id) r.id, u.unit_id, u.position::integer
FROM rows r
CROSS JOIN LATERAL jsonb_array_elements_text(
  CASE WHEN jsonb_typeof(r.data #> '{scope,unitIds}') = 'array' THEN r.data #> '{scope,unitIds}' ELSE '[]'::jsonb END
) WITH ORDINALITY AS u(unit_id, position)
WHERE r.collection = 'urlRestrictions' AND NOT r.deleted AND r.data #>> '{scope,kind}' = 'units'
ORDER BY r.id, u.unit_id, u.position;

-- The next start computes every rule's list keys again (ensureUrlRuleKeys).
DELETE FROM meta WHERE key = 'urlRuleList';

-- The default order (last changed first), for every organization and for one; an agent's rules; the search.
CREATE INDEX url_rules_by_updated ON url_rules (updated_key, id_key);
CREATE INDEX url_rules_by_organization_updated ON url_rules (organization_id, updated_key, id_key);
CREATE INDEX url_rules_by_organization_pattern ON url_rules (organization_id, match_type, pattern_lower);
CREATE INDEX url_rules_search ON url_rules USING gin (search_text gin_trgm_ops);
CREATE INDEX url_rule_units_by_unit ON url_rule_units (unit_id);

DELETE FROM rows WHERE collection = 'urlRestrictions';
DROP TABLE url_rule_list;

-- A rule belongs to an organization, and goes with it; a unit a rule names exists, and leaves the rule with
-- its deletion. Checked at commit (a seed stores rules, units and organizations in one transaction, in any
-- order); NOT VALID: rules a database stored before keep what they name, every one written since is checked.
ALTER TABLE url_rules ADD CONSTRAINT url_rules_organization_fk
  FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
ALTER TABLE url_rule_units ADD CONSTRAINT url_rule_units_unit_fk
  FOREIGN KEY (unit_id) REFERENCES service_units (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
