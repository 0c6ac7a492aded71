import type { Account, ApiEnv } from '../env';
import type { AgentUnit } from '../services/agent-api';

/** What an operation's handler is given once the caller is known and the request passed the contract's check. */
export interface SignedInInput {
  env: ApiEnv;
  caller: Account;
  /** The JSON body (`{}` when there was none). */
  body: unknown;
  /** The body as it was sent ('' when none). */
  text: string;
  request: Request;
  /** The path's parameters, by the document's names. */
  params: Readonly<Record<string, string>>;
}

/** Handlers of operations that need a signed-in caller (`security: bearer`), by the document's operationId. */
export type SignedInRoutes = Readonly<Record<string, (input: SignedInInput) => Promise<Response>>>;

/** What an operation that authenticates by its own rules (or not at all) is given. */
export interface PublicInput {
  env: ApiEnv;
  body: unknown;
  text: string;
  request: Request;
  params: Readonly<Record<string, string>>;
  /**
   * The contract's refusal of the request, or null. The app answers it before the handler runs, except for a
   * `bearer` operation, whose handler checks the token first (an unknown caller learns nothing of the body).
   */
  refusal: Response | null;
}

/**
 * Handlers of the operations a signed-in caller's token does not open: sign-in and registration (`appKey`,
 * checked by the app), refresh, sign-out, lock and unlock (which accept an expired or locked token), the
 * set-password link.
 */
export type PublicRoutes = Readonly<Record<string, (input: PublicInput) => Promise<Response>>>;

/** What an agent API operation's handler is given once the credential is an active agent's and the request passed the contract's check. */
export interface AgentInput {
  env: ApiEnv;
  /** The unit whose agent holds the credential. */
  unit: AgentUnit;
  body: unknown;
  text: string;
  request: Request;
  params: Readonly<Record<string, string>>;
}

/** Handlers of the agent API's operations (`security: agent`), by the document's operationId. */
export type AgentRoutes = Readonly<Record<string, (input: AgentInput) => Promise<Response>>>;
