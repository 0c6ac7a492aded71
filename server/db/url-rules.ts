import type { ListQuery } from '../../core/list-query';
import type { OrganizationScope } from '../../core/service-unit-list';
import {
  URL_RULE_LIST_VERSION,
  urlRuleListEntry,
  type UrlRuleListEntry,
  type UrlRuleRecord,
  type UrlRuleRepository,
  type UrlRuleTextSort,
} from '../../core/url-rules';
import { newRecordId } from '../../mirage/record-ids';
import { bindableQuery, listTable, parameters, type Parameters, searchCondition, searchText, tablePage } from './list-table';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The URL rules in PostgreSQL only: the server's UrlRuleRepository (core/url-rules.ts). They stay records of
 * `rows` (a write takes a change number through the row store's writeBatch), and `url_rule_list`
 * (server/migrations/009_rules.sql) follows them in the same transaction, so the list, the duplicate check,
 * an agent's rules and the dashboard's count run as SQL on keys computed by the core's projection.
 */

/** The URL rules' collection in `rows`. */
export const URL_RULES = 'urlRestrictions';

/** Sortable column → its key column (an allow-list: nothing else reaches ORDER BY). */
const SORT_COLUMNS: Record<UrlRuleTextSort | 'enabled', string> = {
  pattern: 'l.pattern_key',
  matchType: 'l.match_type_key',
  action: 'l.action_key',
  updatedAt: 'l.updated_key',
  createdAt: 'l.created_key',
  enabled: 'l.enabled_key',
};
const sortColumn = (sort: string): string =>
  Object.hasOwn(SORT_COLUMNS, sort) ? SORT_COLUMNS[sort as keyof typeof SORT_COLUMNS] : SORT_COLUMNS.updatedAt;

const COLUMNS = [
  'id',
  'organization_id',
  'id_key',
  'pattern_key',
  'match_type_key',
  'action_key',
  'updated_key',
  'created_key',
  'enabled_key',
  'enabled',
  'action',
  'match_type',
  'unit_ids',
  'duplicate_key',
  'search',
  'search_text',
] as const;
type Column = (typeof COLUMNS)[number];
const asRecord = (entry: UrlRuleListEntry): Record<Column, unknown> => ({
  id: entry.id,
  organization_id: entry.organizationId,
  id_key: entry.idKey,
  pattern_key: entry.keys.pattern,
  match_type_key: entry.keys.matchType,
  action_key: entry.keys.action,
  updated_key: entry.keys.updatedAt,
  created_key: entry.keys.createdAt,
  enabled_key: entry.enabledKey,
  enabled: entry.enabled,
  action: entry.action,
  match_type: entry.matchType,
  unit_ids: entry.unitIds,
  duplicate_key: entry.duplicateKey,
  search: entry.search,
  search_text: searchText(entry.search),
});

/** The URL rules' list table (server/migrations/009_rules.sql), written with the rules' rows. */
export const urlRuleListTable = listTable({
  table: 'url_rule_list',
  collection: URL_RULES,
  metaKey: 'urlRuleList',
  version: URL_RULE_LIST_VERSION,
  columns: COLUMNS,
  types: { enabled_key: 'int', enabled: 'boolean', unit_ids: 'text[]', search: 'text[]' },
  record: (row) => asRecord(urlRuleListEntry(row as UrlRuleRecord)),
});

const scopeCondition = (params: Parameters, scope: OrganizationScope): string | null =>
  scope === 'all' ? null : `l.organization_id = ANY(${params.add(scope.filter(storable), 'text[]')})`;

/**
 * A rule applies to one of these units: a rule for all units, or one naming one of them. A unit id with a
 * NUL names no rule, but every rule for all units applies to it, as in memory.
 */
const unitsCondition = (params: Parameters, unitIds: readonly string[]): string =>
  `(l.unit_ids IS NULL OR l.unit_ids && ${params.add(unitIds.filter(storable), 'text[]')})`;

/** The WHERE clause of a scope, the action, type, enabled and unit filters and the search. */
function conditions(params: Parameters, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'>): string {
  const where: string[] = [];
  const inScope = scopeCondition(params, scope);
  if (inScope) where.push(inScope);
  const { action, matchType, enabled, unit } = query.filters;
  if (action) where.push(`l.action = ANY(${params.add(action, 'text[]')})`);
  if (matchType) where.push(`l.match_type = ANY(${params.add(matchType, 'text[]')})`);
  if (enabled) where.push(`(CASE WHEN l.enabled THEN 'true' ELSE 'false' END) = ANY(${params.add(enabled, 'text[]')})`);
  if (unit) where.push(unitsCondition(params, unit));
  if (query.search) where.push(searchCondition(params, 'l', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

export function createSqlUrlRules(sql: Queryable, writeBatch: WriteBatch): UrlRuleRepository {
  /** The stored records of the rules matching `where` (on url_rule_list `l`). */
  const select = async (db: Queryable, build: (params: Parameters) => string | null): Promise<UrlRuleRecord[]> => {
    const params = parameters();
    const where = build(params);
    const { rows } = await db.query<{ data: UrlRuleRecord }>(
      `SELECT r.data FROM url_rule_list l JOIN rows r ON r.collection = '${URL_RULES}' AND r.id = l.id
       ${where ? `WHERE ${where}` : ''}`,
      params.values,
    );
    return rows.map((row) => row.data);
  };
  const records = collectionRecords<UrlRuleRecord>(URL_RULES, writeBatch);

  return {
    async list(asked, scope) {
      // The unit filter binds its own values (unitsCondition); the others match nothing with a NUL.
      const { unit, ...others } = asked.filters;
      const bound = bindableQuery({ ...asked, filters: others });
      if (!bound) return { rows: [], total: 0 };
      const query = { ...bound, filters: unit ? { ...bound.filters, unit } : bound.filters };
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      return tablePage<UrlRuleRecord>(reader(sql), urlRuleListTable, {
        alias: 'l',
        where: (params) => conditions(params, scope, query),
        orderBy: () => `${sortColumn(query.sort)} ${direction}, l.id_key ${direction}`,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
    all: (scope) => select(reader(sql), (params) => scopeCondition(params, scope)),
    get: (id) => records.get(reader(sql), id),
    async hasDuplicate(organizationId, key, exceptId) {
      if (!storable(organizationId) || !storable(key)) return false;
      const { rows } = await reader(sql).query(
        'SELECT 1 FROM url_rule_list WHERE organization_id = $1 AND duplicate_key = $2 AND id IS DISTINCT FROM $3 LIMIT 1',
        [organizationId, key, exceptId !== undefined && storable(exceptId) ? exceptId : null],
      );
      return rows.length > 0;
    },
    insert: (rule) => records.putOne({ ...rule, id: newRecordId() }),
    update: records.update,
    remove: (id) => records.remove([id]),
    async enabledForUnit(organizationId, unitId) {
      if (!storable(organizationId)) return [];
      return select(
        reader(sql),
        (params) => `l.organization_id = ${params.add(organizationId, 'text')} AND l.enabled AND ${unitsCondition(params, [unitId])}`,
      );
    },
    async countEnabled(scope) {
      const params = parameters();
      const where = ['l.enabled', scopeCondition(params, scope)].filter(Boolean).join(' AND ');
      const { rows } = await reader(sql).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM url_rule_list l WHERE ${where}`,
        params.values,
      );
      return Number(rows[0]?.n ?? 0);
    },
    async forgetUnit(unitId) {
      if (!storable(unitId)) return;
      const { tx } = await writer();
      const naming = await select(tx, (params) => `l.unit_ids @> ${params.add([unitId], 'text[]')}`);
      const changed = naming.map((rule) => ({
        ...rule,
        scope: {
          kind: 'units' as const,
          unitIds: rule.scope.kind === 'units' ? rule.scope.unitIds.filter((u) => String(u) !== unitId) : [],
        },
      }));
      await records.put(changed);
    },
  };
}
