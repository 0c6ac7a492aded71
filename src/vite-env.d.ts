/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `mirage` (default): the embedded backend; `remote`: requests go to VITE_API_BASE_URL. */
  readonly VITE_API_MODE?: 'mirage' | 'remote';
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_APP_KEY?: string;
  readonly VITE_MOCK_LATENCY_MS?: string;
  readonly VITE_MOCK_TOKEN_LIFETIME_S?: string;
  readonly VITE_SEED?: string;
  readonly VITE_IDLE_LOCK_MINUTES?: string;
  /** `true`: a remote build includes the machine explorer (/dev/statecharts); demo and development builds always do. */
  readonly VITE_DEVTOOLS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A YAML file's data, parsed at build time (build/parsed-yaml.ts). */
declare module '*.yaml?parsed' {
  const data: unknown;
  export default data;
}
