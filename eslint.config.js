// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The project's layer rules, enforced here rather than by convention:
 * - machines/ imports only xstate and machines/ (tests may also use vitest);
 * - core/ (pure rules shared by the app and both backends that need a package machines/ may not import)
 *   imports only re2js, zod, core/, machines/text/text-rules (the one text rule), machines/service-units/unit-status
 *   (the one online rule) and `import type` from machines/ (tests may also use vitest): never
 *   miragejs, node:*, src/, mirage/ or server/, so the browser app, the embedded backend and the Node server all run it;
 * - api/ (the one API app, createApp(env)) imports only hono, api/, core/, types from machines/ and the values mirage/ may
 *   take from machines/: never miragejs, mirage/, server/ or src/, so the Node server and the browser both run it;
 * - mirage/ imports miragejs, idb-keyval, idb (the row store), zod (stored-row schemas), re2js (linear-time regular expressions), jose (verifies the identity provider's tokens), @noble/hashes (scrypt password hashes), uuid (new records' UUIDv7 ids), mirage/, core/, `import type` from machines/ and values from machines/permissions/ (one can()), machines/service-units/unit-status (one online rule) and the pure rules modules machines/<domain>/<name>-rules (the text rule, a task's and an email's limits) only;
 * - src/features/<a> never imports src/features/<b>, src/app or mirage/;
 * - shared code (src/lib, src/components, src/hooks, src/config, src/locales, src/types) imports no feature and not src/app;
 * - src/ reaches mirage/ only through a dynamic import() in src/app or src/main.tsx, so remote builds never download it;
 * - miragejs is imported only inside mirage/: every other file (server/, tests/, scripts) takes what it needs from mirage/'s own exports;
 * - server/ (the Node server) runs mirage/'s domains over PostgreSQL and never imports src/ (the app);
 * - agent/ (the reference agent, run on a unit) imports only agent/, node:*, systeminformation, screenshot-desktop, jpeg-js,
 *   core/process-rules and core/url-policy (the one process-rule decision and URL policy translation, which the simulated agents apply too: no copy; as core/ modules they
 *   import only what core/ may, all of which runs on Node) and, as types only, the contract's generated types
 *   (src/lib/api/schema) (its tests also vitest and server/, to run against a real server): it talks to the server
 *   over HTTP only.
 */
const SHARED = ['lib', 'components', 'hooks', 'config', 'locales', 'types', 'test-utils'];

/** @param {string} spec @param {string} fileAbs @param {string} root */
function resolveSpec(spec, fileAbs, root) {
  let abs = null;
  if (spec.startsWith('.')) abs = path.resolve(path.dirname(fileAbs), spec);
  else if (spec.startsWith('@/')) abs = path.join(root, 'src', spec.slice(2));
  else if (spec.startsWith('@machines/')) abs = path.join(root, 'machines', spec.slice('@machines/'.length));
  else if (spec.startsWith('@mirage/')) abs = path.join(root, 'mirage', spec.slice('@mirage/'.length));
  if (abs === null) return null;
  return path.relative(root, abs).split(path.sep).join('/');
}

/** @param {string} rel */
function layerOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'machines') return { layer: 'machines' };
  if (parts[0] === 'core') return { layer: 'core' };
  if (parts[0] === 'api') return { layer: 'api' };
  if (parts[0] === 'mirage') return { layer: 'mirage' };
  if (parts[0] === 'server') return { layer: 'server' };
  if (parts[0] === 'agent') return { layer: 'agent' };
  if (parts[0] === 'src') {
    if (parts[1] === 'features') return { layer: 'feature', feature: parts[2] };
    if (parts[1] === 'app' || parts[1] === 'main.tsx') return { layer: 'app' };
    if (parts[1] && SHARED.includes(parts[1])) return { layer: 'shared' };
    return { layer: 'src' };
  }
  return { layer: 'other' };
}

/**
 * The values mirage/ may import from machines/: pure rules the server and the screens must share —
 * one can() (machines/permissions/), one online-status rule (machines/service-units/unit-status) and one
 * text rule (machines/text/text-rules: the forms and machines validate drafts with it, so the backend,
 * which has the last word, must refuse exactly what they refuse, not a copy that could drift).
 */
const isPermissions = (/** @type {string | null} */ rel) =>
  rel !== null &&
  (rel.startsWith('machines/permissions/') || /^machines\/service-units\/unit-status(\.ts)?$/.test(rel) || isRulesModule(rel));

