import { del, get, keys, set } from 'idb-keyval';
import type { DbDump, Row } from './db';

/**
 * The demo database lives in IndexedDB under a versioned key. Bump DB_VERSION when a seed or a
 * row shape changes incompatibly: older dumps are then dropped and the demo starts from fresh seeds.
 */
export const DB_VERSION = 1;
export const DB_KEY_PREFIX = 'service-unit-admin:mirage-db:v';
export const DB_KEY = `${DB_KEY_PREFIX}${DB_VERSION}`;

interface Envelope {
  version: number;
  savedAt: string;
  data: DbDump;
}

function isDump(value: unknown): value is DbDump {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (rows) =>
      Array.isArray(rows) &&
      rows.every((row: unknown) => typeof row === 'object' && row !== null && 'id' in row && (typeof (row as Row).id === 'string' || typeof (row as Row).id === 'number')),
  );
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Envelope>;
  return v.version === DB_VERSION && typeof v.savedAt === 'string' && isDump(v.data);
}

export type LoadResult =
  | { status: 'empty' }
  | { status: 'loaded'; dump: DbDump }
  /** Something was stored but is unreadable or from an older version: it was removed. */
  | { status: 'discarded'; reason: string };

/** Reads the stored dump; anything unusable is deleted (with a console warning) so fresh seeds replace it. */
export async function loadDump(): Promise<LoadResult> {
  let discarded: string | null = null;
  try {
    for (const key of await keys()) {
      if (typeof key === 'string' && key.startsWith(DB_KEY_PREFIX) && key !== DB_KEY) {
        await del(key);
        discarded = `an older demo database (${key})`;
      }
    }
    const stored: unknown = await get(DB_KEY);
    if (stored === undefined) {
      if (discarded) console.warn(`Discarded ${discarded}; starting from fresh demo data.`);
      return discarded ? { status: 'discarded', reason: discarded } : { status: 'empty' };
    }
    if (isEnvelope(stored)) return { status: 'loaded', dump: stored.data };
    await del(DB_KEY);
    console.warn('The stored demo database is unreadable; starting from fresh demo data.');
    return { status: 'discarded', reason: 'unreadable' };
  } catch (error) {
    console.warn('The demo database could not be read; starting from fresh demo data.', error);
    return { status: 'discarded', reason: 'unreadable' };
  }
}

export async function saveDump(data: DbDump): Promise<void> {
  const envelope: Envelope = { version: DB_VERSION, savedAt: new Date().toISOString(), data };
  await set(DB_KEY, envelope);
}

export async function deleteDump(): Promise<void> {
  await del(DB_KEY);
}

export interface Persister {
  /** Marks the database changed; it is written shortly after (coalescing bursts of writes). */
  schedule(): void;
  /** Writes now if something is pending. */
  flush(): Promise<void>;
  /** Stops writing (before a reset deletes the stored dump). */
  disable(): void;
}

/**
 * Writes the dump after each change, lightly debounced, and flushes when the page is hidden so a
 * reload right after a change keeps it. A failed write is reported through onError, never swallowed.
 */
export function createPersister(
  read: () => DbDump,
  options: { debounceMs?: number; onError: (error: unknown) => void; save?: (dump: DbDump) => Promise<void> },
): Persister {
  const save = options.save ?? saveDump;
  const debounceMs = options.debounceMs ?? 50;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;
  let enabled = true;
  let writing: Promise<void> = Promise.resolve();

  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!dirty || !enabled) return writing;
    dirty = false;
    const dump = read();
    // Writes run one after another so an older dump never lands after a newer one.
    writing = writing.then(() => save(dump)).catch((error: unknown) => options.onError(error));
    return writing;
  };

  const onHide = () => {
    if (dirty) void flush();
  };
  globalThis.addEventListener?.('pagehide', onHide);
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (globalThis.document?.visibilityState === 'hidden') onHide();
  });

  return {
    schedule() {
      if (!enabled) return;
      dirty = true;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), debounceMs);
    },
    flush,
    disable() {
      enabled = false;
      if (timer) clearTimeout(timer);
      timer = null;
      globalThis.removeEventListener?.('pagehide', onHide);
    },
  };
}
