import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import mermaid from 'mermaid';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { BACKEND_SESSION, createSessionHarness, FAR_EXPIRY } from '@machines/testing/session-harness';
import {
  canExportTest,
  changingFields,
  recordedTestFile,
  recordedTestFileName,
  recordingMermaid,
} from '@machines/statecharts/recorded-test';
import { createRecorder, type Recording } from '@machines/statecharts/recording';
import { recordingMachine } from '@machines/statecharts/recording.machine';
import { MACHINES } from '@machines/statecharts/registry';
import { replaySources } from '@machines/statecharts/replay';

const ROOT = process.cwd();
const DIR = join(ROOT, 'tests', `recorded-tmp-${process.pid}`);

/** Records the harness's real session machine while `play` drives it, as the explorer's Record button does. */
async function record(play: (session: ReturnType<typeof createSessionHarness>) => Promise<void>): Promise<Recording> {
  let clock = 0;
  const recorder: { observe: (e: InspectionEvent) => void } = { observe: () => undefined };
  const session = createSessionHarness({ inspect: (e) => recorder.observe(e) });
  const recording = createActor(recordingMachine, { input: {} }).start();
  const entry = MACHINES.find((m) => m.name === 'session');
  const rec = createRecorder(session.actor, () => (clock += 5));
  recording.send({
    type: 'record.start',
    start: {
      machine: 'session',
      machineId: 'session',
      file: entry?.file ?? null,
      exportName: entry?.exports[0] ?? null,
      startedAt: Date.UTC(2026, 11, 6, 6, 0),
      ...rec.snapshot(),
    },
  });
  recorder.observe = (e) => {
    const step = rec.observe(e);
    if (step) recording.send({ type: 'record.step', step });
  };
  await play(session);
  const last = rec.settle();
  if (last) recording.send({ type: 'record.step', step: last });
  recording.send({ type: 'record.stop' });
  const { start, steps, calls } = recording.getSnapshot().context;
  if (!start) throw new Error('not recording');
  return { start, steps, calls, capped: false };
}

async function signIn(session: ReturnType<typeof createSessionHarness>) {
  session.actor.send({ type: 'session.login', username: 'admin', password: 'correct horse battery' });
  session.fakes.login.last().resolve(BACKEND_SESSION);
  await session.settle();
}

/** Two requests get a 401 with the first token: one refresh serves both, and both are retried with the new token. */
async function refreshWithTwoQueued(session: ReturnType<typeof createSessionHarness>) {
  const first = session.unauthorized('token-1');
  const second = session.unauthorized('token-1');
  await session.settle();
  session.fakes.refreshToken.last().resolve({ accessToken: 'token-2', tokenExpiry: FAR_EXPIRY });
  await session.settle();
  expect(await Promise.all([first, second])).toEqual(['token-2', 'token-2']);
}

