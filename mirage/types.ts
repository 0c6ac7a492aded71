import type { Server } from 'miragejs';
import type { MirageDb } from './db';
import type { ProviderAuthConfig } from './oidc/provider-auth';

export type SeedSize = 'none' | 'default' | 'large';

export interface MirageContext {
  /** Lifetime of issued access tokens, in seconds. */
  tokenLifetimeS: number;
  seed: SeedSize;
  /** Clock, replaceable in tests. */
  now: () => number;
  /** The identity provider whose tokens are accepted; undefined: the build's VITE_OIDC_* settings. */
  providerAuth?: ProviderAuthConfig | null;
}

/** One slice of the backend: its collections, its seed data and its endpoints. */
export interface MirageDomain {
  name: string;
  /** Seeds run in order of the domain list; a domain may read what earlier ones seeded. */
  seed?(db: MirageDb, ctx: MirageContext): void | Promise<void>;
  routes(server: Server, ctx: MirageContext): void;
}
