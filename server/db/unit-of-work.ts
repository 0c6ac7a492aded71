import { AsyncLocalStorage } from 'node:async_hooks';
import type { Row } from '../../mirage/db';
import type { ChangeBatch } from '../../mirage/store/change-log';
import type { Queryable } from './sql';

/**
 * The unit of work a request runs in (server/backend.ts): a repository writes inside the request's own
 * transaction, so its change commits with the rest of the request's or not at all. Units that share a
 * transaction (a group: tests and batch tools) each roll back their own writes when they fail (a savepoint,
 * taken at a unit's first write) while the others go on; a transaction's only unit takes none.
 */
interface Scope extends Appends {
  tx: Queryable;
  savepoint: Promise<unknown> | null;
  /** The transaction's only unit: no savepoint (two statements per write request fewer). */
  alone: boolean;
  /** What the unit's repositories stored (`noteWritten`): the wake-ups it calls for. */
  written: ChangeBatch;
}

/** Stores a batch inside the transaction, each collection in its table (server/db/store.ts writeBatch). */
export type WriteBatch = (tx: Queryable, batch: ChangeBatch) => Promise<void>;

const scopes = new AsyncLocalStorage<Scope>();
/** A read (a GET, outside any transaction) that tried to write: it runs again as a write. */
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
}
export const noAppends = (): Appends => ({ staged: new Map() });

function addAppends(into: Appends, from: Appends): void {
  for (const [collection, rows] of from.staged) into.staged.set(collection, [...(into.staged.get(collection) ?? []), ...rows]);
}

/**
 * Stores what units of work appended, in one batch (the live events go to their outbox, where the relay
 * numbers them: server/db/events.ts). Answers what it stored (it wakes who waits for those rows).
 */
export async function storeAppends(tx: Queryable, appends: Appends, writeBatch: WriteBatch): Promise<{ written: ChangeBatch }> {
  if (appends.staged.size === 0) return { written: [] };
  const batch: ChangeBatch = [...appends.staged].map(([collection, put]) => ({ collection, put, deleted: [] }));
  appends.staged.clear();
  await writeBatch(tx, batch);
  return { written: batch };
}

/** What a unit shares with the others of its group commit. */
export interface Group {
  /** What the units appended: the group stores them at once after its last unit (storeAppends). */
  appends: Appends;
  /** The group has no other unit: no savepoint, and when the unit fails the caller rolls `tx` back. */
  alone: boolean;
}

/**
 * Runs fn as one unit of `tx`'s group; answers its value and what it wrote. What it
 * appended goes into the group's appends when it succeeds, or without a group is stored (by `writeBatch`)
 * at its end; it is dropped when it fails.
 */
export async function inUnitOfWork<T>(
  tx: Queryable,
  fn: () => Promise<T>,
  writeBatch: WriteBatch,
  group?: Group,
): Promise<{ value: T; written: ChangeBatch }> {
  const scope: Scope = {
    tx,
    savepoint: null,
    alone: group?.alone ?? false,
    ...noAppends(),
    written: [],
  };
  const groupAppends = group?.appends;
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await scopes.run(scope, fn) };
    if (!groupAppends) {
      scope.written.push(...(await storeAppends(tx, scope, writeBatch)).written);
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
  return { value: outcome.value, written: scope.written };
}

/**
 * Notes a change in the current unit of work (a repository's write), so its commit wakes who waits for those
 * rows (an agent's long poll for a command).
 */
export function noteWritten(batch: ChangeBatch): void {
  scopes.getStore()?.written.push(...batch);
}

/**
 * A repository's write: its table's statements (`write`) in the current unit of work's transaction, noted so
 * that the commit wakes who waits for those rows.
 */
export async function writeRows<R extends Row>(
  collection: string,
  write: (tx: Queryable, put: readonly R[], deleted: readonly string[]) => Promise<void>,
  put: readonly R[],
  deleted: readonly string[] = [],
): Promise<void> {
  const { tx } = await writer();
  await write(tx, put, deleted);
  noteWritten([{ collection, put: [...put], deleted: [...deleted] }]);
}

/** Whether this runs inside a unit of work (its transaction is open). */
export const inTransaction = (): boolean => scopes.getStore() !== undefined;

/** Where a read goes: the current unit's transaction (it sees the unit's own writes), else the pool. */
export const reader = (sql: Queryable): Queryable => scopes.getStore()?.tx ?? sql;

/**
 * The transaction a write goes into. A write outside a unit of work is a programming error: nothing would
 * commit it.
 */
export async function writer(): Promise<{ tx: Queryable }> {
  const scope = scopes.getStore();
  if (!scope) throw outsideUnitOfWork();
  if (!scope.alone) {
    scope.savepoint ??= scope.tx.query(`SAVEPOINT ${SAVEPOINT}`);
    await scope.savepoint;
  }
  return { tx: scope.tx };
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
