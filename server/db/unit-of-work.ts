import { AsyncLocalStorage } from 'node:async_hooks';
import type { Row } from '../../mirage/db';
import type { ChangeBatch } from '../../mirage/store/change-log';
import type { Queryable } from './sql';

/**
 * The unit of work a request runs in (server/backend.ts): a repository that keeps its records only in
 * PostgreSQL (server/db/screenshots.ts) writes inside the group's transaction, under the write lock, so
 * its change commits with the rest of the request's or not at all. A unit that fails has its own writes
 * rolled back (a savepoint, taken at its first write) while the others of its group go on, as its changes
 * in memory are undone; a group's only unit takes none (its failure rolls the transaction back).
 */
interface Scope extends Appends {
  tx: Queryable;
  savepoint: Promise<unknown> | null;
  /** The transaction's only unit: no savepoint (two statements per write request fewer). */
  alone: boolean;
  /** The last change number this unit's writes took. */
  lastSeq: number | null;
  /** What the unit's repositories stored (through a writeBatch of `noteWrites`): the wake-ups it calls for. */
  written: ChangeBatch;
  /** What its group read ahead for all its units (an agent's unit and pending commands). */
  readAhead: ReadAhead | null;
}

/**
 * What a group commit reads at its start, in one query per kind, for every unit of the group (each agent's
 * unit and its pending commands), instead of one query per unit: a heartbeat then spends its own round
 * trips on its write only. It is read inside the transaction, under the write lock, so nothing but the
 * group's own units changes it; a write of a record through `noteWrites` drops that record's entry and the
 * entries of queries over its collection, so a later read asks PostgreSQL again.
 */
export class ReadAhead {
  private readonly records = new Map<string, Row | null>();
  private readonly queries = new Map<string, Map<string, Row[]>>();
  private static key = (collection: string, id: string) => `${collection}\0${id}`;

  /** A record by id as read ahead (null: not stored). */
  setRecord(collection: string, id: string, row: Row | null): void {
    this.records.set(ReadAhead.key(collection, id), row);
  }
  /** What a query over `collection` answered, under a key of its repository's own. */
  setQuery(collection: string, key: string, rows: Row[]): void {
    const queries = this.queries.get(collection) ?? new Map<string, Row[]>();
    queries.set(key, rows);
    this.queries.set(collection, queries);
  }
  /** A copy of what was read ahead (undefined: nothing was; null: not stored). */
  record(collection: string, id: string): Row | null | undefined {
    const row = this.records.get(ReadAhead.key(collection, id));
    return row ? structuredClone(row) : row;
  }
  query(collection: string, key: string): Row[] | undefined {
    const rows = this.queries.get(collection)?.get(key);
    return rows ? structuredClone(rows) : undefined;
  }
  forget(batch: ChangeBatch): void {
    for (const { collection, put, deleted } of batch) {
      for (const row of put) this.records.delete(ReadAhead.key(collection, String(row.id)));
      for (const id of deleted) this.records.delete(ReadAhead.key(collection, id));
      this.queries.delete(collection);
    }
  }
}

/** The current unit's read-ahead record (undefined outside a unit of work, or when its group read none). */
export const readAheadRecord = (collection: string, id: string): Row | null | undefined =>
  scopes.getStore()?.readAhead?.record(collection, id);
/** The current unit's read-ahead answer to a query (undefined as for readAheadRecord). */
export const readAheadQuery = (collection: string, key: string): Row[] | undefined => scopes.getStore()?.readAhead?.query(collection, key);

/** Stores a batch inside the transaction (the row store's writeBatch); resolves with the last change number. */
export type WriteBatch = (tx: Queryable, batch: ChangeBatch) => Promise<number | null>;

const scopes = new AsyncLocalStorage<Scope>();
/** A read (a GET outside the write lock) that tried to write: it runs again as a write. */
const reads = new AsyncLocalStorage<{ wantedToWrite: boolean }>();

/**
 * Runs a read; answers its value and whether it tried to write to PostgreSQL (the write was refused, so
 * its answer is void: the caller runs it again as a unit of work). E.g. the first read of a new account's
 * mailbox stores its seeded emails.
 */
export async function asRead<T>(fn: () => Promise<T>): Promise<{ wantedToWrite: false; value: T } | { wantedToWrite: true }> {
  const read = { wantedToWrite: false };
  try {
    const value = await reads.run(read, fn);
    return read.wantedToWrite ? { wantedToWrite: true } : { wantedToWrite: false, value };
  } catch (error) {
    // The refused write failed the read: nothing it would answer counts.
    if (read.wantedToWrite) return { wantedToWrite: true };
    throw error;
  }
}

function outsideUnitOfWork(): Error {
  const read = reads.getStore();
  if (read) read.wantedToWrite = true;
  return new Error('A write outside a unit of work');
}
const SAVEPOINT = 'unit_of_work';

/** Records units of work appended (an append-only log's entries, the live events), waiting to be stored. */
export interface Appends {
  /** By collection, with their ids. */
  staged: Map<string, Row[]>;
  /** By collection, numbered when stored (the live events). */
  numbered: Map<string, { rows: Omit<Row, 'id'>[]; firstId: (tx: Queryable) => Promise<number> }>;
}
export const noAppends = (): Appends => ({ staged: new Map(), numbered: new Map() });

function addAppends(into: Appends, from: Appends): void {
  for (const [collection, rows] of from.staged) into.staged.set(collection, [...(into.staged.get(collection) ?? []), ...rows]);
  for (const [collection, numbered] of from.numbered) {
    const waiting = into.numbered.get(collection) ?? { rows: [], firstId: numbered.firstId };
    waiting.rows.push(...numbered.rows);
    into.numbered.set(collection, waiting);
  }
}

