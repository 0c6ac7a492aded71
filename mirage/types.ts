import type { Server } from 'miragejs';
import type { MirageDb } from './db';
import type { PasswordHasher } from './crypto';

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

/**
 * The identity provider whose access tokens the backend accepts (mirage/oidc/provider-auth.ts): a JWT
 * signed with a key of the provider's JWKS, from its issuer, for this API's audience, not expired.
 */
export interface ProviderAuthConfig {
  /** The provider's issuer (VITE_OIDC_AUTHORITY). */
  issuer: string;
  /** This API's audience (VITE_OIDC_AUDIENCE, default urn:service-unit-admin:api). */
  audience: string;
  /** Name or domain of the organization new provider users join (VITE_OIDC_ORGANIZATION; default the first one). */
  organization: string | null;
  /** The access-token claim that may raise a role (VITE_OIDC_ROLE_CLAIM; unset: roles come only from this backend). */
  roleClaim: string | null;
}
