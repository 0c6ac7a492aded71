-- The URL rules and the process rules live in PostgreSQL only (server/db/url-rules.ts, process-rules.ts).
-- The URL rules' list as SQL: one row per rule, written in the same transaction as the rule's record in
-- `rows`, computed by core/url-rules.ts (urlRuleListEntry). Every *_key column is core/list-query.ts's
-- textSortKey, compared by code point (COLLATE "C"), and id_key its idSortKey, so PostgreSQL orders the
-- list exactly as the embedded backend does. meta 'urlRuleList' holds the version of those keys; a start
-- with another version fills the table again.
CREATE TABLE url_rule_list (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  pattern_key text COLLATE "C" NOT NULL,
  match_type_key text COLLATE "C" NOT NULL,
  action_key text COLLATE "C" NOT NULL,
  updated_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  -- 0 enabled, 1 disabled: the list's `enabled` sort.
  enabled_key int NOT NULL,
  enabled boolean NOT NULL,
  action text NOT NULL,
  match_type text NOT NULL,
  -- null: the rule applies to every unit of its organization; else the units it names.
  unit_ids text[],
  -- Type, lower-cased pattern and units (core/url-rules.ts duplicateKey): two rules of an organization
  -- with the same one are the same rule.
  duplicate_key text NOT NULL,
  -- The texts a search looks in (pattern, reason, who changed it last), lower-cased, and joined by a line feed.
  search text[] NOT NULL,
  search_text text NOT NULL
);

-- The default order (last changed first) of an organization's rules, and its duplicate check.
CREATE INDEX url_rule_list_by_organization_updated ON url_rule_list (organization_id, updated_key, id_key);
CREATE INDEX url_rule_list_by_duplicate ON url_rule_list (organization_id, duplicate_key);
-- The rules naming a unit (an agent's config, a unit's deletion).
CREATE INDEX url_rule_list_by_unit ON url_rule_list USING gin (unit_ids);
CREATE INDEX url_rule_list_search ON url_rule_list USING gin (search_text gin_trgm_ops);

-- A unit's process rules are found by the unit, without reading every rule (each agent report reads them).
CREATE INDEX rows_process_rule_by_unit ON rows ((data ->> 'serviceUnitId')) WHERE collection = 'processRules';
