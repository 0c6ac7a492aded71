import { Response as MirageResponse, type Request as MirageRequest, type Server } from 'miragejs';
import { createApp, type ApiApp } from '../api/app';
import type { ApiEnv } from '../api/env';
import { headerRecord } from '../api/http';
import { eventStore } from './events';
import { runAuthSync, syncUnknownToken } from './http';
import { needsRehash } from './crypto';
import { APP_KEY } from './domains/auth';
import { signInAttemptStore } from './domains/sign-in-throttle';
import { organizationStore } from './organization-store';
import { organizationCountStore, organizationListStore } from './domains/organizations';
import type { MirageContext } from './types';
import { userStore } from './user-store';
import { unitStore } from './unit-store';
import { urlRuleStore } from './domains/url-restrictions';
import { processRuleStore, processStore } from './domains/processes';
import { screenshotStore } from './domains/screenshots';
import { DEFAULT_HEARTBEAT_S, unitListStore } from './domains/service-units';
import { commandStore } from './commands';
import { enrolmentStore } from './domains/agents';
import { captureStore } from './capture-requests';
import { watchedUnitsOf } from './watched-units';
import { taskStore } from './domains/todo';
import { emailStore } from './domains/email';
import { idempotencyStore } from './idempotency';
import { userListStore } from './domains/users';
import { sessionStore } from './sessions';
import { auditStore } from './domains/audit';
import { timeSlicer } from '../core/time-slicer';

/**
 * The API app (api/app.ts) over Mirage's db: its env reads and writes each collection through the
 * embedded backend's repository over the rows in memory, and authenticates as the domains' routes do. In the browser, Mirage hands the operations the app serves to it
 * (`serveApiOperations`); the Node server puts the app in front of everything (server/backend.ts).
 */

const contexts = new WeakMap<object, MirageContext>();

/** Called by makeServer: the clock and password hashing the app's env uses. */
export function keepContext(server: Server, ctx: MirageContext): void {
  contexts.set(server, ctx);
}

/** The app's env over this server's db. */
export function apiEnvOf(server: Server): ApiEnv {
  const ctx = contexts.get(server);
  if (!ctx) throw new Error('apiEnvOf: not a server made by makeServer');
  const db = server.db;
  const running = new Set<string>();
  return {
    // Each store is made at its use, over the db's rows in memory.
    get users() {
      return userStore(db);
    },
    get userList() {
      return userListStore(db);
    },
    get organizations() {
      return organizationStore(db);
    },
    get organizationList() {
      return organizationListStore(db);
    },
    get organizationCounts() {
      return organizationCountStore(db);
    },
    get sessions() {
      return sessionStore(db);
    },
    get audit() {
      return auditStore(db);
    },
    get events() {
      return eventStore(db);
    },
    get urlRules() {
      return urlRuleStore(db);
    },
    get units() {
      return unitStore(db);
    },
    get processRules() {
      return processRuleStore(db);
    },
    get unitList() {
      return unitListStore(db);
    },
    get screenshots() {
      return screenshotStore(db);
    },
    get processes() {
      return processStore(db);
    },
    get commands() {
      return commandStore(db);
    },
    get enrolments() {
      return enrolmentStore(db);
    },
    get captureRequests() {
      return captureStore(db);
    },
    get tasks() {
      return taskStore(db);
    },
    get emails() {
      return emailStore(db);
    },
    demoSeed: ctx.seed,
    get idempotency() {
      // In memory nothing else orders two creates with one key (the server's transactions do).
      return { keys: idempotencyStore(db), running };
    },
    get signInAttempts() {
      return signInAttemptStore(db);
    },
    passwords: { ...ctx.passwords, needsRehash },
    now: ctx.now,
    // Slices of at most a frame's worth: the page keeps painting and answering input meanwhile.
    breathe: timeSlicer(8).breathe,
    agentHeartbeatS: ctx.agentHeartbeatS ?? DEFAULT_HEARTBEAT_S,
    tokenLifetimeS: ctx.tokenLifetimeS,
    appKey: APP_KEY,
    syncAuth: (token) => (token === null ? runAuthSync(server) : syncUnknownToken(server, token)) ?? Promise.resolve(),
    // No held long poll here: the simulated agents look for pending commands every tick (mirage/simulated-agents.ts).
    wakeAgent: () => undefined,
    noteProcessesWatched: (unitId) => watchedUnitsOf(db).note(unitId, ctx.now()),
    providerTokens: ctx.providerTokens,
  };
}

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
const VERBS: readonly Verb[] = ['get', 'post', 'put', 'patch', 'delete'];
const NO_BODY = new Set(['GET', 'HEAD']);

/**
 * The browser's adapter: one catch-all route per verb under /api hands every request to the app, which
 * refuses what the document does not have as the server does (404, or 405 with `Allow`).
 */
export function serveApiOperations(server: Server): void {
  let app: ApiApp | null = null;
  const handler = async (_schema: unknown, request: MirageRequest): Promise<MirageResponse> => {
    app ??= createApp(apiEnvOf(server));
    const { method, url, requestHeaders, requestBody } = request as MirageRequest & { method: string; url: string };
    const answer = await app.fetch(
      new Request(new URL(url, 'http://localhost'), {
        method,
        headers: requestHeaders,
        ...(NO_BODY.has(method.toUpperCase()) || !requestBody ? {} : { body: requestBody }),
      }),
    );
    return new MirageResponse(answer.status, headerRecord(answer.headers), await answer.text());
  };
  for (const verb of VERBS) for (const path of ['/api', '/api/*rest']) server[verb](path, handler);
}
