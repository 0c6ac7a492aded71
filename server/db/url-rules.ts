import type { ListQuery } from '../../core/list-query';
import type { OrganizationScope } from '../../core/service-unit-list';
import {
  duplicateKey,
  URL_RULE_LIST_VERSION,
  urlRuleListEntry,
  type UrlRuleRecord,
  type UrlRuleRepository,
  type UrlRuleTextSort,
} from '../../core/url-rules';
import type { RuleAction, UrlMatchType, UrlRuleSchedule, UrlRuleScope, Weekday } from '../../machines/domain/types';
import { newRecordId } from '../../mirage/record-ids';
import { ensureKeyVersion, upsertStatement } from './entity-table';
import { bindableQuery, parameters, type Parameters, searchCondition, searchText, tablePage } from './list-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';
import { noteWritten, reader, writer, writeRows } from './unit-of-work';

/**
 * The URL rules in SQL: their table and the units each names (server/migrations/030_url_rules.sql), with the
 * list's keys as columns; how a rule is read from them and written to them; and the server's
 * UrlRuleRepository (core/url-rules.ts) on them. A repository write runs its statement here, in the request's
 * transaction; reads in a unit of work see its own writes. The list, the duplicate check, an agent's rules
 * and the dashboard's count run as SQL on keys computed by the core's projection. The database refuses a
 * second rule of an organization saved as the same rule (url_rules_duplicate_unique). A unit's deletion
 * takes it out of the rules naming it (url_rule_units' foreign key), as the embedded backend's forgetUnit does.
 */

/** The URL rules' collection, as a change batch names it. */
export const URL_RULES = 'urlRestrictions';

/** A rule's current duplicateKey (core/url-rules.ts), from its columns and the units it names now (alias `r`). */
export const CURRENT_DUPLICATE_KEY = `r.match_type || E'\\n' || r.pattern_lower || E'\\n' || CASE WHEN r.applies_to = 'all' THEN 'all'
  ELSE coalesce((SELECT string_agg(n.unit_id, ',' ORDER BY n.unit_id COLLATE "C") FROM url_rule_units n WHERE n.rule_id = r.id), '') END`;

/** A rule, as columns (alias `r`), with the units it names in their order. */
export const URL_RULE_COLUMNS = `r.id, r.organization_id, r.pattern, r.match_type, r.action, r.enabled, r.applies_to, r.schedule,
  r.schedule_days, r.schedule_from, r.schedule_to, r.reason, ${isoText('r.created_at')} AS created_at,
  ${isoText('r.updated_at')} AS updated_at, r.updated_by, r.version,
  ARRAY(SELECT n.unit_id FROM url_rule_units n WHERE n.rule_id = r.id ORDER BY n.position) AS unit_ids`;

export interface UrlRuleColumns {
  id: string;
  organization_id: string;
  pattern: string;
  match_type: UrlMatchType;
  action: RuleAction;
  enabled: boolean;
  applies_to: 'all' | 'units';
  schedule: 'always' | 'window';
  schedule_days: (number | string)[] | null;
  schedule_from: string | null;
  schedule_to: string | null;
  reason: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
  version: number | null;
  unit_ids: string[];
}

/** A rule as the domain reads it. */
export function urlRuleOf(row: UrlRuleColumns): UrlRuleRecord {
  const scope: UrlRuleScope = row.applies_to === 'all' ? { kind: 'all' } : { kind: 'units', unitIds: row.unit_ids };
  const schedule: UrlRuleSchedule =
    row.schedule === 'window'
      ? {
          kind: 'window',
          days: (row.schedule_days ?? []).map((day) => Number(day) as Weekday),
          from: row.schedule_from ?? '',
          to: row.schedule_to ?? '',
        }
      : { kind: 'always' };
  return {
    id: row.id,
    organizationId: row.organization_id,
    scope,
    pattern: row.pattern,
    matchType: row.match_type,
    action: row.action,
    enabled: row.enabled,
    schedule,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    ...(row.version !== null ? { version: Number(row.version) } : {}),
  };
}

