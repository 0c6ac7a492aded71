import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Few, large chunks for the first load: left alone, the bundler makes every module the entry shares with a
 * lazy page a file of its own, and each small file costs a request and its own compression. Here:
 * - `boot`: what the HTML page's scripts (src/lib/security.ts, src/main.tsx) import statically;
 * - `auth-forms`: what the sign-in page imports statically beyond `boot`: Mantine's inputs, @mantine/form,
 *   the form's machine and server-message mapping (the other public form pages share most of it).
 * Everything else (lazy pages, the app shell, Mirage, the explorer) is left to the bundler.
 *
 * Both sets follow static imports only, and through a package's index ("barrel": @mantine/core,
 * @tabler/icons-react, …) only to the modules of the names actually imported: following every re-export
 * would pull the whole component library into the first load.
 */
const file = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const BOOT_ROOTS = ['../src/lib/security.ts', '../src/main.tsx'].map(file);
// The sign-in page only: the register page's schema (and zod with it) must not come with it.
const FORM_ROOTS = [file('../src/features/auth/login-page.tsx')];
/**
 * Rendered in demo mode only, behind an `import.meta.env.VITE_API_MODE !== 'remote'` test that a remote build
 * compiles out. Their import statements stay, though, so the sets would still pull them in (and components only
 * other pages use) unless remote builds skip them.
 */
const DEMO_ONLY = ['../src/app/backend.ts', '../src/app/backend-progress.tsx', '../src/features/auth/components/demo-accounts-box.tsx'].map(
  file,
);

/**
 * Packages the walk reaches through names the first screen never runs: @xstate/react's module imports
 * `createActor` for hooks the app does not use there (it uses `useSelector`), and the explorer's recording code
 * (compiled out of remote builds) imports XState's `StateMachine`. The session's actor and machine load after
 * the first screen (src/lib/session/current.ts), so XState is left to the bundler, which places the code that
 * survives tree-shaking with the modules that use it: a remote /login loads none of it.
 */
const LEFT_TO_THE_BUNDLER = ['/node_modules/xstate/'];

/** Recharts, Mantine's chart components and the d3 modules only they use (vite config: their own `charts` chunk). */
const CHART_PACKAGES = /\/node_modules\/(recharts|@mantine\/charts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light)\//;

interface Info {
  id: string;
  code: string | null;
  importedIds: readonly string[];
}
interface Graph {
  getModuleInfo(id: string): Info | null;
}

