import type { Queryable } from './sql';

/**
 * What the lists run as SQL share (units, users, organizations, URL rules, screenshots, the audit log): their
 * keys are columns of each entity's own table, computed in JS by core's projection and written with the record.
 */

/**
 * A record's search texts as the one text the trigram index covers (`search_text`), joined by a character
 * no single-line text holds. A search without it matches the joined text exactly when it is inside one of
 * the texts; a search with it falls back to the texts themselves (the `search` array, no index).
 */
const SEARCH_SEPARATOR = '\n';
export const searchText = (texts: readonly string[]): string => texts.join(SEARCH_SEPARATOR);

/** Whether one of the record's lower-cased texts contains `search` (lower-cased), as the lists in memory ask. */
export function searchCondition(params: Parameters, alias: string, search: string): string {
  if (search.includes(SEARCH_SEPARATOR)) {
    return `EXISTS (SELECT 1 FROM unnest(${alias}.search) AS t WHERE strpos(t, ${params.add(search, 'text')}) > 0)`;
  }
  // LIKE's own characters (and its escape) stand for themselves.
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return `${alias}.search_text LIKE ${params.add(pattern, 'text')}`;
}

/** A query's bound parameters, numbered as they are added: SQL text never holds a value. */
export function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown, type: string): string {
      values.push(value);
      return `$${values.length}::${type}`;
    },
  };
}
export type Parameters = ReturnType<typeof parameters>;

/**
 * A list query as PostgreSQL can bind it, or null when it matches nothing: text there holds no NUL, and no
 * stored value contains one, so a search with one matches nothing and a filter value with one matches no
 * row (a filter left with no value matches nothing), exactly as the in-memory list answers.
 */
export function bindableQuery<Q extends { search: string; filters: Record<string, string[]> }>(query: Q): Q | null {
  if (query.search.includes('\0')) return null;
  const filters: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(query.filters)) {
    const kept = values.filter((value) => !value.includes('\0'));
    if (kept.length === 0) return null;
    filters[name] = kept;
  }
  return { ...query, filters };
}

export interface TablePageQuery {
  /** The table's alias in `where` and `orderBy` (`u`, `s`, …). */
  alias: string;
  /** The WHERE clause (or ''), its values added to `params`; called once for the page and once for the count. */
  where(params: Parameters): string;
  /** The ORDER BY terms, ending with the id key's (so a page is stable). */
  orderBy(params: Parameters): string;
  page: number;
  pageSize: number;
}

/** Records kept in an entity's own table (service_units, screenshots, …): how a page selects them and makes them records. */
export interface EntitySource<C, R> {
  /** The table, aliased as the query's alias. */
  table: string;
  /** The columns selected, and the joins after the table (its alias's). */
  columns: string;
  joins: string;
  record(row: C): R;
}

/**
 * One page of an entity table's records, and how many match: two queries with the same WHERE, run side by
 * side. A page past any count (an offset beyond a safe integer) answers the total only.
 */
export async function tablePage<R, C>(
  sql: Queryable,
  source: EntitySource<C, R>,
  query: TablePageQuery,
): Promise<{ rows: R[]; total: number }> {
  const { alias } = query;
  const table = source.table;
  const count = parameters();
  const counting = sql
    .query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} ${alias} ${query.where(count)}`, count.values)
    .then(({ rows }) => Number(rows[0]?.n ?? 0));
  const offset = (query.page - 1) * query.pageSize;
  if (!Number.isSafeInteger(offset)) return { rows: [], total: await counting };
  const page = parameters();
  const where = query.where(page);
  const orderBy = query.orderBy(page);
  const limit = `LIMIT ${page.add(query.pageSize, 'int')} OFFSET ${page.add(offset, 'bigint')}`;
  const [rows, total] = await Promise.all([
    sql.query<C>(`SELECT ${source.columns} FROM ${table} ${alias} ${source.joins} ${where} ORDER BY ${orderBy} ${limit}`, page.values),
    counting,
  ]);
  return { rows: rows.rows.map((row) => source.record(row)), total };
}
