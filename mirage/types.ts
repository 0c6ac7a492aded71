import type { Server } from 'miragejs';
import type { MirageDb } from './db';
import type { PasswordHasher } from './crypto';
import type { ProviderTokens } from '../api/services/provider-tokens';
import type { TimeSlicer } from './seed-slices';

export type SeedSize = 'none' | 'default' | 'large';

export interface MirageContext {
  /** Lifetime of issued access tokens, in seconds. */
  tokenLifetimeS: number;
  seed: SeedSize;
  /** Clock, replaceable in tests. */
  now: () => number;
  /** Password hashing (scrypt): the server runs it outside its transactions. */
  passwords: PasswordHasher;
  /** The heartbeat interval agents are told to keep (s); undefined: 30 (server env AGENT_HEARTBEAT_S). */
  agentHeartbeatS?: number;
  /** The identity provider whose access tokens the API app accepts (mirage/oidc/provider-auth.ts), or null: none. */
  providerTokens: ProviderTokens | null;
}

/** One slice of the backend: its collections, its seed data and its endpoints. */
export interface MirageDomain {
  name: string;
  /** Seeds run in order of the domain list; a domain may read what earlier ones seeded. */
  seed?(db: MirageDb, ctx: MirageContext): void | Promise<void>;
  /**
   * The seed of its large collections (LATER_SEEDED_COLLECTIONS), which a first visit in the browser runs after
   * the backend answers sign-in, once every domain's `seed` ran (docs/persistence.md, "First visit"); otherwise
   * right after this domain's `seed`. It reads only what `seed`s and earlier `seedLater`s wrote, and waits only
   * at `slicer.breathe()`.
   */
  seedLater?(db: MirageDb, ctx: MirageContext, slicer: TimeSlicer): void | Promise<void>;
  routes(server: Server, ctx: MirageContext): void;
}
