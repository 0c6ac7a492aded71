import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentClient } from './client';
import { answerCommand, REFUSED_END_PROCESS, runCommandLoop, type CommandContext } from './commands';
import { FakeAgentServer } from './fake-server';
import { captureScreen, NO_DISPLAY_MESSAGE, type Capture } from './screenshot';

let server: FakeAgentServer;
let client: AgentClient;
const quiet = { info: () => undefined, warn: () => undefined };

beforeEach(async () => {
  server = new FakeAgentServer();
  client = new AgentClient({ server: await server.start(), credential: 'sua_unit_7_secret', agentVersion: '0.1.0' });
});
afterEach(async () => {
  await server.stop();
});

const context = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  client,
  unitId: server.unitId,
  allowEndProcess: false,
  capture: () => captureScreen({ platform: 'linux', env: {} }),
  log: quiet,
  ...overrides,
});

/** A process of our own to end: a Node that waits a minute. */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  return { child, exited };
}

describe('the end-process command', () => {
  it('is refused without --allow-end-process, the process keeps running, and the refusal reaches the server', async () => {
    const { child, exited } = sleeper();
    try {
      const command = server.issue('endProcess', child.pid ?? -1);
      const result = await answerCommand(command, context());
      expect(result).toEqual({ status: 'refused', message: REFUSED_END_PROCESS });
      expect(server.commands[0]).toMatchObject({ status: 'refused', message: 'This agent was started without --allow-end-process' });
      expect(child.exitCode).toBeNull();
      expect(() => process.kill(child.pid ?? -1, 0)).not.toThrow();
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('ends the process with SIGTERM when started with --allow-end-process, and reports success', async () => {
    const { child, exited } = sleeper();
    const command = server.issue('endProcess', child.pid ?? -1);
    const result = await answerCommand(command, context({ allowEndProcess: true }));
    expect(await exited).toBe('SIGTERM');
    expect(result.status).toBe('succeeded');
    expect(server.commands[0]).toMatchObject({ status: 'succeeded' });
  });

  it('reports failed for a pid that is not running, and never signals a process group (pid 0)', async () => {
    const kills: number[] = [];
    const gone = server.issue('endProcess', 2 ** 22 + 12345);
    expect(await answerCommand(gone, context({ allowEndProcess: true }))).toEqual({
      status: 'failed',
      message: `No process ${2 ** 22 + 12345} is running`,
    });
    const group = server.issue('endProcess', 0);
    const result = await answerCommand(group, context({ allowEndProcess: true, kill: (pid) => kills.push(pid) }));
    expect(result.status).toBe('failed');
    expect(kills).toEqual([]);
  });

  it('does not end the agent itself', async () => {
    const kills: number[] = [];
    const result = await answerCommand(
      server.issue('endProcess', process.pid),
      context({ allowEndProcess: true, kill: (pid) => kills.push(pid) }),
    );
    expect(result.status).toBe('refused');
    expect(kills).toEqual([]);
  });
});

describe('the capture command', () => {
  it('answers notSupported "No display on this unit" where there is no display, and uploads nothing', async () => {
    const result = await answerCommand(server.issue('captureScreenshot'), context());
    expect(result).toEqual({ status: 'notSupported', message: NO_DISPLAY_MESSAGE });
    expect(server.commands[0]).toMatchObject({ status: 'notSupported', message: 'No display on this unit' });
    expect(server.calls('/api/agent/screenshots')).toEqual([]);
  });

  it('uploads the screen with the command id where there is one', async () => {
    const png = Buffer.alloc(33);
    png.writeUInt32BE(0x89504e47, 0);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(1920, 16);
    png.writeUInt32BE(1080, 20);
    const capture = (): Promise<Capture> => captureScreen({ platform: 'linux', env: { DISPLAY: ':0' }, grab: async () => png });
    const command = server.issue('captureScreenshot');
    const result = await answerCommand(command, context({ capture }));
    expect(result.status).toBe('succeeded');
    const [upload] = server.calls('/api/agent/screenshots');
    expect(upload?.body).toMatchObject({
      unitId: server.unitId,
      commandId: command.id,
      width: 1920,
      height: 1080,
      contentType: 'image/png',
      data: png.toString('base64'),
    });
  });
});

describe('the command loop', () => {
  it('gets a command issued while its long poll waits, at once, and stops when aborted', async () => {
    const stop = new AbortController();
    const loop = runCommandLoop(context(), stop.signal, 20);
    await server.waitFor('/api/agent/commands');
    server.issue('endProcess', 4242);
    await server.waitFor('/api/agent/commands/100/result');
    // Answered by the waiting poll, woken by the command, not by the next poll 20 s later.
    expect(server.pollEnds[0]).toBe('news');
    expect(server.commands[0]).toMatchObject({ status: 'refused' });
    stop.abort(new Error('stopped'));
    await expect(loop).rejects.toThrow('stopped');
  });

  it('ends with the revocation when the server refuses the credential', async () => {
    server.revoked = true;
    await expect(runCommandLoop(context(), new AbortController().signal, 1)).rejects.toMatchObject({ name: 'AgentRevokedError' });
  });
});
