import { IdentityManager } from 'miragejs';
import { v7 as uuidv7 } from 'uuid';
import { plainNumber } from '../core/record-ids';

/**
 * Which ids records get (docs/server.md, "Ids"): the seeds keep readable numbers ("1", "2", …); every
 * record created after them gets a UUIDv7, which any instance (or shard of a distributed PostgreSQL) can
 * make without asking another, and whose text order is its creation order (core/record-ids.ts).
 *
 * Numbers stay where an order or the original template's contract needs them: live events (the
 * `Last-Event-ID` cursor counts up) and the demo apps' to-dos and mails (integer ids in their contract).
 */
const NUMBERED = ['event', 'task', 'taskTag', 'email', 'emailMailbox', 'emailTag'] as const;

export interface RecordIdState {
  /** True while the seed runs: seeded records get numbers. */
  seeding: boolean;
}

type Manager = typeof IdentityManager;

/** Mirage's identity managers for one server (by singular collection name; `application` is the rest). */
export function recordIdManagers(state: RecordIdState): Record<string, Manager> {
  class RecordIds extends IdentityManager {
    override fetch(): string {
      return state.seeding ? super.fetch() : uuidv7();
    }
    /** A UUID must not move the number counter (Mirage would read "91234567-…" as 91,234,567). */
    override set(id: string | number): void {
      if (Number.isNaN(plainNumber(id))) return;
      super.set(id);
    }
  }
  return { application: RecordIds, ...Object.fromEntries(NUMBERED.map((name) => [name, IdentityManager])) };
}

/** A new record's id where Mirage does not make it (a store that keeps its records itself, server/db/screenshots.ts). */
export const newRecordId = (): string => uuidv7();
