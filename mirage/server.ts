import { createServer, type Server } from 'miragejs';
import type { DbDump } from './db';
import { setServerClock } from './http';
import { domains } from './domains';
import type { MirageContext, SeedSize } from './types';

export interface MirageOptions {
  /** 'test': no logging. Latency is set by latencyMs either way. */
  environment?: 'development' | 'test';
  /** Fixed latency in ms, or [min, max] for a random one per request. Default [100, 200]. */
  latencyMs?: number | readonly [number, number];
  tokenLifetimeS?: number;
  seed?: SeedSize;
  /** A persisted dump to start from instead of seeding. */
  initialData?: DbDump;
  /** Called after every request that may have changed the database (read it with dumpDb(server.db)). */
  onChange?: () => void;
  now?: () => number;
}

export const DEFAULT_TOKEN_LIFETIME_S = 8000;

/** Creates the embedded backend: every domain's endpoints under /api, seeded or loaded from a dump. */
export async function makeServer(options: MirageOptions = {}): Promise<Server> {
  const ctx: MirageContext = {
    tokenLifetimeS: options.tokenLifetimeS ?? DEFAULT_TOKEN_LIFETIME_S,
    seed: options.seed ?? 'default',
    now: options.now ?? (() => Date.now()),
  };
  const latency = options.latencyMs ?? [100, 200];

  const server = createServer({
    environment: options.environment ?? 'development',
    logging: false,
    trackRequests: false,
    routes() {
      this.namespace = 'api';
      for (const domain of domains) domain.routes(this, ctx);
      this.namespace = '';
      // Anything that is not an /api call (chunks, assets, a remote host) goes to the network.
      this.passthrough();
      this.passthrough((request) => !new URL(request.url, 'http://localhost').pathname.startsWith('/api/'));
    },
  });

  setServerClock(server, ctx.now);

  // Mirage logs every request in development unless told otherwise; the console stays quiet.
  server.logging = false;

  // Mirage asks for `timing` on every request, so a getter gives each one its own latency.
  Object.defineProperty(server, 'timing', {
    configurable: true,
    get: () => (typeof latency === 'number' ? latency : latency[0] + Math.random() * (latency[1] - latency[0])),
    set: () => undefined,
  });

  if (options.initialData) {
    server.db.loadData(options.initialData);
  } else if (ctx.seed !== 'none') {
    for (const domain of domains) await domain.seed?.(server.db, ctx);
  }

  const { onChange } = options;
  if (onChange) {
    const previous = server.pretender.handledRequest.bind(server.pretender);
    server.pretender.handledRequest = (verb, path, request) => {
      previous(verb, path, request);
      if (verb.toUpperCase() !== 'GET') onChange();
    };
  }
  return server;
}
