import { createFetch, FetchError } from 'ofetch';
import { apiConfig as config } from './api-config';
import { noteApiCall } from './inspection';

// The client's settings live in a module of their own, so the session and the embedded backend can set them
// without the entry carrying this client and ofetch.
export { configureApiClient, type ApiClientConfig } from './api-config';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** 'bearer' (default): the session's token; 'appKey': the fixed application key (login, registration); 'none'. */
  auth?: 'bearer' | 'appKey' | 'none';
  /** Do not hand a 401 to the session (the refresh call itself). */
  skipRefresh?: boolean;
  /** Bearer token to send instead of the stored one (sign-out, after storage is cleared). */
  token?: string;
  /**
   * Creates: send an `Idempotency-Key` so the server does the create at most once. `true`: one key per
   * submission: sending the same request again after its answer was lost (network error, status 0) reuses
   * the key, so the server replays its first answer instead of creating twice; once an answer arrives the
   * next submission gets a new key. A string: that key.
   */
  idempotent?: boolean | string;
  /** Writes: the record's version as last read (its ETag); a change made meanwhile is refused with 412. */
  ifMatch?: string | null;
}

/** Keys of submissions whose answer has not arrived, by method + URL + body. */
const pendingSubmissionKeys = new Map<string, string>();

function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function submissionFingerprint(method: string, url: string, body: unknown): string {
  return `${method} ${url} ${JSON.stringify(body ?? null)}`;
}

/** An HTTP failure with the server's message and per-field errors (422). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function toPlainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  // Pretender's fetch polyfill ignores a native Headers object: hand it a plain one. Read the
  // object through its own forEach: Pretender swaps globalThis.Headers, so `new Headers(native)` comes out empty.
  const plain: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (const [key, value] of headers) if (key !== undefined && value !== undefined) plain[key] = value;
  } else if (typeof (headers as Headers).forEach === 'function') {
    (headers as Headers).forEach((value, key) => {
      plain[key] = value;
    });
  } else {
    Object.assign(plain, headers);
  }
  return plain;
}

// Resolve fetch at call time: Mirage (Pretender) replaces globalThis.fetch after this module loads.
const $fetch = createFetch({
  fetch: (input, init) => globalThis.fetch(input, { ...init, headers: toPlainHeaders(init?.headers) }),
  Headers: globalThis.Headers,
  AbortController: globalThis.AbortController,
});

function messageOf(data: unknown, fallback: string): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return fallback;
}

function fieldErrorsOf(data: unknown): Record<string, string> {
  if (data && typeof data === 'object' && 'errors' in data && data.errors && typeof data.errors === 'object') {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(data.errors)) {
      if (typeof value === 'string') out[key] = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
    }
    return out;
  }
  return {};
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.data;
    return new ApiError(
      messageOf(data, status === 0 ? 'Network error' : (error.statusText ?? 'Request failed')),
      status,
      data,
      fieldErrorsOf(data),
    );
  }
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new ApiError(error instanceof Error ? error.message : 'Request failed', 0, undefined);
}

async function send<T>(method: string, url: string, body: unknown, options: RequestOptions): Promise<T> {
  const auth = options.auth ?? 'bearer';
  const fingerprint = options.idempotent === true ? submissionFingerprint(method, url, body) : null;
  let idempotencyKey: string | null = typeof options.idempotent === 'string' ? options.idempotent : null;
  if (fingerprint !== null) {
    idempotencyKey = pendingSubmissionKeys.get(fingerprint) ?? newIdempotencyKey();
    pendingSubmissionKeys.set(fingerprint, idempotencyKey);
  }
  try {
    const answer = await sendOnce<T>(method, url, body, options, auth, idempotencyKey);
    if (fingerprint !== null) pendingSubmissionKeys.delete(fingerprint);
    return answer;
  } catch (error) {
    // An answer arrived (even a refusal): the next submission is a new one. A lost answer keeps the key for a retry.
    if (fingerprint !== null && !(error instanceof ApiError && error.isNetworkError)) pendingSubmissionKeys.delete(fingerprint);
    throw error;
  }
}

async function sendOnce<T>(
  method: string,
  url: string,
  body: unknown,
  options: RequestOptions,
  auth: NonNullable<RequestOptions['auth']>,
  idempotencyKey: string | null,
): Promise<T> {
  const run = (token: string | null) => {
    const sent = Date.now();
    // For the machine explorer's recordings (nothing when none runs).
    const note = (status: number) => noteApiCall({ at: sent, method, path: url, status, ms: Date.now() - sent });
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
    if (options.ifMatch) headers['If-Match'] = options.ifMatch;
    if (auth === 'bearer' && token) headers['Authorization'] = `Bearer ${token}`;
    if (auth === 'appKey') headers['key'] = config.appKey;
    return $fetch<T>(url, {
      baseURL: config.baseURL || undefined,
      method,
      headers,
      retry: 0,
      ...(body !== undefined ? { body: body as Record<string, unknown> } : {}),
      ...(options.query ? { query: options.query } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onResponse: ({ response }) => note(response.status),
      onRequestError: () => note(0),
    });
  };
  if (config.whenReady) {
    try {
      await config.whenReady();
    } catch (error) {
      throw new ApiError(error instanceof Error ? error.message : 'The demo backend could not start', 503, undefined);
    }
    // Aborted while the demo backend loaded: its caller has moved on (React's development remount
    // restarts the list), so nothing is delivered, as for an abort below.
    if (options.signal?.aborted) return new Promise<T>(() => undefined);
  }
  const token = auth === 'bearer' ? (options.token ?? config.getAccessToken()) : null;
  try {
    return await run(token);
  } catch (error) {
    // Its caller aborted it and has moved on: nothing is delivered, not even the abort. (A machine that
    // is stopped and started again, as React's development mode does, would take a late "Network error"
    // for the request it started next: both are its `fetchPage` invoke.)
    if (options.signal?.aborted) return new Promise<T>(() => undefined);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const apiError = toApiError(error);
    // 423: locked on the server. The lock screen, never a refresh or a sign-out (docs/auth.md).
    if (apiError.status === 423 && auth === 'bearer') config.onLocked?.();
    const canRefresh = apiError.status === 401 && auth === 'bearer' && !options.skipRefresh && config.onUnauthorized && token;
    if (!canRefresh || !config.onUnauthorized || !token) throw apiError;
    let fresh: string;
    try {
      fresh = await config.onUnauthorized(token);
    } catch (refreshError) {
      // The session ended (refresh refused, sign-out): the caller sees a 401 "session expired".
      throw new ApiError(refreshError instanceof Error ? refreshError.message : 'Session expired', 401, apiError.data);
    }
    try {
      return await run(fresh);
    } catch (retryError) {
      throw toApiError(retryError);
    }
  }
}

/** The one HTTP client of the app. Every feature's API module calls it. */
export const apiClient = {
  get: <T>(url: string, options: RequestOptions = {}) => send<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options: RequestOptions = {}) => send<T>('POST', url, body ?? {}, options),
  put: <T>(url: string, body?: unknown, options: RequestOptions = {}) => send<T>('PUT', url, body ?? {}, options),
  patch: <T>(url: string, body?: unknown, options: RequestOptions = {}) => send<T>('PATCH', url, body ?? {}, options),
  delete: <T>(url: string, options: RequestOptions = {}) => send<T>('DELETE', url, undefined, options),
};
