import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';
import { toIndex, toMarkdown } from '@machines/statecharts/markdown';
import { toMermaid } from '@machines/statecharts/mermaid';
import { MACHINES } from '@machines/statecharts/registry';
import { sessionMachine } from '@machines/session/session.machine';

// `npm run docs:statecharts` runs this file with UPDATE=1: it writes the pages instead of comparing them.
const ROOT = process.cwd();
const DIR = resolve(ROOT, 'docs/statecharts');
const UPDATE = process.env['UPDATE'] === '1';
const HINT = 'stale: run `npm run docs:statecharts`';

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return machineFiles(path);
    return /(\.|-)machine\.ts$/.test(e.name) ? [relative(ROOT, path)] : [];
  });
}

/**
 * The machine file with its `<name>.setup.ts` (its implementations, when kept apart), then the local files
 * it imports (child machines and types declare events it receives).
 */
function sourceOf(file: string): [own: string, imported: string] {
  const path = resolve(ROOT, file);
  const setupPath = path.replace(/\.machine\.ts$/, '.setup.ts');
  const machine = readFileSync(path, 'utf8');
  const own = existsSync(setupPath) ? `${machine}\n${readFileSync(setupPath, 'utf8')}` : machine;
  const imported = [...machine.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((m) => resolve(dirname(path), `${m[1] ?? ''}.ts`))
    .filter((p) => existsSync(p))
    .map((p) => readFileSync(p, 'utf8'));
  return [own, imported.join('\n')];
}

function check(path: string, expected: string): void {
  if (UPDATE) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path, expected);
    return;
  }
  const actual = existsSync(path) ? readFileSync(path, 'utf8') : null;
  expect(actual, `${relative(ROOT, path)} is missing or ${HINT}`).toBe(expected);
}

describe('docs/statecharts', () => {
  it('names every machine once', () => {
    const names = MACHINES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(MACHINES.map((m) => [m.name, m] as const))('docs/statecharts/%s.md is current', (name, subject) => {
    check(join(DIR, `${name}.md`), toMarkdown(subject, ...sourceOf(subject.file)));
  });

  it('README.md lists every machine', () => {
    check(join(DIR, 'README.md'), toIndex(MACHINES));
  });

  it('holds no page for a machine that is gone', () => {
    const pages = readdirSync(DIR).filter((f) => f.endsWith('.md') && f !== 'README.md');
    if (UPDATE) {
      for (const page of pages) if (!MACHINES.some((m) => `${m.name}.md` === page)) rmSync(join(DIR, page));
      return;
    }
    expect(pages.sort()).toEqual(MACHINES.map((m) => `${m.name}.md`).sort());
  });

  it('the registry lists every machine and machine factory a machine file exports', async () => {
    const missing: string[] = [];
    for (const file of machineFiles(resolve(ROOT, 'machines'))) {
      const module = (await import(/* @vite-ignore */ resolve(ROOT, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const isMachine = value instanceof StateMachine || (typeof value === 'function' && /^create\w*Machine$/.test(name));
        if (isMachine && !MACHINES.some((m) => m.file === file && m.exports.includes(name))) missing.push(`${file}#${name}`);
      }
    }
    expect(missing, 'add these to machines/statecharts/registry.ts').toEqual([]);
  });

  it('the session chart shows every state, the parallel access and token regions, and both renewal paths', () => {
    const diagram = toMermaid(sessionMachine);
    for (const state of [
      'restoring',
      'confirming',
      'confirmFailed',
      'signedOut',
      'signingIn',
      'signedIn (parallel)',
      'access',
      'token',
      'active',
      'locked',
      'locking',
      'unlocking',
      'valid',
      'expired',
      'refreshing',
      'renewingSilently',
      'signingOut',
    ]) {
      expect(diagram).toContain(`"${state}"`);
    }
    // A 401 renews through the provider in a provider session, else through the backend's refresh.
    expect(diagram).toContain('signedIn_token_valid --> signedIn_token_renewingSilently: session.unauthorized [isProviderSession]');
    expect(diagram).toContain('signedIn_token_valid --> signedIn_token_refreshing: session.unauthorized');
    expect(diagram).toContain('signedIn_token_refreshing --> signedIn_token_valid: done(refreshToken)');
    expect(diagram).toContain('signedIn_token_refreshing --> signedOut: error(refreshToken)');
    // A failed renewal is retried once, then the session ends.
    expect(diagram).toContain('signedIn_token_renewingSilently_attempt --> signedIn_token_renewingSilently_retry: error(renewal)');
    expect(diagram).toContain('signedIn_token_renewingSilently_retry --> signedOut: error(renewalRetry)');
    expect(diagram).toContain('signedIn_access_active --> signedIn_access_locked_locking: after(idleTimeout) [canIdleLock]');
    // A restored session is confirmed by the server before it counts; a 423 is the lock screen, never a sign-out.
    expect(diagram).toContain('restoring --> confirming: always [isStoredSessionValid]');
    expect(diagram).toContain('restoring --> confirming_renewing: always [isStoredProviderSession]');
    expect(diagram).toContain('confirming_asking --> signedIn: done(fetchMe)');
    expect(diagram).toContain('confirming_asking --> signedIn_access_locked: error(fetchMe) [isLockedError]');
    expect(diagram).toContain('confirming_asking --> signedOut: error(fetchMe) [isUnauthorizedError]');
    expect(diagram).toContain('signedIn_access_active --> signedIn_access_locked: session.server.locked');
  });

  it('docs/auth.md links to the generated session chart instead of holding a copy', () => {
    const doc = readFileSync(resolve(ROOT, 'docs/auth.md'), 'utf8');
    expect(doc).toContain('](statecharts/session.md)');
    expect(doc).not.toContain('stateDiagram');
  });

  it('docs/testing-machines.md walks from a bug report to a test in five steps, each with a screenshot that exists', () => {
    const doc = readFileSync(resolve(ROOT, 'docs/testing-machines.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## From a bug report to a test'), doc.indexOf('## One worked example per machine'));
    expect(section.match(/^\d\. \*\*/gm)).toEqual(['1. **', '2. **', '3. **', '4. **', '5. **']);
    const images = [...section.matchAll(/!\[[^\]]+\]\((images\/[^)]+\.png)\)/g)].map((m) => m[1] ?? '');
    expect(images).toHaveLength(5);
    for (const image of images) {
      const bytes = readFileSync(resolve(ROOT, 'docs', image));
      // A PNG, not a placeholder.
      expect(bytes.subarray(1, 4).toString('latin1'), image).toBe('PNG');
      expect(bytes.length, image).toBeGreaterThan(10_000);
    }
  });
});
