import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { decode } from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../server/backend';
import { migrate } from '../server/db/migrate';
import { createHttpServer } from '../server/http-server';
import { APP_KEY, DEMO_PASSWORD } from '../server/test-support/api';
import { createTestDatabase, type TestDatabase } from '../server/test-support/database';
import { start, stop } from '../server/test-support/http';
import { WINDOW_READY, type TestWindowSpec } from './screenshot-xvfb-window';

/*
 * A real capture on a real X display: Xvfb (Debian's xvfb), a blue root and a green window of a known UTF-8 title
 * on its left half, focused as a kiosk's only window is without a window manager (agent/screenshot-xvfb-window.ts).
 * The agent runs as a unit runs it, the bundle of npm run agent:build as its own process, against the real server,
 * with DISPLAY set; a capture sent through the API comes back as a screenshot whose pixels are that picture and whose
 * title and process are the window's. Then a second window, red on the right half, is named active on the root as a
 * window manager does (the focus stays on the first): the next capture shows it and names it.
 * It needs what a unit needs (docs/agent.md, "Requirements"): ImageMagick's import, xrandr, xprop and xdotool;
 * .ci/run installs them. Without Xvfb it is skipped, saying so.
 */

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const HAS_XVFB = has('Xvfb');
const NAME = HAS_XVFB
  ? 'a capture on an X display (Xvfb)'
  : 'a capture on an X display: SKIPPED, Xvfb is not installed (apt-get install xvfb)';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const WIDTH = 1024;
const HEIGHT = 768;
const GREEN = 0x00ff00;
const BLUE = 0x0000ff;
const RED = 0xff0000;
const TITLE = 'Kiosk – Café 日本 "tickets"';
const PROCESS_NAME = 'sua-xvfb-kiosk';
const SECOND_TITLE = 'Fahrplan – Übersicht';
const SECOND_PROCESS = 'sua-xvfb-wm-app';
const SETUP_TIMEOUT_MS = 120_000;

let database: TestDatabase;
let backend: Backend;
let http: Server;
let base: string;
let folder: string;
let token: string;
let display: number;
const children: ChildProcess[] = [];

