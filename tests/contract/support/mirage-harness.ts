/**
 * The embedded backend (Mirage, through Pretender's fetch in jsdom) for the contract tests: starting it,
 * sessions for seeded accounts, the routes it registers, and the target the contract suite drives.
 */
import { table, type MirageDb } from '@mirage/db';
import type { SessionRow } from '@mirage/http';
import { userStore } from '@mirage/user-store';
import type { NewSession } from '../../../core/sessions';
import { makeServer, type MirageOptions, type Server } from '@mirage/server';
import { createContractClient } from './contract-client';
import type { ContractBackend, ContractTarget } from './contract-suite';

export { collectRoutes } from '@mirage/test-support';

export async function startServer(options: MirageOptions = {}): Promise<Server> {
  return makeServer({ environment: 'test', latencyMs: 0, ...options });
}

let sessions = 0;
/** A live session for a seeded account (the sign-in endpoint has its own test), to store where the backend keeps them. */
export async function newSessionFor(db: MirageDb, username: string): Promise<NewSession> {
  const user = (await userStore(db).withLogin([username.toLowerCase()])).find((u) => u.username === username);
  if (!user) throw new Error(`no seeded user ${username}`);
  sessions += 1;
  return {
    accessToken: `contract-token-${sessions}-${username}`,
    sessionKey: `contract-key-${sessions}`,
    userId: user.id,
    expiresAt: Date.now() + 3_600_000,
    revoked: false,
  };
}

/** Adds a live session for a seeded account to the embedded backend's rows and returns its token. */
export async function insertSession(db: MirageDb, username: string): Promise<string> {
  const session = await newSessionFor(db, username);
  table<SessionRow>(db, 'sessions').insert(session);
  return session.accessToken;
}

/** A live session for a seeded account, added to the database. */
export function tokenFor(server: Server, username: string): Promise<string> {
  return insertSession(server.db, username);
}

/** Calls the embedded backend (Pretender answers the page's own origin) and checks the answer against the contract. */
export const { call } = createContractClient(() => '', new Set());

/** The embedded backend as a target of the contract suite (support/contract-suite.ts). */
export const mirageBackend: ContractBackend = {
  name: 'the embedded backend (Mirage in jsdom)',
  async start() {
    const server = await startServer();
    return mirageTarget(server);
  },
  async startUnstorable(usernames) {
    const server = await startServer({ beginWrite: () => () => Promise.reject(new Error('QuotaExceededError')) });
    const tokens = Object.fromEntries(await Promise.all(usernames.map(async (name) => [name, await tokenFor(server, name)] as const)));
    return { target: mirageTarget(server), tokens };
  },
  // Mirage answers the 503 without writing to the console.
  unstoredLog: null,
};

function mirageTarget(server: Server): ContractTarget {
  return {
    baseUrl: '',
    tokenFor: (username) => tokenFor(server, username),
    shutdown: async () => server.shutdown(),
  };
}
