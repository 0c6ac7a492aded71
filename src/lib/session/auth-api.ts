import type { Credentials, RefreshedToken } from '@machines/session/session.machine';
import { isRoleNumber, parseUser, type SessionData } from '@machines/session/stored-session';
import { apiClient, ApiError } from '../api-client';
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
 * gets the lock after another one refreshed finds the new token in storage and uses it instead.
 */
export async function refreshTokenRequest(accessToken: string, signal: AbortSignal): Promise<RefreshedToken> {
  const run = async (): Promise<RefreshedToken> => {
    const stored = readAccessToken();
    if (stored && stored !== accessToken) return { accessToken: stored, tokenExpiry: readTokenExpiry() };
    return postRefresh(accessToken, signal);
  };
  const locks = globalThis.navigator?.locks;
  if (!locks) return run();
  return locks.request('service-unit-admin-token-refresh', { signal }, run);
}

export async function logoutRequest(accessToken: string | null): Promise<void> {
  if (!accessToken) return;
  await apiClient.post('/api/auth/logout', {}, { skipRefresh: true, token: accessToken });
}

/** Checks the password with the current token, even an expired one (the server accepts it for unlocking). */
export async function unlockRequest(password: string): Promise<void> {
  await apiClient.post('/api/auth/unlock', { password }, { skipRefresh: true });
}
