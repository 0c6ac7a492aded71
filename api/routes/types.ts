import type { Account, ApiEnv } from '../env';

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
