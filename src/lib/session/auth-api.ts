import type { ConfirmedSession, ConfirmedUser, Credentials, RefreshedToken } from '@machines/session/session.types';
import { isRoleNumber, parseUser, type SessionData } from '@machines/session/stored-session';
import { apiClient, ApiError } from '../api-client';
import { appRefreshedTokenStore, type RefreshedTokenStore } from './refreshed-token-store';
import { readAccessToken } from './storage';

/** `POST /api/UserLogin` answer (see docs/auth.md). */
export interface LoginResponse {
  accessToken: string;
  sessionKey: string;
  expiresAt: string;
  expiresIn: number;
  user: unknown;
  defaultRoleId: number;
  roles: number[];
}

const invalidAnswer = () => new ApiError('Unexpected answer from the server', 502, undefined);

function expiryOf(expiresAt: unknown, expiresIn: unknown): number {
  const parsed = typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  if (Number.isFinite(parsed)) return parsed;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn)) return Date.now() + expiresIn * 1000;
  throw invalidAnswer();
}

export async function loginRequest({ username, password }: Credentials, signal?: AbortSignal): Promise<SessionData> {
  const answer = await apiClient.post<LoginResponse>(
    '/api/UserLogin',
    { params: { username, password } },
    { auth: 'appKey', skipRefresh: true, ...(signal ? { signal } : {}) },
  );
  const user = parseUser(answer.user);
  if (!user || typeof answer.accessToken !== 'string' || typeof answer.sessionKey !== 'string' || !isRoleNumber(answer.defaultRoleId)) {
    throw invalidAnswer();
  }
  return {
    accessToken: answer.accessToken,
    sessionKey: answer.sessionKey,
    tokenExpiry: expiryOf(answer.expiresAt, answer.expiresIn),
    user,
    defaultRoleId: answer.defaultRoleId,
    roles: Array.isArray(answer.roles) ? answer.roles.filter((r) => typeof r === 'number') : [answer.defaultRoleId],
  };
}

interface RefreshResponse {
  accessToken: string;
  expiresAt: string;
  expiresIn: number;
}

async function postRefresh(accessToken: string, signal: AbortSignal): Promise<RefreshedToken> {
  const answer = await apiClient.post<RefreshResponse>(
    '/api/auth/refresh-token',
    { accessToken },
    { auth: 'none', skipRefresh: true, signal },
  );
  if (typeof answer.accessToken !== 'string' || answer.accessToken === '') throw invalidAnswer();
  return { accessToken: answer.accessToken, tokenExpiry: expiryOf(answer.expiresAt, answer.expiresIn) };
}

function readTokenExpiry(): number {
  try {
    const raw = globalThis.localStorage?.getItem('tokenExpiry');
    return raw && /^\d+$/.test(raw) ? Number(raw) : Date.now();
  } catch {
    return Date.now();
  }
}

/**
 * Exchanges the failed token for a new one. Tabs take turns through `navigator.locks`; a tab that
 * gets the lock after another one refreshed finds the new token and uses it instead: in IndexedDB
 * (`refreshed`, written before the lock is released), else in localStorage, which may show it late.
 */
export async function refreshTokenRequest(
  accessToken: string,
  signal: AbortSignal,
  refreshed: RefreshedTokenStore = appRefreshedTokenStore(),
): Promise<RefreshedToken> {
  const run = async (): Promise<RefreshedToken> => {
    const successor = await refreshed.successorOf(accessToken);
    if (successor) return successor;
    const stored = readAccessToken();
    if (stored && stored !== accessToken) return { accessToken: stored, tokenExpiry: readTokenExpiry() };
    const next = await postRefresh(accessToken, signal);
    await refreshed.remember(accessToken, next);
    return next;
  };
  const locks = globalThis.navigator?.locks;
  if (!locks) return run();
  return locks.request('service-unit-admin-token-refresh', { signal }, run);
}

export async function logoutRequest(accessToken: string | null, refreshed: RefreshedTokenStore = appRefreshedTokenStore()): Promise<void> {
  await refreshed.forget();
  if (!accessToken) return;
  await apiClient.post('/api/auth/logout', {}, { skipRefresh: true, token: accessToken });
}

/** The server's record of the caller (`GET /api/me`, a successful unlock): user fields plus roles. */
export function parseConfirmedUser(answer: unknown): ConfirmedUser | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const user = parseUser(answer);
  const record = answer as { defaultRoleId?: unknown; roles?: unknown };
  if (!user || !isRoleNumber(record.defaultRoleId)) return null;
  const roles = Array.isArray(record.roles) ? record.roles.filter((r): r is number => typeof r === 'number') : [];
  return { user, defaultRoleId: record.defaultRoleId, roles: roles.length > 0 ? roles : [record.defaultRoleId] };
}

/**
 * Checks the password with the current token, even an expired one (the server accepts it for
 * unlocking), which also lifts the server's lock. Answers the server's record of the user, or null
 * when the server sends none (204).
 */
export async function unlockRequest(password: string, signal?: AbortSignal): Promise<ConfirmedUser | null> {
  const answer = await apiClient.post<unknown>('/api/auth/unlock', { password }, { skipRefresh: true, ...(signal ? { signal } : {}) });
  return parseConfirmedUser(answer);
}

/** Locks the session on the server: its calls get 423 until unlock (docs/auth.md). */
export async function lockRequest(accessToken: string | null, signal?: AbortSignal): Promise<void> {
  if (!accessToken) return;
  await apiClient.post('/api/auth/lock', {}, { skipRefresh: true, token: accessToken, ...(signal ? { signal } : {}) });
}

async function getMe(token: string, signal: AbortSignal): Promise<ConfirmedUser> {
  const answer = await apiClient.get<unknown>('/api/me', { skipRefresh: true, token, signal });
  const confirmed = parseConfirmedUser(answer);
  if (!confirmed) throw invalidAnswer();
  return confirmed;
}

/**
 * `GET /api/me` with the restored token: who the server says this is. An expired backend token is
 * refreshed once first (as any request would), and the new token comes back with the answer; a
 * provider's token (`refresh` false) is never sent to `/api/auth/refresh-token`.
 */
export async function meRequest(accessToken: string, signal: AbortSignal, refresh = true): Promise<ConfirmedSession> {
  try {
    return await getMe(accessToken, signal);
  } catch (error) {
    if (!refresh || !(error instanceof ApiError) || error.status !== 401) throw error;
  }
  const token = await refreshTokenRequest(accessToken, signal);
  return { ...(await getMe(token.accessToken, signal)), token };
}
