import type { MirageDb } from './db';
import type { BeginWrite } from './server';
import { trackChanges, type ChangeBatch, type ChangeTracker } from './store/change-log';
import type { RowStore, WriteStats } from './store/row-store';

/** What tabs tell each other over the BroadcastChannel. */
export type DbMessage =
  /** Another tab committed these rows: apply them instead of re-reading the store. */
  | { type: 'changed'; batch: ChangeBatch }
  /** Another tab reset the demo data: this tab's copy is stale. */
  | { type: 'reset' };

export interface Persistence {
  /** For makeServer: every write's answer waits for the commit of its changes. */
  beginWrite: BeginWrite;
  /** Starts recording the changes of this database (after it was loaded or seeded). */
  attach(db: MirageDb): ChangeTracker;
  /** Commits what changed so far; resolves with what the write cost. */
  flush(): Promise<WriteStats>;
  /** Stops writing (a reset is about to delete the store). */
  disable(): void;
  /** The cost of the last non-empty commit (for the measurements in docs/persistence.md). */
  readonly lastWrite: WriteStats | null;
}

export interface PersistenceOptions {
  store: RowStore;
  /** Told after each commit which rows changed (the other tabs apply them). */
  broadcast?: (message: DbMessage) => void;
  /** A commit failed: the answer is a 503 and this reports it (the app shows a notification). */
  onError: (error: unknown) => void;
  /** Told after each successful commit which rows it stored (the browser wakes its live readers). */
  onCommitted?: (batch: ChangeBatch) => void;
}

const NOTHING: WriteStats = { puts: 0, deletes: 0, bytes: 0 };

/**
 * The durability rule: a write request's answer is delivered only after the rows it changed are
 * committed to the store. Commits run one after another (never two transactions racing), each takes
 * every change made so far, and a failed one undoes its changes in memory and fails its requests.
 */
export function createPersistence(options: PersistenceOptions): Persistence {
  let tracker: ChangeTracker | null = null;
  let enabled = true;
  let failures = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let lastWrite: WriteStats | null = null;

  const flush = (): Promise<WriteStats> => {
    const run = queue.then(async () => {
      if (!tracker || !enabled || tracker.isEmpty) return NOTHING;
      const started = performance.now();
      const pending = tracker.take();
      try {
        const stats = await options.store.commit(pending.batch);
        // With the time from taking the changes to the committed transaction (npm run bench splits a write's cost with it).
        lastWrite = { ...stats, commitMs: performance.now() - started };
        options.broadcast?.({ type: 'changed', batch: pending.batch });
        options.onCommitted?.(pending.batch);
        return stats;
      } catch (error) {
        failures += 1;
        pending.undo();
        options.onError(error);
        throw error;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    beginWrite() {
      const failuresBefore = failures;
      return async () => {
        await flush();
        // A commit that failed meanwhile may have held (and undone) this request's changes.
        if (failures !== failuresBefore) throw new Error('An earlier commit failed');
      };
    },
    attach(db) {
      tracker = trackChanges(db);
      return tracker;
    },
    flush,
    disable() {
      enabled = false;
    },
    get lastWrite() {
      return lastWrite;
    },
  };
}