/** The list's keys, and core's lower-casing of the pattern: what a start computes again. */
const KEY_TYPES = {
  id: 'text',
  pattern_lower: 'text',
  id_key: 'text',
  pattern_key: 'text',
  match_type_key: 'text',
  action_key: 'text',
  updated_key: 'text',
  created_key: 'text',
  search: 'text[]',
  search_text: 'text',
};

const TYPES: Record<string, string> = {
  organization_id: 'text',
  pattern: 'text',
  match_type: 'text',
  action: 'text',
  enabled: 'boolean',
  applies_to: 'text',
  schedule: 'text',
  schedule_days: 'smallint[]',
  schedule_from: 'text',
  schedule_to: 'text',
  reason: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  updated_by: 'text',
  version: 'integer',
  duplicate_key: 'text',
  ...KEY_TYPES,
};

const instant = (value: unknown): string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : new Date(0).toISOString();

function keysOf(rule: UrlRuleRecord): Record<keyof typeof KEY_TYPES, unknown> {
  const entry = urlRuleListEntry(rule);
  return {
    id: entry.id,
    pattern_lower: rule.pattern.toLowerCase(),
    id_key: entry.idKey,
    pattern_key: entry.keys.pattern,
    match_type_key: entry.keys.matchType,
    action_key: entry.keys.action,
    updated_key: entry.keys.updatedAt,
    created_key: entry.keys.createdAt,
    search: entry.search,
    search_text: searchText(entry.search),
  };
}

function record(rule: UrlRuleRecord): Record<string, unknown> {
  const { schedule } = rule;
  return {
    ...keysOf(rule),
    organization_id: String(rule.organizationId),
    pattern: rule.pattern,
    match_type: rule.matchType,
    action: rule.action,
    enabled: rule.enabled,
    applies_to: rule.scope.kind,
    schedule: schedule.kind,
    schedule_days: schedule.kind === 'window' ? schedule.days : null,
    schedule_from: schedule.kind === 'window' ? schedule.from : null,
    schedule_to: schedule.kind === 'window' ? schedule.to : null,
    reason: rule.reason,
    created_at: instant(rule.createdAt),
    updated_at: instant(rule.updatedAt),
    updated_by: rule.updatedBy,
    version: rule.version ?? null,
    duplicate_key: duplicateKey(rule),
  };
}

/** The units each rule names, in its order (a unit named twice: once, at its first place). */
const namedUnits = (rules: readonly UrlRuleRecord[]) =>
  rules.flatMap((rule) =>
    rule.scope.kind === 'units'
      ? [...new Set(rule.scope.unitIds.map(String))].map((unitId, position) => ({ rule_id: String(rule.id), unit_id: unitId, position }))
      : [],
  );

/** Rules per statement. */
const CHUNK = 1_000;

/**
 * Stores rules whole and the units they name, in one statement per chunk: a unit no longer named leaves, a new
 * one joins, one that stays keeps its row (so a rule naming a unit stored before the foreign key keeps it).
 */
const WRITE = `WITH rules AS (${upsertStatement('url_rules', 'id', TYPES, '$1')} RETURNING id),
  wanted AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS w(rule_id text, unit_id text, position integer)),
  gone AS (
    DELETE FROM url_rule_units n WHERE n.rule_id = ANY($3::text[])
      AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.rule_id = n.rule_id AND w.unit_id = n.unit_id)
    RETURNING 1
  ),
  named AS (
    INSERT INTO url_rule_units (rule_id, unit_id, position) SELECT rule_id, unit_id, position FROM wanted
    ON CONFLICT (rule_id, unit_id) DO UPDATE SET position = excluded.position WHERE url_rule_units.position <> excluded.position
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM rules) AS rules`;

/** Stores rules whole and deletes rules (the units they name go with them), in the caller's transaction. */
export async function writeUrlRules(tx: Queryable, put: readonly UrlRuleRecord[], deleted: readonly string[]): Promise<void> {
  for (let start = 0; start < put.length; start += CHUNK) {
    const chunk = put.slice(start, start + CHUNK);
    await tx.query(WRITE, [JSON.stringify(chunk.map(record)), JSON.stringify(namedUnits(chunk)), chunk.map((rule) => String(rule.id))]);
  }
  const gone = deleted.filter(storable);
  if (gone.length > 0) await tx.query('DELETE FROM url_rules WHERE id = ANY($1::text[])', [gone]);
}

