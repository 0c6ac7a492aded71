import { storable } from './records';
import type { Queryable } from './sql';

/**
 * What the tables of one entity each (service_units, organizations, users, url_rules, process_rules) share:
 * the statement that stores records whole from one JSON parameter, and the start's check that their list
 * keys were made by this version of core's projection.
 */

/** Fields of a record that are not columns, and columns stored from an expression of the fields. */
export interface UpsertInput {
  fields: Record<string, string>;
  expressions: Record<string, string>;
}

/**
 * `INSERT … ON CONFLICT DO UPDATE` of `table` (its columns and their types) from the records of parameter
 * `param`: JSON objects with a field per column, each stored as it is or through its expression.
 */
export function upsertStatement(
  table: string,
  key: string,
  types: Readonly<Record<string, string>>,
  param = '$1',
  input: UpsertInput = { fields: {}, expressions: {} },
): string {
  const columns = Object.keys(types);
  const fields = { ...types, ...input.fields };
  return `INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${columns.map((column) => input.expressions[column] ?? `e.${column}`).join(', ')}
    FROM jsonb_to_recordset(${param}::jsonb) AS e(${Object.entries(fields)
      .map(([field, type]) => `${field} ${type}`)
      .join(', ')})
    ON CONFLICT (${key}) DO UPDATE SET ${columns
      .filter((column) => column !== key)
      .map((column) => `${column} = excluded.${column}`)
      .join(', ')}`;
}

/**
 * Runs `fill` (which computes a table's list keys again) unless `meta` holds this version under `metaKey`,
 * then records the version. At start; resolves with whether it filled.
 */
export async function ensureKeyVersion(tx: Queryable, metaKey: string, version: number, fill: () => Promise<void>): Promise<boolean> {
  const stored = (await tx.query<{ value: { version: number } }>('SELECT value FROM meta WHERE key = $1', [metaKey])).rows[0];
  if (stored?.value.version === version) return false;
  await fill();
  await tx.query('INSERT INTO meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
    metaKey,
    JSON.stringify({ version, filledAt: new Date().toISOString() }),
  ]);
  return true;
}

/** Records per statement. */
const CHUNK = 1_000;

/**
 * Stores records whole (`upsert`: upsertStatement of the table, `record`: a record's columns) and deletes
 * records of `table` by id, in the caller's transaction (the store's writeBatch).
 */
export async function storeWhole<R>(
  tx: Queryable,
  table: { name: string; upsert: string; record(row: R): Record<string, unknown> },
  put: readonly R[],
  deleted: readonly string[],
): Promise<void> {
  for (let start = 0; start < put.length; start += CHUNK) {
    await tx.query(table.upsert, [JSON.stringify(put.slice(start, start + CHUNK).map((row) => table.record(row)))]);
  }
  const gone = deleted.filter(storable);
  if (gone.length > 0) await tx.query(`DELETE FROM ${table.name} WHERE id = ANY($1::text[])`, [gone]);
}
