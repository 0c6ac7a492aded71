import { del, get } from 'idb-keyval';
import type { DbDump } from '../db';
import type { LoadedRow, RowStore, ScanOptions, StoreMeta } from './row-store';
import { countDropped, validateRows, type ValidationResult } from './schemas';

type Dropped = ValidationResult<LoadedRow>['dropped'];

/** Where the whole-database dump lived before the row store (one idb-keyval value). */
export const LEGACY_DUMP_KEY = 'service-unit-admin:mirage-db:v1';

export type StoredState =
  /** Nothing stored: seed fresh demo data. */
  | { status: 'empty' }
  /** Usable rows (bad ones already removed from the store), to start from. */
  | {
      status: 'loaded';
      dump: DbDump;
      dropped: Record<string, number>;
      legacy?: true;
      /** Collections not read yet: loadLater reads them while the backend answers. */
      deferred?: string[];
    }
  /** Something was stored but nothing of it is usable (older format, unreadable, no rows): seed afresh. */
  | { status: 'discarded'; reason: string; dropped: Record<string, number> };

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const rowCount = (dump: DbDump) => Object.values(dump).reduce((n, rows) => n + rows.length, 0);

/** The pre-row-store dump, once, validated like stored rows, then forgotten. */
async function readLegacyDump(): Promise<unknown> {
  try {
    const stored: unknown = await get(LEGACY_DUMP_KEY);
    if (stored !== undefined) await del(LEGACY_DUMP_KEY);
    return stored;
  } catch {
    return undefined;
  }
}

/**
 * Reads the stored rows and checks each against its schema as it arrives: batch by batch, each in a task
 * of its own, when the store can scan, so a large seed never holds the main thread in one long task; in one
 * piece otherwise (test stores).
 */
async function readValidated(store: RowStore, onProgress?: (done: number) => void, scanOptions?: ScanOptions) {
  const dump: DbDump = {};
  const dropped: Dropped = [];
  const take = (rows: readonly LoadedRow[]) => {
    const result = validateRows(rows, (r) => r);
    for (const [collection, list] of Object.entries(result.dump)) {
      const into = (dump[collection] ??= []);
      for (const row of list) into.push(row);
    }
    for (const d of result.dropped) dropped.push(d);
  };
  if (store.scan) {
    const scanned = await store.scan((rows, done) => {
      take(rows);
      onProgress?.(done);
    }, scanOptions);
    return { ...scanned, dump, dropped };
  }
  const loaded = await store.load();
  take(loaded.rows);
  return { meta: loaded.meta, upgradedFrom: loaded.upgradedFrom, count: loaded.rows.length, dump, dropped };
}

/**
 * Reads the stored rows and checks every one against its collection's schema. Unreadable rows are
 * deleted from the store and counted (with a console warning naming collection and reason).
 */
export async function loadStored(
  store: RowStore,
  options: {
    legacy?: boolean;
    onProgress?: (done: number) => void;
    /** Collections left for later (loadLater); only when the store can scan (see `deferred` of the result). */
    except?: readonly string[];
  } = {},
): Promise<StoredState> {
  let loaded: { meta: StoreMeta | null; upgradedFrom: number | null; count: number; dump: DbDump; dropped: Dropped };
  try {
    loaded = await readValidated(store, options.onProgress, options.except ? { except: options.except } : undefined);
  } catch (error) {
    console.warn('The demo database could not be read; starting from fresh demo data.', error);
    await store.clear().catch(() => undefined);
    return { status: 'discarded', reason: 'unreadable', dropped: {} };
  }
  if (loaded.upgradedFrom !== null) {
    console.warn(`Discarded demo data stored in an older format (${loaded.upgradedFrom}); starting from fresh demo data.`);
    return { status: 'discarded', reason: 'older format', dropped: {} };
  }
  if (loaded.meta === null && loaded.count === 0) {
    if (options.legacy === false) return { status: 'empty' };
    const legacy = await readLegacyDump();
    if (legacy === undefined) return { status: 'empty' };
    const data = typeof legacy === 'object' && legacy !== null && 'data' in legacy ? (legacy as { data: unknown }).data : undefined;
    const entries =
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? Object.entries(data).flatMap(([collection, rows]) =>
            Array.isArray(rows) ? rows.map((row: unknown) => ({ collection, row })) : [{ collection, row: rows as unknown }],
          )
        : [];
    const { dump, dropped } = validateRows(entries, (e) => e);
    const counts = countDropped(dropped);
    if (rowCount(dump) === 0) return { status: 'discarded', reason: 'unreadable', dropped: counts };
    warnDropped(dropped);
    return { status: 'loaded', dump, dropped: counts, legacy: true };
  }
  const { dump, dropped } = loaded;
  warnDropped(dropped);
  await store.deleteKeys(dropped.map((d) => d.item.key));
  const counts = countDropped(dropped);
  if (loaded.meta === null) return { status: 'discarded', reason: 'incomplete', dropped: counts };
  if (rowCount(dump) === 0) return { status: 'discarded', reason: total(counts) > 0 ? 'unreadable' : 'empty', dropped: counts };
  return { status: 'loaded', dump, dropped: counts, ...(store.scan && options.except ? { deferred: [...options.except] } : {}) };
}

/**
 * The collections a second visit loads while the backend already answers (docs/persistence.md, "Load
 * order"): the large ones no sign-in, session or account request reads. Everything else (accounts,
 * sessions, organizations, the small collections) is loaded first.
 */
export const DEFERRED_COLLECTIONS: readonly string[] = ['processes', 'screenshots', 'serviceUnits'];

/**
 * Reads and checks the rows of collections left for later (loadStored's `except`), batch by batch in short
 * transactions, handing each batch's readable rows to onRows; unreadable ones are deleted from the store
 * and counted, as at start.
 */
export async function loadLater(
  store: RowStore,
  names: readonly string[],
  onRows: (dump: DbDump, done: number) => void,
  holdWhile?: () => Promise<void> | null,
): Promise<{ dropped: Record<string, number> }> {
  const dropped: Dropped = [];
  const take = (rows: readonly LoadedRow[], done: number) => {
    const result = validateRows(rows, (r) => r);
    for (const d of result.dropped) dropped.push(d);
    onRows(result.dump, done);
  };
  if (store.scan) await store.scan(take, { only: names, detached: true, ...(holdWhile ? { holdWhile } : {}) });
  else {
    const wanted = new Set(names);
    take(
      (await store.load()).rows.filter((r) => wanted.has(r.collection)),
      1,
    );
  }
  warnDropped(dropped);
  await store.deleteKeys(dropped.map((d) => d.item.key));
  return { dropped: countDropped(dropped) };
}

function warnDropped(dropped: readonly { collection: string; reason: string }[]): void {
  if (dropped.length === 0) return;
  const byCollection = new Map<string, string[]>();
  for (const d of dropped) byCollection.set(d.collection, [...(byCollection.get(d.collection) ?? []), d.reason]);
  const summary = [...byCollection].map(([c, reasons]) => `${c}: ${reasons.length} (first: ${reasons[0]})`).join('; ');
  console.warn(`Dropped ${dropped.length} unreadable stored row(s) of the demo database: ${summary}.`);
}

export const droppedTotal = total;