const KEYS = Object.keys(KEY_TYPES).filter((column) => column !== 'id');
const UPDATE_KEYS = `UPDATE url_rules r SET ${KEYS.map((column) => `${column} = e.${column}`).join(', ')}
  FROM jsonb_to_recordset($1::jsonb) AS e(${Object.entries(KEY_TYPES)
    .map(([column, type]) => `${column} ${type}`)
    .join(', ')})
  WHERE r.id = e.id`;

/**
 * Computes every rule's list keys again when they were made by another version of core's projection. At start.
 * Only the keys: duplicate_key stays as the rule was last saved.
 */
export async function ensureUrlRuleKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'urlRuleList', URL_RULE_LIST_VERSION, async () => {
    const rules = (await tx.query<UrlRuleColumns>(`SELECT ${URL_RULE_COLUMNS} FROM url_rules r`)).rows.map(urlRuleOf);
    for (let start = 0; start < rules.length; start += CHUNK) {
      await tx.query(UPDATE_KEYS, [JSON.stringify(rules.slice(start, start + CHUNK).map(keysOf))]);
    }
  });
}

/** Sortable column → its key column (an allow-list: nothing else reaches ORDER BY). */
const SORT_COLUMNS: Record<UrlRuleTextSort | 'enabled', string> = {
  pattern: 'r.pattern_key',
  matchType: 'r.match_type_key',
  action: 'r.action_key',
  updatedAt: 'r.updated_key',
  createdAt: 'r.created_key',
  // Enabled first (URL_RULE_LIST_SPEC's `enabled` sort).
  enabled: '(CASE WHEN r.enabled THEN 0 ELSE 1 END)',
};
const sortColumn = (sort: string): string =>
  Object.hasOwn(SORT_COLUMNS, sort) ? SORT_COLUMNS[sort as keyof typeof SORT_COLUMNS] : SORT_COLUMNS.updatedAt;

const scopeCondition = (params: Parameters, scope: OrganizationScope): string | null =>
  scope === 'all' ? null : `r.organization_id = ANY(${params.add(scope.filter(storable), 'text[]')})`;

/**
 * A rule applies to one of these units: a rule for all units, or one naming one of them. A unit id with a
 * NUL names no rule, but every rule for all units applies to it, as in memory.
 */
const unitsCondition = (params: Parameters, unitIds: readonly string[]): string =>
  `(r.applies_to = 'all' OR EXISTS (SELECT 1 FROM url_rule_units n WHERE n.rule_id = r.id AND n.unit_id = ANY(${params.add(
    unitIds.filter(storable),
    'text[]',
  )})))`;

