/**
 * What the Content-Security-Policy needs before any other module runs (imported first by src/main.tsx;
 * docs/security.md):
 * - Trusted Types: the default policy for Mantine's style tags (src/lib/trusted-types.ts).
 * - zod without its JIT: zod probes `new Function('')` to decide whether to compile parsers, which the
 *   policy (no 'unsafe-eval') refuses and reports. zod keeps its global settings on
 *   `globalThis.__zod_globalConfig` (zod/v4/core/core.js reads it when it loads, and `z.config()` writes
 *   it); setting `jitless` there before zod's chunk loads is `z.config({ jitless: true })` without pulling
 *   zod into the entry chunk. src/lib/security.test.ts checks zod sees it.
 */
import { installTrustedTypes } from './trusted-types';

const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod uses, whether zod has loaded already or not.
(zodHolder.__zod_globalConfig ??= {}).jitless = true;

installTrustedTypes();