interface VitestJson {
  testResults: { name: string; status: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

/** Runs Vitest on the given files in a child process, as a person would (`npx vitest run <file>`). */
function runVitest(files: string[]): Promise<VitestJson> {
  const out = join(DIR, 'result.json');
  // The child is a fresh Vitest, not a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST'));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...files, '--reporter=json', `--outputFile=${out}`],
      { cwd: ROOT, env, timeout: 170_000 },
      () => {
        try {
          resolve(JSON.parse(readFileSync(out, 'utf8')) as VitestJson);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
}

/** A patched copy of the session machine: one target changed (a refreshed token leads to `expired`, not `valid`). */
const MUTANT = `import { createMachine } from 'xstate';
import { sessionMachine as real } from '@machines/session/session.machine';

const config = real.config as any;
const token = config.states.signedIn.states.token;
const refreshing = { ...token.states.refreshing, invoke: { ...token.states.refreshing.invoke, onDone: { ...token.states.refreshing.invoke.onDone, target: 'expired' } } };
const patched = { ...config, states: { ...config.states, signedIn: { ...config.states.signedIn, states: { ...config.states.signedIn.states, token: { ...token, states: { ...token.states, refreshing } } } } } };
export const sessionMachine = createMachine(patched, real.implementations as any);
`;

describe('a recording of the real session machine as a runnable Vitest file', () => {
  afterAll(() => (process.env['KEEP_RECORDED'] ? undefined : rmSync(DIR, { recursive: true, force: true })));

  it('records a sign-in and a refresh with two queued requests, masked, with distinct placeholders for distinct secrets', async () => {
    const recording = await record(async (session) => {
      await signIn(session);
      await refreshWithTwoQueued(session);
    });
    expect(recording.steps.map((s) => `${s.kind} ${s.type}`)).toEqual([
      'event session.login',
      'done xstate.done.actor.login',
      'event session.unauthorized',
      'event session.unauthorized',
      'done xstate.done.actor.refreshToken',
    ]);
    const text = JSON.stringify(recording);
    expect(text).not.toContain('correct horse battery');
    expect(text).not.toContain('token-1');
    // The token the 401s carried is the one the sign-in gave; the refreshed one is another.
    const [, login, unauthorized, , refreshed] = recording.steps;
    const output = login?.payload['output'] as { accessToken: string };
    expect(unauthorized?.payload['failedToken']).toBe(output.accessToken);
    expect((refreshed?.context as { accessToken: string }).accessToken).not.toBe(output.accessToken);
    expect(canExportTest(recording)).toBe(true);

    // As a sequence: the 401s, the one refresh, then the retries (the API calls the app noted in between).
    const withCalls: Recording = {
      ...recording,
      calls: [
        { at: 10, afterStep: 2, method: 'GET', path: '/api/units', status: 401, ms: 5 },
        { at: 11, afterStep: 2, method: 'GET', path: '/api/me', status: 401, ms: 5 },
        { at: 12, afterStep: 4, method: 'POST', path: '/api/auth/refresh-token', status: 200, ms: 9 },
        { at: 13, afterStep: 5, method: 'GET', path: '/api/units', status: 200, ms: 4 },
        { at: 14, afterStep: 5, method: 'GET', path: '/api/me', status: 200, ms: 4 },
      ],
    };
    const arrows = recordingMermaid(withCalls)
      .split('\n')
      .filter((line) => line.includes('>>'))
      .map((line) => line.trim());
    expect(arrows).toEqual([
      'app->>m: session.login',
      'a0-->>m: done(login)',
      'app->>api: GET /api/units',
      'api-->>app: 401 (5 ms)',
      'app->>api: GET /api/me',
      'api-->>app: 401 (5 ms)',
      'app->>m: session.unauthorized',
      'app->>m: session.unauthorized',
      'app->>api: POST /api/auth/refresh-token',
      'api-->>app: 200 (9 ms)',
      'a1-->>m: done(refreshToken)',
      'app->>api: GET /api/units',
      'api-->>app: 200 (4 ms)',
      'app->>api: GET /api/me',
      'api-->>app: 200 (4 ms)',
    ]);
    // The token region is a lifeline of its own: it goes refreshing on the first 401 and valid with the new token.
    const diagram = recordingMermaid(withCalls);
    const region = /participant (r\d) as token region/.exec(diagram)?.[1];
    expect(region).toBeDefined();
    expect(diagram.split('\n').filter((line) => line.startsWith(`  Note over ${region}:`))).toEqual([
      `  Note over ${region}: refreshing`,
      `  Note over ${region}: valid`,
    ]);
    // The export is Mermaid the library reads: it parses as a sequence diagram.
    await expect(mermaid.parse(recordingMermaid(withCalls))).resolves.toMatchObject({ diagramType: 'sequence' });
    expect(recordingMermaid(withCalls)).toMatch(/^sequenceDiagram\n {2}participant app as App \(screens\)\n {2}participant m as session\n/);
  });

  it('exports a file that passes on the machine and fails, at the step that differs, on a machine with one target changed', async () => {
    const recording = await record(async (session) => {
      await signIn(session);
      await refreshWithTwoQueued(session);
    });
    const options = {
      name: 'session: sign-in, then one refresh for two queued requests',
      sources: replaySources(MACHINES.find((m) => m.name === 'session')?.machine ?? recordingMachine).faked,
      marked: changingFields(recording),
    };
    const file = recordedTestFile(recording, options);
    expect(file).toContain("describe('session: sign-in, then one refresh for two queued requests'");
    expect(file).toContain('password: PASSWORD_');
    expect(file).not.toContain('correct horse battery');

    mkdirSync(join(DIR, 'mutant'), { recursive: true });
    const passing = join(DIR, recordedTestFileName(recording));
    const failing = join(DIR, 'mutant', recordedTestFileName(recording));
    writeFileSync(passing, file);
    writeFileSync(join(DIR, 'mutant', 'machine.ts'), MUTANT);
    writeFileSync(failing, recordedTestFile(recording, { ...options, importFrom: './machine' }));

    const result = await runVitest([relative(ROOT, passing), relative(ROOT, failing)]);
    const byFile = new Map(result.testResults.map((r) => [relative(ROOT, r.name), r]));
    const pass = byFile.get(relative(ROOT, passing));
    const fail = byFile.get(relative(ROOT, failing));
    expect(pass?.assertionResults.map((a) => [a.status, a.failureMessages.join('\n').slice(0, 600)])).toEqual([['passed', '']]);
    expect(fail?.assertionResults.map((a) => a.status)).toEqual(['failed']);
    const message = fail?.assertionResults[0]?.failureMessages[0] ?? '';
    // The step that differs, with both states.
    expect(message).toContain(
      'step 5 of 5, done(refreshToken): the state is signedIn.(access.active, token.expired), the recording says signedIn.(access.active, token.valid)',
    );
  }, 180_000);
});
