import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAgentServer, GOOD_TOKEN } from './fake-server';

/*
 * `npm run agent:build` as a unit gets it: one .mjs, run by Node from a folder with nothing else (no checkout, no
 * node_modules, no tsx), prints its usage, enrols, and reports this machine (systeminformation inside the bundle)
 * under the project's version.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

let folder: string;
let bundle: string;

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, {
    cwd,
    // The browser policy the agent writes goes under this test's folder (agent/url-policy.ts), never to /etc.
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', SUA_POLICY_ROOT: join(folder, 'policy-root') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sua-agent-bundle-'));
  bundle = join(folder, 'sua-agent.mjs');
  const built = await run(process.execPath, ['scripts/build-agent.mjs', bundle], root);
  expect(built, built.output).toMatchObject({ code: 0 });
}, 60_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the bundled agent (npm run agent:build)', () => {
  it('is one executable file that prints its usage', async () => {
    expect((await stat(bundle)).mode & 0o111).not.toBe(0);
    // Its packages' licences, and screenshot-desktop's Windows helper, beside it.
    expect(await readFile(`${bundle}.LICENSES.txt`, 'utf8')).toContain('systeminformation@');
    expect((await stat(join(folder, 'screenCapture_1.3.2.bat'))).size).toBeGreaterThan(0);
    const help = await run(process.execPath, [bundle, '--help'], folder);
    expect(help.code).toBe(0);
    expect(help.output).toContain('Reports this machine to a Service Unit Admin server');
  });

  it('enrols and reports this machine from a folder without the repository', async () => {
    const server = new FakeAgentServer();
    await server.start();
    try {
      const once = await run(
        process.execPath,
        [bundle, '--server', server.url, '--enrol', GOOD_TOKEN, '--credential-file', join(folder, 'credential.json'), '--once'],
        folder,
      );
      expect(once.code, once.output).toBe(0);
      const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
      const [heartbeat] = server.calls('/api/agent/heartbeat');
      expect(heartbeat?.body).toMatchObject({ system: { agentVersion: version } });
      const [report] = server.calls('/api/agent/processes');
      const processes = (report?.body as { processes?: { pid: number }[] } | undefined)?.processes ?? [];
      expect(processes.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('is what the systemd unit runs, the unit exactly as docs/agent.md shows it', async () => {
    const unit = await readFile(join(root, 'agent/sua-agent.service'), 'utf8');
    const docs = await readFile(join(root, 'docs/agent.md'), 'utf8');
    const shown = /## Run it as a service[\s\S]*?```ini\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(shown?.trim()).toBe(unit.slice(unit.indexOf('[Unit]')).trim());
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    expect(execStart).toMatch(/^\/usr\/bin\/node \/opt\/sua-agent\/sua-agent\.mjs --server /);
    expect(execStart).not.toContain('tsx');
  });
});