/** A child's output as it comes, and a wait for a line that matches. */
function watch(stream: Readable | null): {
  text: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
} {
  let text = '';
  const waiters = new Set<() => void>();
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text += chunk;
    for (const wake of waiters) wake();
  });
  return {
    text: () => text,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (!match) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Not seen in ${timeoutMs} ms: ${pattern}; the output so far:\n${text}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

function launch(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  stdio: ('ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe'],
) {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio });
  children.push(child);
  return child;
}

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${base}/api/UserLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', key: APP_KEY },
    body: JSON.stringify({ params: { username, password: DEMO_PASSWORD } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function api<T>(path: string, method = 'GET'): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

beforeAll(async () => {
  if (!HAS_XVFB) return;
  const missing = ['import', 'xrandr', 'xprop', 'xdotool'].filter((tool) => !has(tool));
  if (missing.length > 0) {
    throw new Error(`Xvfb is here but not ${missing.join(', ')}: apt-get install imagemagick x11-xserver-utils x11-utils xdotool`);
  }
  // -displayfd: Xvfb takes the first free display and writes its number, so parallel runs never collide.
  const xvfb = launch('Xvfb', ['-displayfd', '3', '-screen', '0', `${WIDTH}x${HEIGHT}x24`, '-nolisten', 'tcp'], process.env, [
    'ignore',
    'ignore',
    'pipe',
    'pipe',
  ]);
  display = Number((await watch(xvfb.stdio[3] as Readable).waitFor(/^(\d+)\n/m))[1]);

  database = await createTestDatabase();
  await migrate(database.sql);
  backend = await createBackend({ sql: database.sql });
  http = createHttpServer(backend, { corsOrigins: [], maxBodyBytes: 2 * 1024 * 1024 });
  base = await start(http);
  folder = await mkdtemp(join(tmpdir(), 'sua-agent-xvfb-'));
  token = await signIn('user');
  const build = launch(process.execPath, ['scripts/build-agent.mjs', join(folder, 'sua-agent.mjs')]);
  const built = watch(build.stderr);
  const code = await new Promise((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run agent:build failed: ${built.text()}`);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  // The agent first (it may be mid-capture), then the window and the display.
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  if (http) await stop(http);
  await backend?.close();
  await database?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
}, 30_000);

interface CaptureRequest {
  status: string;
  failureReason: string | null;
  screenshot: { id: string; width: number; height: number; activeWindowTitle: string; processName: string } | null;
}

/** Opens a window of the X client (agent/screenshot-xvfb-window.ts) in a process of the given name. */
async function openWindow(spec: Omit<TestWindowSpec, 'display' | 'rootColor'>, processName: string): Promise<void> {
  const window = launch(process.execPath, [
    '--import',
    'tsx',
    'agent/screenshot-xvfb-window.ts',
    String(display),
    JSON.stringify({ ...spec, rootColor: BLUE }),
    processName,
  ]);
  const out = watch(window.stdout);
  const err = watch(window.stderr);
  await out.waitFor(new RegExp(WINDOW_READY)).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${err.text()}`);
  });
}

/** "Capture now" through the API, until the unit's agent has answered; then the image that arrived, decoded. */
async function captureNow(unitId: string, log: () => string) {
  const capture = await api<{ id: string }>(`/api/service-units/${unitId}/capture`, 'POST');
  expect(capture.status).toBe(202);
  let settled: CaptureRequest | null = null;
  for (const deadline = Date.now() + 30_000; settled === null && Date.now() < deadline;) {
    const { json } = await api<CaptureRequest>(`/api/capture-requests/${capture.json.id}`);
    if (json.status !== 'pending') settled = json;
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(settled?.status, log()).toBe('delivered');
  const image = await api<{ contentType: string; data: string }>(`/api/screenshots/${settled?.screenshot?.id}/image`);
  expect(image.json.contentType).toBe('image/jpeg');
  const pixels = decode(Buffer.from(image.json.data, 'base64'), { useTArray: true, formatAsRGBA: true });
  const rgb = (x: number, y: number) => [...pixels.data.subarray((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 3)];
  return { screenshot: settled?.screenshot, size: [pixels.width, pixels.height], rgb };
}

/** Each point's colour, within a JPEG's small margin per channel. */
function expectColour(rgb: (x: number, y: number) => number[], points: (readonly [number, number])[], colour: number, name: string) {
  const expected = [(colour >> 16) & 0xff, (colour >> 8) & 0xff, colour & 0xff];
  for (const [x, y] of points) {
    const actual = rgb(x, y);
    expect(
      actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 24),
      `${name} at ${x},${y}: ${actual.join(',')}`,
    ).toBe(true);
  }
}

const LEFT: (readonly [number, number])[] = [
  [10, 10],
  [WIDTH / 4, HEIGHT / 2],
  [WIDTH / 2 - 8, HEIGHT - 10],
];
const RIGHT: (readonly [number, number])[] = [
  [WIDTH / 2 + 8, 10],
  [(WIDTH * 3) / 4, HEIGHT / 2],
  [WIDTH - 10, HEIGHT - 10],
];

describe.skipIf(!HAS_XVFB)(NAME, () => {
  it("captures the display: the window's pixels, its title and its process arrive in the console", async () => {
    // A kiosk without a window manager: one window, with the input focus.
    await openWindow({ color: GREEN, x: 0, y: 0, width: WIDTH / 2, height: HEIGHT, title: TITLE, front: 'focus' }, PROCESS_NAME);

    const enrolment = await api<{ token: string }>('/api/agent-enrolments', 'POST');
    expect(enrolment.status).toBe(201);
    const agent = launch(
      process.execPath,
      [
        join(folder, 'sua-agent.mjs'),
        '--server',
        base,
        '--enrol',
        enrolment.json.token,
        '--credential-file',
        join(folder, 'credential.json'),
        '--interval',
        '1',
      ],
      // Its browser policy (agent/url-policy.ts) under this test's folder, never in /etc.
      { ...process.env, DISPLAY: `:${display}`, SUA_POLICY_ROOT: join(folder, 'policy-root') },
    );
    const agentOut = watch(agent.stdout);
    const unitId = (await agentOut.waitFor(/Enrolled as unit (\S+);/))[1] ?? '';

    const first = await captureNow(unitId, agentOut.text);
    expect(first.screenshot).toMatchObject({ width: WIDTH, height: HEIGHT, activeWindowTitle: TITLE, processName: PROCESS_NAME });
    expect(first.size).toEqual([WIDTH, HEIGHT]);
    // Green where the window is, the blue root beside it.
    expectColour(first.rgb, LEFT, GREEN, 'the window');
    expectColour(first.rgb, RIGHT, BLUE, 'the root');

    // A window manager names another window active (the focus stays): its answer wins, and the picture shows it.
    await openWindow(
      { color: RED, x: WIDTH / 2, y: 0, width: WIDTH / 2, height: HEIGHT, title: SECOND_TITLE, front: 'announce' },
      SECOND_PROCESS,
    );
    const second = await captureNow(unitId, agentOut.text);
    expect(second.screenshot).toMatchObject({ activeWindowTitle: SECOND_TITLE, processName: SECOND_PROCESS });
    expectColour(second.rgb, LEFT, GREEN, 'the first window');
    expectColour(second.rgb, RIGHT, RED, 'the second window');
  }, 90_000);
});
