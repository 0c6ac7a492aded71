import { idempotent } from '../idempotency';
import {
  checkSetPasswordLink,
  lockSession,
  meRecord,
  refresh,
  register,
  requestPasswordReset,
  setPassword,
  signIn,
  signOut,
  unlockSession,
} from '../services/auth';
import { json, problem } from '../http';
import type { PublicRoutes, SignedInRoutes } from './types';

/** Sign-in, registration, the session's life and the set-password link (docs/auth.md): HTTP in, the auth service's rules, HTTP out. */

export const authRoutes: PublicRoutes = {
  signIn: ({ env, request, body }) => signIn(env, request, body),
  register: ({ env, request, body, text }) => idempotent(env.idempotency, request, text, 'anonymous', env.now(), () => register(env, body)),
  refreshToken: ({ env, body }) => refresh(env, body),
  signOut: ({ env, request }) => signOut(env, request),
  lockSession: ({ env, request, refusal }) => lockSession(env, request, refusal),
  unlockSession: ({ env, request, body, refusal }) => unlockSession(env, request, body, refusal),
  requestPasswordReset: ({ body }) => Promise.resolve(requestPasswordReset(body)),
  checkSetPasswordLink: ({ env, request }) => checkSetPasswordLink(env, new URL(request.url).searchParams.get('token') ?? ''),
  setPassword: ({ env, body }) => setPassword(env, body),
};

export const meRoutes: SignedInRoutes = {
  // Who the bearer is, as the server knows it: the app confirms a restored session's user and role here.
  getMe: async ({ env, caller }) => {
    const user = await env.users.get(String(caller.id));
    return user ? json(200, await meRecord(env, user)) : problem(401, 'Invalid access token');
  },
};
