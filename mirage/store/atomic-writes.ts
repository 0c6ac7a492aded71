import type { MirageDb, Row } from '../db';
import { collectionsOf, rawDb, type MirageCollection } from '../mirage-internals';
import { noteWrites, restoreRows, type BeforeImages } from './change-log';

/**
 * A write request that fails changes nothing (issue 43 §1), in the browser as in the server, whose
 * transaction rolls back: while a write's handler runs, the first before-image of every row it touches is
 * kept, and when the handler throws, the rows go back. Write handlers run one at a time, so the rows put
 * back are the failed request's own, never another request's (an acknowledged write is never undone); a
 * handler holds the queue only while it runs, not while its change is stored.
 */

interface Journal {
  images: BeforeImages | null;
  queue: Promise<unknown>;
}

const journals = new WeakMap<object, Journal>();

function journalOf(db: MirageDb): Journal {
  const raw = rawDb(db);
  const known = journals.get(raw);
  if (known) return known;
  const journal: Journal = { images: null, queue: Promise.resolve() };
  journals.set(raw, journal);
  const note = (name: string, id: string, previous: Row | null) => {
    if (!journal.images) return;
    let rows = journal.images.get(name);
    if (!rows) journal.images.set(name, (rows = new Map()));
    if (!rows.has(id)) rows.set(id, previous === null ? null : structuredClone(previous));
  };
  const watched = new WeakSet<MirageCollection>();
  const watch = (collection: MirageCollection) => {
    if (watched.has(collection)) return;
    watched.add(collection);
    noteWrites(collection, note);
  };
  collectionsOf(db).forEach(watch);
  const { createCollection } = raw;
  raw.createCollection = function (name: string, initialData?: unknown[]) {
    const result = createCollection.call(raw, name, initialData);
    const created = collectionsOf(db).find((c) => c.name === name);
    if (created) watch(created);
    return result;
  };
  return journal;
}

/**
 * Runs one write's handler after the writes before it; when it throws (or its promise rejects), every row it
 * changed is put back and `failed` gives the answer.
 */
export function runAtomically<T>(db: MirageDb, handler: () => T | Promise<T>, failed: (error: unknown) => T): Promise<T> {
  const journal = journalOf(db);
  const run = journal.queue.then(async () => {
    const images: BeforeImages = new Map();
    journal.images = images;
    try {
      return await handler();
    } catch (error) {
      restoreRows(db, images);
      return failed(error);
    } finally {
      journal.images = null;
    }
  });
  journal.queue = run.catch(() => undefined);
  return run;
}
