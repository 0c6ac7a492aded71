import type { MirageDb } from './db';

/**
 * The repositories makeServer was given for a db (its `repositories` option, typed as a whole by
 * mirage/repositories.ts), looked up by collection name. Untyped here so that the modules that define the
 * stored rows can ask for theirs without importing the record of them all (no import cycle).
 */
const given = new WeakMap<MirageDb, object>();

/** Only makeServer calls it. */
export function giveRepositories(db: MirageDb, repositories: object): void {
  given.set(db, repositories);
}

/** The repository given for this db under `name`, if any (else the caller uses the rows in memory). */
export function givenRepository<R>(db: MirageDb, name: string): R | undefined {
  return (given.get(db) as Readonly<Record<string, R>> | undefined)?.[name];
}