const STATEMENT = /(?:^|[\n;])\s*(import|export)\s*([^'";]*?)\s*(?:from\s*)?["']([^"']+)["']/g;
const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** A module made only of imports and re-exports (a package index). */
function isBarrel(info: Info): boolean {
  if (!info.id.includes('/node_modules/') || info.importedIds.length === 0 || info.code === null) return false;
  const rest = stripComments(info.code)
    .replace(/(?:import|export)\s*[^'";]*?\s*from\s*["'][^"']+["'];?/g, '')
    .replace(/export\s*\{[^}]*\};?/g, '')
    .replace(/import\s*["'][^"']+["'];?/g, '');
  return rest.trim() === '';
}

/** `a, b as c, default as d` → [[imported, local]]. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return [imported as string, (local ?? imported) as string];
    });
}

/** Names a module imports from each specifier ('*' = all of it). */
function importsBySpecifier(code: string): Map<string, Set<string> | '*'> {
  const out = new Map<string, Set<string> | '*'>();
  for (const [, , clause = '', spec = ''] of stripComments(code).matchAll(STATEMENT)) {
    const names = out.get(spec);
    if (names === '*') continue;
    if (clause.includes('*')) {
      out.set(spec, '*');
      continue;
    }
    const set = names ?? new Set<string>();
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) for (const [imported] of bindings(braces[1] as string)) set.add(imported);
    const head = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (head !== '' && head !== 'type') set.add('default');
    out.set(spec, set);
  }
  return out;
}

/** Which modules of a barrel provide which exported names: name → [module id, its export name]. */
function barrelExports(info: Info): { named: Map<string, [string, string]>; stars: string[] } {
  const code = stripComments(info.code ?? '');
  const at = (spec: string) => resolve(dirname(info.id), spec);
  const locals = new Map<string, [string, string]>();
  const named = new Map<string, [string, string]>();
  const stars: string[] = [];
  for (const [statement, kind, clause = '', spec = ''] of code.matchAll(STATEMENT)) {
    const braces = /\{([^}]*)\}/.exec(clause);
    const starAs = /\*\s*as\s+([\w$]+)/.exec(clause);
    if (kind === 'import') {
      if (braces) for (const [imported, local] of bindings(braces[1] as string)) locals.set(local, [at(spec), imported]);
      if (starAs) locals.set(starAs[1] as string, [at(spec), '*']);
    } else if (braces) {
      for (const [imported, exported] of bindings(braces[1] as string)) named.set(exported, [at(spec), imported]);
    } else if (starAs) {
      named.set(starAs[1] as string, [at(spec), '*']);
    } else if (/export\s*\*/.test(statement)) {
      stars.push(at(spec));
    }
  }
  for (const [, list = ''] of code.matchAll(/export\s*\{([^}]*)\}\s*;?(?!\s*from)/g)) {
    for (const [local, exported] of bindings(list)) {
      const source = locals.get(local);
      if (source) named.set(exported, source);
    }
  }
  return { named, stars };
}

/** The package a bare specifier or a node_modules path names. */
function packageOf(specOrId: string): string | undefined {
  const path = specOrId.includes('/node_modules/') ? specOrId.slice(specOrId.lastIndexOf('/node_modules/') + 14) : specOrId;
  if (path.startsWith('.') || path.startsWith('/')) return undefined;
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function staticClosure(graph: Graph, roots: readonly string[], skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const parents = new Map<string, string>();
  const visitedNames = new Map<string, Set<string>>();
  const barrels = new Map<string, ReturnType<typeof barrelExports> | null>();
  const barrelOf = (info: Info) => {
    if (!barrels.has(info.id)) barrels.set(info.id, isBarrel(info) ? barrelExports(info) : null);
    return barrels.get(info.id) ?? null;
  };

  const visitModule = (id: string, from = ''): void => {
    if (seen.has(id) || skip.has(id)) return;
    if (process.env.BOOT_CHUNKS_DEBUG) parents.set(id, from);
    const info = graph.getModuleInfo(id);
    if (!info) return;
    if (barrelOf(info)) return visitNames(info, '*');
    seen.add(id);
    const imports = info.code === null ? undefined : importsBySpecifier(info.code);
    for (const dep of info.importedIds) {
      const depInfo = graph.getModuleInfo(dep);
      if (depInfo && barrelOf(depInfo)) {
        // The names this module takes from that package's index; unknown → all of it.
        const pkg = packageOf(dep);
        let names: Set<string> | '*' | undefined;
        for (const [spec, n] of imports ?? []) {
          if (packageOf(spec) !== pkg) continue;
          names = n === '*' || names === '*' ? '*' : new Set([...(names ?? []), ...n]);
        }
        visitNames(depInfo, names ?? '*');
      } else visitModule(dep, id);
    }
  };

  const visitNames = (barrel: Info, names: Set<string> | '*'): void => {
    const exports = barrelOf(barrel);
    if (!exports) return visitModule(barrel.id);
    const done = visitedNames.get(barrel.id) ?? new Set<string>();
    visitedNames.set(barrel.id, done);
    if (names === '*') {
      if (done.has('*')) return;
      done.add('*');
      for (const dep of barrel.importedIds) visitModule(dep);
      return;
    }
    for (const name of names) {
      if (done.has(name) || done.has('*')) continue;
      done.add(name);
      const source = exports.named.get(name);
      if (!source) {
        for (const star of exports.stars) visitModule(star);
        continue;
      }
      const [target, imported] = source;
      const info = graph.getModuleInfo(target);
      if (!info) continue;
      if (barrelOf(info)) visitNames(info, imported === '*' ? '*' : new Set([imported]));
      else visitModule(target);
    }
  };

  for (const root of roots) visitModule(root);
  // BOOT_CHUNKS_DEBUG=/tmp/x: writes each set ("module <- importer") to /tmp/x<roots>, to see why a module is in it.
  if (process.env.BOOT_CHUNKS_DEBUG)
    writeFileSync(process.env.BOOT_CHUNKS_DEBUG + roots.length, [...parents].map(([a, b]) => `${a} <- ${b}`).join('\n'));
  return seen;
}

export function bootChunks(): Plugin {
  let groups: { boot: Set<string>; forms: Set<string> } | undefined;
  let remote = false;
  const groupOf = (id: string, graph: Graph): 'boot' | 'auth-forms' | null => {
    if (!groups) {
      const skip = new Set(remote ? DEMO_ONLY : []);
      const boot = staticClosure(graph, BOOT_ROOTS, skip);
      groups = { boot, forms: staticClosure(graph, FORM_ROOTS, new Set([...boot, ...skip])) };
    }
    // The page scripts stay in the HTML entry's chunk (it then imports `boot`), the form pages in their own
    // chunks (they import `auth-forms`); virtual helpers
    // (Vite's preload polyfill, the bundler's runtime) stay where the bundler puts them: the silent-renewal
    // page shares some of them and must not load the app's boot chunk.
    // Translations are left out too: src/lib/i18n.ts imports every language's files in its (test-only) branch,
    // so the static graph overstates what the entry uses; the bundler places them where they are used.
    if (BOOT_ROOTS.includes(id) || FORM_ROOTS.includes(id) || id.startsWith('\0') || id.includes('?') || id.includes('/src/locales/'))
      return null;
    if (LEFT_TO_THE_BUNDLER.some((path) => id.includes(path))) return null;
    if (groups.boot.has(id)) return 'boot';
    if (groups.forms.has(id)) return 'auth-forms';
    return null;
  };
  return {
    name: 'boot-chunks',
    apply: 'build',
    configResolved(config) {
      remote = config.env['VITE_API_MODE'] === 'remote';
    },
    buildStart() {
      groups = undefined;
    },
    // The sign-in page's chunks are fetched (and compiled off the main thread) with the entry, not after the
    // entry has run and asked for them: most first visits land on /login, and other pages pay a small download.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return html;
        const files = new Set<string>();
        for (const chunk of Object.values(ctx.bundle)) {
          if (chunk.type !== 'chunk' || chunk.facadeModuleId !== FORM_ROOTS[0]) continue;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) if (ctx.bundle[imported]?.name === 'auth-forms') files.add(imported);
        }
        return [...files].map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Higher priority first: a module of the boot set never lands in auth-forms.
                groups: [
                  { name: (id: string, ctx: Graph) => (groupOf(id, ctx) === 'boot' ? 'boot' : null), debugName: 'boot', priority: 2 },
                  {
                    name: (id: string, ctx: Graph) => (groupOf(id, ctx) === 'auth-forms' ? 'auth-forms' : null),
                    debugName: 'auth-forms',
                    priority: 1,
                  },
                  // The chart library and its d3 parts in a chunk of their own: with one page using them (the prediction
                  // report) the bundler would put them in that page's chunk, over the route-chunk budget.
                  {
                    name: (id: string) => (CHART_PACKAGES.test(id) ? 'charts' : null),
                    debugName: 'charts',
                    priority: 0,
                    entriesAware: true,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
