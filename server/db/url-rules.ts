import type { ListQuery } from '../../core/list-query';
import type { OrganizationScope } from '../../core/service-unit-list';
import type { UrlRuleRecord, UrlRuleRepository, UrlRuleTextSort } from '../../core/url-rules';
import { newRecordId } from '../../mirage/record-ids';
import { bindableQuery, parameters, type Parameters, searchCondition, tablePage } from './list-table';
import { storable } from './records';
import type { Queryable } from './sql';
import { noteWritten, reader, writer, type WriteBatch } from './unit-of-work';
import { CURRENT_DUPLICATE_KEY, URL_RULE_COLUMNS, URL_RULES, urlRuleOf, type UrlRuleColumns } from './url-rule-table';

export { URL_RULES } from './url-rule-table';

/**
 * The server's UrlRuleRepository (core/url-rules.ts) on the URL rules' table and the units each names
 * (url-rule-table.ts). A write stores a rule whole through the store's writeBatch, in the request's unit
 * of work; reads in a unit of work see its own writes. The list, the duplicate check, an agent's rules and
 * the dashboard's count run as SQL on keys computed by the core's projection. The database refuses a second
 * rule of an organization saved as the same rule (url_rules_duplicate_unique).
 */

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

export function createSqlUrlRules(sql: Queryable, writeBatch: WriteBatch): UrlRuleRepository {
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
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: URL_RULES, put: [rule], deleted: [] }]);
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
      const { tx } = await writer();
      await writeBatch(tx, [{ collection: URL_RULES, put: [], deleted: [id] }]);
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
