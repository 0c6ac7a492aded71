import type { Row } from '../../mirage/db';
import type { Queryable } from './sql';

/**
 * A list table (screenshot_list, audit_list, …): one row per record of a collection, with the keys a list sorts,
 * filters and searches by, computed in JS by the core's projection and written in the same transaction as
 * the records (the row store calls write), so it is never behind them. `ensure` fills it from `rows` when
 * the meta version differs (or is missing: a database stored before the table existed).
 */
export interface ListTableSpec {
  /** The table (a name of ours, never input). */
  table: string;
  /** The collection in `rows` it follows. */
  collection: string;
  /** Its key in `meta`, holding the version it was filled with. */
  metaKey: string;
  /** The projection's version: a change to the keys raises it, and the next start fills the table again. */
  version: number;
  /** Its columns, `id` first; every one is written from `record`. */
  columns: readonly string[];
  /** SQL types of the columns that are not text. */
  types: Readonly<Record<string, string>>;
  /** A record's row of the table. */
  record(row: Row): Record<string, unknown>;
}

export interface ListTable {
  readonly spec: ListTableSpec;
  /** Stores the rows of records put and removes those of records deleted, inside the caller's transaction. */
  write(tx: Queryable, put: readonly Row[], deleted: readonly string[]): Promise<void>;
  /**
   * The statement that stores the rows of at most `chunk` records, taking their `entries` as the parameter
   * `param` (the row store runs it with the records' own INSERT, in one statement).
   */
  upsert(param: string): string;
  entries(put: readonly Row[]): string;
  readonly chunk: number;
  /** Fills the table from the stored records unless it holds this version; resolves with whether it did. */
  ensure(tx: Queryable): Promise<boolean>;
}

/** Rows per INSERT. */
const CHUNK = 2_000;
/**
 * The layout of every list table (the columns written besides the projection's): raise it when the tables
 * gain a column, and the next start fills each of them again. 2: search_text (007_search_index.sql).
 */
const LAYOUT = 2;

export function listTable(spec: ListTableSpec): ListTable {
  const { table, columns } = spec;
  const upsert = (param: string) => `INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${columns.join(', ')} FROM jsonb_to_recordset(${param}::jsonb)
      AS e(${columns.map((column) => `${column} ${spec.types[column] ?? 'text'}`).join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${columns
      .filter((column) => column !== 'id')
      .map((column) => `${column} = excluded.${column}`)
      .join(', ')}`;
  const entries = (put: readonly Row[]) => JSON.stringify(put.map((row) => spec.record(row)));
  const write: ListTable['write'] = async (tx, put, deleted) => {
    for (let start = 0; start < put.length; start += CHUNK) await tx.query(upsert('$1'), [entries(put.slice(start, start + CHUNK))]);
    if (deleted.length > 0) await tx.query(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [deleted]);
  };
  return {
    spec,
    write,
    upsert,
    entries,
    chunk: CHUNK,
    async ensure(tx) {
      const stored = (
        await tx.query<{ value: { version: number; layout?: number } }>('SELECT value FROM meta WHERE key = $1', [spec.metaKey])
      ).rows[0];
      if (stored?.value.version === spec.version && stored.value.layout === LAYOUT) return false;
      await tx.query(`DELETE FROM ${table}`);
      const { rows } = await tx.query<{ data: Row }>('SELECT data FROM rows WHERE collection = $1 AND NOT deleted', [spec.collection]);
      await write(
        tx,
        rows.map((row) => row.data),
        [],
      );
      await tx.query('INSERT INTO meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
        spec.metaKey,
        JSON.stringify({ version: spec.version, layout: LAYOUT, filledAt: new Date().toISOString() }),
      ]);
      return true;
    },
  };
}

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

/** Records kept in an entity's own table (service_units): how a page selects them and makes them records. */
export interface EntitySource<C, R> {
  /** The table, aliased as the query's alias. */
  table: string;
  /** The columns selected, and the joins after the table (its alias's). */
  columns: string;
  joins: string;
  record(row: C): R;
}

/**
 * One page of a list table's records (joined to their stored `data`), or of an entity table's, and how many
 * match: two queries with the same WHERE, run side by side. A page past any count (an offset beyond a safe
 * integer) answers the total only.
 */
export async function tablePage<R, C = never>(
  sql: Queryable,
  source: ListTable | EntitySource<C, R>,
  query: TablePageQuery,
): Promise<{ rows: R[]; total: number }> {
  const { alias } = query;
  const table = 'spec' in source ? source.spec.table : source.table;
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
  if (!('spec' in source)) {
    const [rows, total] = await Promise.all([
      sql.query<C>(`SELECT ${source.columns} FROM ${table} ${alias} ${source.joins} ${where} ORDER BY ${orderBy} ${limit}`, page.values),
      counting,
    ]);
    return { rows: rows.rows.map((row) => source.record(row)), total };
  }
  const [rows, total] = await Promise.all([
    sql.query<{ data: R }>(
      `SELECT r.data FROM ${table} ${alias} JOIN rows r ON r.collection = '${source.spec.collection}' AND r.id = ${alias}.id
       ${where} ORDER BY ${orderBy} ${limit}`,
      page.values,
    ),
    counting,
  ]);
  return { rows: rows.rows.map((row) => row.data), total };
}