/**
 * A pure rules module of machines/ (`machines/<domain>/<name>-rules.ts`: the text rule, a task's or an email's limits):
 * values only, no xstate, so the backend refuses with the very limits the machines check drafts with.
 */
const isRulesModule = (/** @type {string | null} */ rel) => rel !== null && /^machines\/[a-z-]+\/[a-z-]+-rules(\.ts)?$/.test(rel);

/**
 * What core/ may take from machines/ as values: the text rule (core/'s input rules apply it first, as the forms
 * and the backend do) and the online rule (a list's status filter and sort derive from it, in memory and in SQL).
 */
const isTextRule = (/** @type {string | null} */ rel) =>
  rel !== null && (/^machines\/text\/text-rules(\.ts)?$/.test(rel) || /^machines\/service-units\/unit-status(\.ts)?$/.test(rel));

const isPackage = (/** @type {string} */ spec, /** @type {string[]} */ names) => names.some((n) => spec === n || spec.startsWith(`${n}/`));

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import boundaries between machines, core, mirage, shared code, features and app' },
    schema: [],
    messages: {
      machines: "machines/ may import only 'xstate' and machines/: '{{spec}}' is not allowed (provide it as an actor from src/ instead).",
      core: "core/ may import only 're2js', 'zod', core/, machines/text/text-rules, machines/service-units/unit-status and types from machines/: '{{spec}}' is not allowed (the app and both backends run core/).",
      api: "api/ may import only 'hono', api/, core/, types from machines/, machines/permissions/, machines/service-units/unit-status and the rules modules machines/<domain>/<name>-rules: '{{spec}}' is not allowed (both backends run the app; they give it what it needs in env).",
      mirage:
        "mirage/ may import only 'miragejs', 'idb-keyval', 'idb', 'zod', 're2js', 'jose', '@noble/hashes', 'route-recognizer', 'uuid', mirage/, core/, types from machines/, machines/permissions/, machines/service-units/unit-status and the rules modules machines/<domain>/<name>-rules: '{{spec}}' is not allowed.",
      rulesModule:
        "A rules module (machines/<domain>/<name>-rules.ts) stays pure, for the backend imports it: only other rules modules and types, not '{{spec}}'.",
      crossFeature: "Feature '{{from}}' must not import feature '{{to}}': move the shared piece to src/lib or src/components.",
      upward: "'{{spec}}' imports upwards ({{from}} → {{to}}): imports flow shared → features → app.",
      staticMirage: "'{{spec}}': mirage/ is loaded only with a dynamic import() from src/app, so remote builds never download it.",
      miragejs:
        "'{{spec}}': miragejs is imported only inside mirage/; take what you need from mirage/'s own exports (the Server type from mirage/server, Response from mirage/test-support).",
      serverApp: "server/ must not import the app ('{{spec}}'): the server shares mirage/'s domains and machines/permissions, never src/.",
      agent:
        "agent/ may import only agent/, node:*, 'systeminformation', 'screenshot-desktop', 'jpeg-js', core/process-rules, core/url-policy and the contract's types (import type from src/lib/api/schema; its tests also 'vitest' and server/): '{{spec}}' is not allowed (the agent reaches the server over HTTP only).",
    },
  },
  create(context) {
    const root = context.cwd;
    const fileRel = path.relative(root, context.filename).split(path.sep).join('/');
    const from = layerOf(fileRel);
    const isTest = /\.test\.tsx?$/.test(fileRel);

    /** @param {import('estree').Node} node @param {string} spec @param {{typeOnly: boolean, dynamic: boolean}} kind */
    function check(node, spec, kind) {
      const target = resolveSpec(spec, context.filename, root);
      const to = target === null ? null : layerOf(target);
      if (from.layer === 'machines') {
        const ok = to ? to.layer === 'machines' : isPackage(spec, isTest ? ['xstate', 'vitest'] : ['xstate']);
        if (!ok) context.report({ node, messageId: 'machines', data: { spec } });
        else if (isRulesModule(fileRel) && !(to && (kind.typeOnly || isRulesModule(target))))
          context.report({ node, messageId: 'rulesModule', data: { spec } });
        return;
      }
      if (from.layer === 'core') {
        const ok = to
          ? to.layer === 'core' || (to.layer === 'machines' && (kind.typeOnly || isTextRule(target)))
          : isPackage(spec, isTest ? ['re2js', 'zod', 'vitest'] : ['re2js', 'zod']);
        if (!ok) context.report({ node, messageId: 'core', data: { spec } });
        return;
      }
      if (from.layer === 'api') {
        const ok = to
          ? to.layer === 'api' || to.layer === 'core' || (to.layer === 'machines' && (kind.typeOnly || isPermissions(target)))
          : isPackage(spec, isTest ? ['hono', 'vitest'] : ['hono']);
        if (!ok) context.report({ node, messageId: 'api', data: { spec } });
        return;
      }
      if (from.layer === 'mirage') {
        const ok = to
          ? to.layer === 'mirage' ||
            to.layer === 'core' ||
            to.layer === 'api' ||
            (to.layer === 'machines' && (kind.typeOnly || isPermissions(target)))
          : isPackage(
              spec,
              isTest
                ? [
                    'miragejs',
                    'idb-keyval',
                    'idb',
                    'zod',
                    're2js',
                    'jose',
                    '@noble/hashes',
                    'route-recognizer',
                    'uuid',
                    'vitest',
                    'fake-indexeddb',
                  ]
                : ['miragejs', 'idb-keyval', 'idb', 'zod', 're2js', 'jose', '@noble/hashes', 'route-recognizer', 'uuid'],
            );
        if (!ok) context.report({ node, messageId: 'mirage', data: { spec } });
        return;
      }
      if (from.layer === 'agent') {
        const ok = to
          ? to.layer === 'agent' ||
            /^core\/(process-rules|url-policy)(\.ts)?$/.test(target ?? '') ||
            // The contract's generated types, as types only: the agent speaks the contract, and runs nothing of the app.
            (kind.typeOnly && /^src\/lib\/api\/schema(\.ts)?$/.test(target ?? '')) ||
            (isTest && to.layer === 'server')
          : spec.startsWith('node:') ||
            isPackage(
              spec,
              isTest
                ? ['systeminformation', 'screenshot-desktop', 'jpeg-js', 'vitest']
                : ['systeminformation', 'screenshot-desktop', 'jpeg-js'],
            );
        if (!ok) context.report({ node, messageId: 'agent', data: { spec } });
        return;
      }
      if (isPackage(spec, ['miragejs'])) {
        context.report({ node, messageId: 'miragejs', data: { spec } });
        return;
      }
      if (!to) return;
      if (from.layer === 'server') {
        if (['app', 'feature', 'shared', 'src'].includes(to.layer)) context.report({ node, messageId: 'serverApp', data: { spec } });
        return;
      }
      if (to.layer === 'mirage' && from.layer !== 'other') {
        if (!(kind.dynamic && from.layer === 'app')) context.report({ node, messageId: 'staticMirage', data: { spec } });
        return;
      }
      if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
        context.report({ node, messageId: 'crossFeature', data: { from: String(from.feature), to: String(to.feature) } });
        return;
      }
      const rank = { shared: 0, feature: 1, src: 1, app: 2 };
      /** @type {Record<string, number>} */
      const r = rank;
      if (from.layer in r && to.layer in r && (r[to.layer] ?? 0) > (r[from.layer] ?? 0)) {
        context.report({ node, messageId: 'upward', data: { spec, from: from.layer, to: to.layer } });
      }
    }

    return {
      ImportDeclaration(node) {
        const typeOnly =
          /** @type {{importKind?: string}} */ (node).importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => /** @type {{importKind?: string}} */ (s).importKind === 'type'));
        check(node, String(node.source.value), { typeOnly, dynamic: false });
      },
      ExportNamedDeclaration(node) {
        if (node.source)
          check(node, String(node.source.value), {
            typeOnly: /** @type {{exportKind?: string}} */ (node).exportKind === 'type',
            dynamic: false,
          });
      },
      ExportAllDeclaration(node) {
        check(node, String(node.source.value), {
          typeOnly: /** @type {{exportKind?: string}} */ (node).exportKind === 'type',
          dynamic: false,
        });
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
          check(node, node.source.value, { typeOnly: false, dynamic: true });
        }
      },
    };
  },
};

export const projectPlugin = { rules: { layers: layersRule } };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'tmp-*/**',
      'bench-results/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      // Generated from docs/api/openapi.yaml (npm run api:validators).
      'api/contract/*.generated.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, project: projectPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'project/layers': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The session module is imported through its index (./light on the first screen), never its inner files.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/session/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/session/*', '!**/lib/session/light'],
              message: 'Import @/lib/session (or @/lib/session/light on the first screen).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