/**
 * Stores what units of work appended, in one batch; the numbered ones get their numbers now, with one
 * query per collection (under the write lock, after every earlier write: the numbers grow in commit order).
 * Answers the last change number and what it stored (it wakes who waits for those rows).
 */
export async function storeAppends(
  tx: Queryable,
  appends: Appends,
  writeBatch: WriteBatch,
): Promise<{ lastSeq: number | null; written: ChangeBatch }> {
  if (appends.staged.size === 0 && appends.numbered.size === 0) return { lastSeq: null, written: [] };
  const batch: ChangeBatch = [...appends.staged].map(([collection, put]) => ({ collection, put, deleted: [] }));
  for (const [collection, { rows, firstId }] of appends.numbered) {
    let id = await firstId(tx);
    batch.push({ collection, put: rows.map((row) => ({ ...row, id: String(id++) })), deleted: [] });
  }
  appends.staged.clear();
  appends.numbered.clear();
  return { lastSeq: await writeBatch(tx, batch), written: batch };
}

/** What a unit shares with the others of its group commit. */
export interface Group {
  /** What the units appended: the group stores them at once after its last unit (storeAppends). */
  appends: Appends;
  /** The group has no other unit: no savepoint, and when the unit fails the caller rolls `tx` back. */
  alone: boolean;
  readAhead: ReadAhead | null;
}

/**
 * Runs fn as one unit of `tx`'s group; answers its value and the last change number it wrote. What it
 * appended goes into the group's appends when it succeeds, or without a group is stored (by `writeBatch`)
 * at its end; it is dropped when it fails.
 */
export async function inUnitOfWork<T>(
  tx: Queryable,
  fn: () => Promise<T>,
  writeBatch: WriteBatch,
  group?: Group,
): Promise<{ value: T; lastSeq: number | null; written: ChangeBatch }> {
  const scope: Scope = {
    tx,
    savepoint: null,
    alone: group?.alone ?? false,
    lastSeq: null,
    ...noAppends(),
    written: [],
    readAhead: group?.readAhead ?? null,
  };
  const groupAppends = group?.appends;
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await scopes.run(scope, fn) };
    if (!groupAppends) {
      const stored = await storeAppends(tx, scope, writeBatch);
      if (stored.lastSeq !== null) scope.lastSeq = Math.max(scope.lastSeq ?? 0, stored.lastSeq);
      scope.written.push(...stored.written);
    }
  } catch (error) {
    outcome = { ok: false, error };
  }
  if (scope.savepoint && outcome.ok) {
    // Fails when a statement of this unit failed and its handler answered anyway: the unit fails then.
    try {
      await tx.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
    } catch (error) {
      outcome = { ok: false, error };
    }
  }
  if (!outcome.ok) {
    if (scope.savepoint) {
      await tx.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
      await tx.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
    }
    throw outcome.error;
  }
  if (groupAppends) addAppends(groupAppends, scope);
  return { value: outcome.value, lastSeq: scope.lastSeq, written: scope.written };
}

/**
 * The repositories' writeBatch: stores as `writeBatch` does, and notes the batch in the current unit of work,
 * so the commit wakes who waits for those rows (an agent's long poll for a command stored only in PostgreSQL).
 */
export function noteWrites(writeBatch: WriteBatch): WriteBatch {
  return async (tx, batch) => {
    const seq = await writeBatch(tx, batch);
    const scope = scopes.getStore();
    scope?.written.push(...batch);
    scope?.readAhead?.forget(batch);
    return seq;
  };
}

/** Where a read goes: the current unit's transaction (it sees the unit's own writes), else the pool. */
export const reader = (sql: Queryable): Queryable => scopes.getStore()?.tx ?? sql;

/**
 * The transaction a write goes into, and where it reports the change number it took. A write outside a
 * unit of work is a programming error: nothing would commit it.
 */
export async function writer(): Promise<{ tx: Queryable; wrote(seq: number | null): void }> {
  const scope = scopes.getStore();
  if (!scope) throw outsideUnitOfWork();
  if (!scope.alone) {
    scope.savepoint ??= scope.tx.query(`SAVEPOINT ${SAVEPOINT}`);
    await scope.savepoint;
  }
  return {
    tx: scope.tx,
    wrote(seq) {
      if (seq !== null) scope.lastSeq = Math.max(scope.lastSeq ?? 0, seq);
    },
  };
}

/**
 * Appends a record when the current unit of work succeeds (an append-only log: nothing reads it back within
 * the unit, so it need not be written at once). Outside a unit of work, as `writer`, an error.
 */
export function stage(collection: string, row: Row): void {
  const scope = scopes.getStore();
  if (!scope) throw outsideUnitOfWork();
  const rows = scope.staged.get(collection) ?? [];
  rows.push(row);
  scope.staged.set(collection, rows);
}

/**
 * Appends a record when the current unit of work succeeds, numbered then: `firstId` (asked inside the
 * transaction, under the write lock) gives the first of the unit's new numbers for the collection.
 */
export function stageNumbered(collection: string, row: Omit<Row, 'id'>, firstId: (tx: Queryable) => Promise<number>): void {
  const scope = scopes.getStore();
  if (!scope) throw outsideUnitOfWork();
  const staged = scope.numbered.get(collection) ?? { rows: [], firstId };
  staged.rows.push(row);
  scope.numbered.set(collection, staged);
}