/** The WHERE clause of a scope, the action, type, enabled and unit filters and the search. */
function conditions(params: Parameters, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'>): string {
  const where: string[] = [];
  const inScope = scopeCondition(params, scope);
  if (inScope) where.push(inScope);
  const { action, matchType, enabled, unit } = query.filters;
  if (action) where.push(`r.action = ANY(${params.add(action, 'text[]')})`);
  if (matchType) where.push(`r.match_type = ANY(${params.add(matchType, 'text[]')})`);
  if (enabled) where.push(`(CASE WHEN r.enabled THEN 'true' ELSE 'false' END) = ANY(${params.add(enabled, 'text[]')})`);
  if (unit) where.push(unitsCondition(params, unit));
  if (query.search) where.push(searchCondition(params, 'r', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

const RULES = { table: 'url_rules', columns: URL_RULE_COLUMNS, joins: '', record: urlRuleOf };

export function createSqlUrlRules(sql: Queryable): UrlRuleRepository {
  /** The rules matching `where` (on url_rules `r`). */
  const select = async (db: Queryable, build: (params: Parameters) => string | null): Promise<UrlRuleRecord[]> => {
    const params = parameters();
    const where = build(params);
    const { rows } = await db.query<UrlRuleColumns>(
      `SELECT ${URL_RULE_COLUMNS} FROM url_rules r ${where ? `WHERE ${where}` : ''}`,
      params.values,
    );
    return rows.map(urlRuleOf);
  };
  const put = async (rule: UrlRuleRecord): Promise<UrlRuleRecord> => {
    await writeRows(URL_RULES, writeUrlRules, [rule]);
    return rule;
  };

  return {
    async list(asked, scope) {
      // The unit filter binds its own values (unitsCondition); the others match nothing with a NUL.
      const { unit, ...others } = asked.filters;
      const bound = bindableQuery({ ...asked, filters: others });
      if (!bound) return { rows: [], total: 0 };
      const query = { ...bound, filters: unit ? { ...bound.filters, unit } : bound.filters };
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      return tablePage<UrlRuleRecord, UrlRuleColumns>(reader(sql), RULES, {
        alias: 'r',
        where: (params) => conditions(params, scope, query),
        orderBy: () => `${sortColumn(query.sort)} ${direction}, r.id_key ${direction}`,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
    all: (scope) => select(reader(sql), (params) => scopeCondition(params, scope)),
    get: async (id) => (storable(id) ? (await select(reader(sql), (params) => `r.id = ${params.add(id, 'text')}`))[0] : undefined),
    async hasDuplicate(organizationId, key, exceptId) {
      // The key is type, lower-cased pattern and units, a line each (neither a type nor an id holds a line feed).
      const first = key.indexOf('\n');
      const last = key.lastIndexOf('\n');
      if (!storable(organizationId) || !storable(key) || first < 0 || last === first) return false;
      const { rows } = await reader(sql).query(
        `SELECT 1 FROM url_rules r WHERE r.organization_id = $1 AND r.match_type = $2 AND r.pattern_lower = $3
           AND r.id IS DISTINCT FROM $4 AND ${CURRENT_DUPLICATE_KEY} = $5 LIMIT 1`,
        [
          organizationId,
          key.slice(0, first),
          key.slice(first + 1, last),
          exceptId !== undefined && storable(exceptId) ? exceptId : null,
          key,
        ],
      );
      return rows.length > 0;
    },
    insert: (rule) => put({ ...rule, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const existing = storable(id) ? (await select(tx, (params) => `r.id = ${params.add(id, 'text')} FOR UPDATE`))[0] : undefined;
      if (!existing) throw new Error(`No URL rule ${id}`);
      return put({ ...existing, ...patch });
    },
    async remove(id) {
      if (!storable(id)) return;
      await writeRows(URL_RULES, writeUrlRules, [], [id]);
    },
    async enabledForUnit(organizationId, unitId) {
      if (!storable(organizationId)) return [];
      return select(
        reader(sql),
        (params) => `r.organization_id = ${params.add(organizationId, 'text')} AND r.enabled AND ${unitsCondition(params, [unitId])}`,
      );
    },
    async countEnabled(scope) {
      const params = parameters();
      const where = ['r.enabled', scopeCondition(params, scope)].filter(Boolean).join(' AND ');
      const { rows } = await reader(sql).query<{ n: number }>(`SELECT count(*)::int AS n FROM url_rules r WHERE ${where}`, params.values);
      return Number(rows[0]?.n ?? 0);
    },
    // The unit's row going takes it out of every rule (url_rule_units' foreign key); this does the same first,
    // and notes the rules changed, so the commit wakes the agents' held polls as any rule's change does.
    async forgetUnit(unitId) {
      if (!storable(unitId)) return;
      const { tx } = await writer();
      const { rows } = await tx.query<{ rule_id: string }>('DELETE FROM url_rule_units WHERE unit_id = $1 RETURNING rule_id', [unitId]);
      if (rows.length === 0) return;
      const changed = await select(
        tx,
        (params) =>
          `r.id = ANY(${params.add(
            rows.map((row) => row.rule_id),
            'text[]',
          )})`,
      );
      noteWritten([{ collection: URL_RULES, put: changed, deleted: [] }]);
    },
  };
}
