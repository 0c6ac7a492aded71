/**
 * The API client's settings (src/lib/api-client.ts reads them at every request). Kept apart from the client
 * so the entry can wire the session and the embedded backend to it without carrying the client and ofetch:
 * those load with the first request.
 */
export interface ApiClientConfig {
  baseURL: string;
  appKey: string;
  getAccessToken: () => string | null;
  /**
   * Called with the token that got a 401. Resolves with the token to retry with (a refreshed one),
   * or rejects (the session expired). Wired to the session machine by the session module.
   */
  onUnauthorized: ((failedToken: string) => Promise<string>) | null;
  /** Called when the server answers 423 (the session is locked there): the session shows the lock screen. */
  onLocked: (() => void) | null;
  /**
   * Demo mode: resolves once the embedded backend answers (src/app/backend.ts). Every request waits for
   * it, so a request made while the backend still loads is answered by it, never sent to the network.
   * Rejects when the backend could not start: the request then fails with a 503.
   */
  whenReady: (() => Promise<void>) | null;
}

export const apiConfig: ApiClientConfig = {
  baseURL: import.meta.env.VITE_API_BASE_URL ?? '',
  appKey: import.meta.env.VITE_APP_KEY ?? 'service-unit-admin-demo-key',
  getAccessToken: () => {
    try {
      return globalThis.localStorage?.getItem('accessToken') ?? null;
    } catch {
      return null;
    }
  },
  onUnauthorized: null,
  onLocked: null,
  whenReady: null,
};

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  Object.assign(apiConfig, next);
}
