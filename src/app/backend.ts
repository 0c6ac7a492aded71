import { registerDemoDataReset } from '@/lib/session';

/** Starts the embedded Mirage backend unless a remote API is configured. Mirage is its own chunk: remote builds never download it. */
export async function startBackend(env: ImportMetaEnv = import.meta.env): Promise<void> {
  if ((env.VITE_API_MODE ?? 'mirage') === 'remote') return;
  const { startBrowserServer, resetBrowserDemoData } = await import('@mirage/browser');
  // Registered first: when the stored data breaks the start, "Reset demo data" is the way out.
  registerDemoDataReset(resetBrowserDemoData);
  await startBrowserServer({
    latencyMs: env.VITE_MOCK_LATENCY_MS,
    tokenLifetimeS: env.VITE_MOCK_TOKEN_LIFETIME_S,
    seed: env.VITE_SEED,
  });
}
