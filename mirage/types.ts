import type { Server } from 'miragejs';
import type { MirageDb } from './db';
import type { PasswordHasher } from './crypto';
import type { ProviderTokens } from '../api/services/provider-tokens';

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
  routes(server: Server, ctx: MirageContext): void;
}
