import type { Server } from 'node:http';
import type { ContractBackend, ContractTarget } from '../../tests/contract/support/contract-suite';
import { createBackend } from '../backend';
import { storeSession } from './api';
import { createHttpServer, listen } from '../http-server';
import { BACKEND_NAME, createTestDatabase } from './database';

/**
 * The server as `npm run server` runs it, listening on a free port of 127.0.0.1, on an empty database of
 * its own (./database.ts: an in-memory PGlite, or a database created for this run on TEST_DATABASE_URL's
 * server and dropped at its end).
 */
interface RunningServer extends ContractTarget {
  /** Drops the database under the running server: from then on it can store nothing. */
  loseDatabase(): Promise<void>;
}

async function startTestServer(): Promise<RunningServer> {
  const database = await createTestDatabase({ migrated: true });
  const backend = await createBackend({ sql: database.sql });
  const http = createHttpServer(backend, { corsOrigins: [], maxBodyBytes: 2 * 1024 * 1024 });
  const port = await listen(http, 0, '127.0.0.1');
  let dropped: Promise<void> | null = null;
  const drop = () => (dropped ??= database.drop());
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async tokenFor(username) {
      // Stored in the server's database, as a sign-in would: the next request reads it from there.
      return storeSession(backend, username);
    },
    loseDatabase: drop,
    async shutdown() {
      await stop(http);
      await backend.close();
      await drop();
    },
  };
}

function stop(http: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    http.close((error) => (error ? reject(error) : resolve()));
    // fetch keeps its connections open for the next call: end them, or close() waits for them.
    http.closeAllConnections();
  });
}

/** The Node server over HTTP as a target of the contract suite (tests/contract/support/contract-suite.ts). */
export const serverBackend: ContractBackend = {
  name: `the Node server (HTTP, ${BACKEND_NAME})`,
  start: startTestServer,
  async startUnstorable(usernames) {
    const target = await startTestServer();
    const tokens: Record<string, string> = {};
    for (const name of usernames) tokens[name] = await target.tokenFor(name);
    // The database goes away under the running server: every write's transaction fails, and is answered 503.
    await target.loseDatabase();
    return { target, tokens };
  },
  // server/backend.ts logs each change it could not store.
  unstoredLog: 'A change could not be stored',
};
