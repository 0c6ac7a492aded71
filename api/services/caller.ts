import type { Account, ApiEnv } from '../env';
import { problem } from '../http';
import { bearerOf, sessionLocked, signInOf } from './auth';
import { looksLikeJwt, providerCaller } from './provider-tokens';

/** `sua_unit_…`: an agent's credential reaches the agent API only (agentOf), never looked up as a session. */
const isUnitCredential = (token: string): boolean => token.startsWith('sua_unit_');

/**
 * The signed-in caller of a request's bearer token, or the answer that refuses it: 401 for a missing, unknown,
 * revoked or expired token, 423 for a locked sign-in (before expired: a locked session goes to the lock screen,
 * never through a refresh to a sign-out). An identity provider's token is verified and mapped to its account.
 */
export async function callerOf(env: ApiEnv, request: Request): Promise<Account | Response> {
  const token = bearerOf(request);
  if (isUnitCredential(token)) return problem(401, 'Invalid access token');
  if (env.providerTokens && looksLikeJwt(token)) return providerCaller(env, env.providerTokens, token);
  const signIn = await signInOf(env, request);
  if (!signIn) return problem(401, 'Invalid access token');
  if (signIn.session.locked) return sessionLocked();
  if (signIn.session.expiresAt <= env.now()) return problem(401, 'Invalid access token');
  return signIn.user;
}
