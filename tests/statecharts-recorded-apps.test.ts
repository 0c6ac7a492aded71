import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import mermaid from 'mermaid';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { changingFields, recordedTestFile, recordedTestFileName, recordingMermaid } from '@machines/statecharts/recorded-test';
import { createRecorder, type Recording } from '@machines/statecharts/recording';
import { recordingMachine } from '@machines/statecharts/recording.machine';
import { MACHINES } from '@machines/statecharts/registry';
import { replaySources, withFakes } from '@machines/statecharts/replay';
import { deferredActors, flush } from '@machines/testing/deferred';
import { aTask, anEmail } from '@machines/testing/fixtures';
import { todoListMachine } from '@machines/todo/todo-list.machine';
import { mailboxMachine } from '@machines/email/mailbox.machine';

/**
 * Issue 45: a recording of a screen whose machine spawns machines (the to-do list's task actors, the mailbox's
 * email actors) exports a test that keeps those real: the events the app sent them are steps, what they told the
 * screen follows by itself, and a one-line change to the spawned machine fails the file at the step that differs.
 */

const ROOT = process.cwd();
const DIR = join(ROOT, 'tests', `recorded-apps-tmp-${process.pid}`);

type Fakes = ReturnType<typeof deferredActors>;

/** Records `machine` (with deferred fakes) from the moment `ready` returns, while `play` drives it, as Record/Stop do. */
async function record(
  name: string,
  machine: AnyStateMachine,
  input: unknown,
  ready: (actor: ReturnType<typeof createActor>, fakes: Fakes) => Promise<void>,
  play: (actor: ReturnType<typeof createActor>, fakes: Fakes) => Promise<void>,
): Promise<Recording> {
  let clock = 0;
  const sources = replaySources(machine);
  const fakes = deferredActors(sources.faked);
  const tap: { observe: (e: InspectionEvent) => void } = { observe: () => undefined };
  const actor = createActor(withFakes(machine, fakes.actors), { input, inspect: (e) => tap.observe(e) }).start();
  await ready(actor, fakes);
  const entry = MACHINES.find((m) => m.name === name);
  const recording = createActor(recordingMachine, { input: {} }).start();
  const rec = createRecorder(actor, () => (clock += 5), { realSources: sources.real });
  recording.send({
    type: 'record.start',
    start: {
      machine: name,
      machineId: machine.id,
      file: entry?.file ?? null,
      exportName: entry?.exports[0] ?? null,
      startedAt: Date.UTC(2026, 11, 6, 6, 0),
      ...rec.snapshot(),
    },
  });
  tap.observe = (e) => {
    const step = rec.observe(e);
    if (step) recording.send({ type: 'record.step', step });
  };
  await play(actor, fakes);
  const last = rec.settle();
  if (last) recording.send({ type: 'record.step', step: last });
  recording.send({ type: 'record.stop' });
  actor.stop();
  const { start, steps, calls } = recording.getSnapshot().context;
  if (!start) throw new Error('not recording');
  return { start, steps, calls, capped: false };
}

/** The actor the app spawned, to send it what its row's buttons send. */
function child(actor: ReturnType<typeof createActor>, id: string) {
  const ref = (actor.getSnapshot() as { children: Record<string, { send: (event: AnyEventObject) => void } | undefined> }).children[id];
  if (!ref) throw new Error(`no child ${id}`);
  return ref;
}

const TASK = aTask({ id: 1, title: 'Older task' });
const NEW = aTask({ id: 7, title: 'Write the report', isStarred: false, isCompleted: false, isTrashed: false });

/** A task's life in the list: created from the drawer, starred, completed, trashed (it then leaves the list). */
const taskLife = () =>
  record(
    'todo-list',
    todoListMachine,
    { filter: 'all' },
    async (_, fakes) => {
      fakes.resolve('loadTasks', [TASK]);
      fakes.resolve('loadTags', []);
      await flush();
    },
    async (actor, fakes) => {
      actor.send({ type: 'create.open' });
      actor.send({ type: 'create.change', patch: { title: 'Write the report' } });
      actor.send({ type: 'create.submit' });
      fakes.resolve('createTask', { id: 7 });
      await flush();
      fakes.resolve('refreshTasks', [NEW, TASK]);
      await flush();
      child(actor, 'task-7').send({ type: 'task.toggle', flag: 'isStarred' });
      fakes.resolve('updateFlags', { ...NEW, isStarred: true });
      await flush();
      child(actor, 'task-7').send({ type: 'task.toggle', flag: 'isCompleted' });
      fakes.resolve('updateFlags', { ...NEW, isStarred: true, isCompleted: true });
      await flush();
      child(actor, 'task-7').send({ type: 'task.trash' });
      fakes.resolve('updateFlags', { ...NEW, isStarred: true, isCompleted: true, isTrashed: true });
      await flush();
    },
  );

const INBOX = [anEmail({ id: 5, unread: true, subject: 'Quarterly figures', mailFolder: 'inbox' }), anEmail({ id: 4, unread: false })];
const META = {
  unreadMails: { folder: { inbox: [5], spam: [] }, label: { personal: [], company: [], important: [], private: [] } },
  draftMails: [],
};

/** An email opened in the inbox (marked read) and moved to spam: it leaves the inbox and its actor stops. */
const emailMoved = () =>
  record(
    'mailbox',
    mailboxMachine,
    { filter: 'inbox', me: { email: 'user@acme.example', name: 'Ulysses User' } },
    async (_, fakes) => {
      fakes.resolve('loadMails', INBOX);
      fakes.resolve('loadMeta', META);
      fakes.resolve('loadTags', []);
      await flush();
    },
    async (actor, fakes) => {
      actor.send({ type: 'mailbox.open', id: 5 });
      await flush();
      fakes.resolve('markRead', undefined);
      await flush();
      fakes.resolve('loadMeta', META);
      await flush();
      child(actor, 'email-5').send({ type: 'email.move', folder: 'spam' });
      fakes.resolve('moveMails', undefined);
      await flush();
      fakes.resolve('loadMeta', { ...META, unreadMails: { ...META.unreadMails, folder: { inbox: [], spam: [] } } });
      await flush();
    },
  );

interface VitestJson {
  testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

/** `npx vitest run <files>` in a child process, as a person would run the downloaded file. */
function runVitest(files: string[]): Promise<VitestJson> {
  const out = join(DIR, 'result.json');
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

/**
 * A copy of a machine file with one line changed, and a module that gives the screen's machine that copy as its
 * spawned machine (the file under test imports the screen's machine from it).
 */
function mutant(dir: string, file: string, line: [string, string], wrapper: string) {
  const source = readFileSync(join(ROOT, file), 'utf8');
  expect(source.split(line[0]).length, `${file} holds the line once`).toBe(2);
  const folder = file.replace(/^machines\//, '').replace(/\/[^/]+$/, '');
  writeFileSync(join(dir, 'changed.machine.ts'), source.replace(line[0], line[1]).replace(/from '\.\//g, `from '@machines/${folder}/`));
  writeFileSync(join(dir, 'machine.ts'), wrapper);
}

const TODO_MUTANT = `import { todoListMachine as real } from '@machines/todo/todo-list.machine';
import { taskMachine } from './changed.machine';

export const todoListMachine = real.provide({ actors: { task: taskMachine } });
`;

const MAIL_MUTANT = `import { mailboxMachine as real } from '@machines/email/mailbox.machine';
import { emailMachine } from './changed.machine';

export const mailboxMachine = real.provide({ actors: { emailMachine } });
`;

describe('recordings of the demo apps as runnable Vitest files', () => {
  afterAll(() => (process.env['KEEP_RECORDED'] ? undefined : rmSync(DIR, { recursive: true, force: true })));

  it("records a to-do task's life: the list's events, and the events sent to the task actor it spawned", async () => {
    const recording = await taskLife();
    expect(recording.steps.map((s) => `${s.to ?? 'list'} ${s.kind} ${s.type}`)).toEqual([
      'list event create.open',
      'list event create.change',
      'list event create.submit',
      'list done xstate.done.actor.createTask',
      'list done xstate.done.actor.refreshTasks',
      'task-7 event task.toggle',
      'task-7 done xstate.done.actor.updateFlags',
      'task-7 event task.toggle',
      'task-7 done xstate.done.actor.updateFlags',
      'task-7 event task.trash',
      'task-7 done xstate.done.actor.updateFlags',
    ]);
    // What the task told the list (task.updated) is not a step: it happens again by itself.
    expect(recording.steps.some((s) => s.type === 'task.updated')).toBe(false);
    expect(recording.steps.map((s) => s.its)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'syncing',
      'viewing',
      'syncing',
      'viewing',
      'syncing',
      // Trashed: the list let the task go.
      null,
    ]);
    expect(recording.steps[4]?.state).toEqual({ list: 'loaded', tags: 'loaded', undo: 'idle', creator: 'closed' });
    const lines = recordingMermaid(recording).split('\n');
    expect(lines).toContain('  participant c0 as task-7');
    expect(lines).toContain('  app->>c0: task.toggle');
    await expect(mermaid.parse(recordingMermaid(recording))).resolves.toMatchObject({ diagramType: 'sequence' });
  });

  it('records an email opened and moved to another folder: the mailbox, and the email actor it spawned', async () => {
    const recording = await emailMoved();
    expect(recording.steps.map((s) => `${s.to ?? 'mailbox'} ${s.kind} ${s.type}`)).toEqual([
      'mailbox event mailbox.open',
      'email-5 done xstate.done.actor.markRead',
      'mailbox done xstate.done.actor.loadMeta',
      'email-5 event email.move',
      'email-5 done xstate.done.actor.moveMails',
      'mailbox done xstate.done.actor.loadMeta',
    ]);
    expect(recording.steps.map((s) => s.its)).toEqual([
      undefined,
      { flags: 'idle', reply: 'closed' },
      undefined,
      { flags: 'moving', reply: 'closed' },
      null,
      undefined,
    ]);
  });

  it.each([
    {
      app: 'todo-list',
      play: taskLife,
      name: 'todo-list: the life of a task (create, star, complete, trash)',
      file: 'machines/todo/task.machine.ts',
      // Trashing a task that is not in the trash is refused.
      line: [
        "'task.trash': { guard: 'isNotTrashed', target: 'syncing', actions: 'applyFlagChange' },",
        "'task.trash': { guard: 'isTrashed', target: 'syncing', actions: 'applyFlagChange' },",
      ] as [string, string],
      wrapper: TODO_MUTANT,
      from: "from '@machines/todo/todo-list.machine'",
      message: 'step 10 of 11, task.trash in task-7: task-7 is viewing, the recording says syncing',
    },
    {
      app: 'mailbox',
      play: emailMoved,
      name: 'mailbox: an email moved from the inbox to spam',
      file: 'machines/email/email.machine.ts',
      // Moving is ignored: the email stays where it is.
      line: [
        "'email.move': { target: 'moving', actions: assign({ moveTo: ({ event }) => event.folder }) },",
        "'email.move': { target: 'idle', actions: assign({ moveTo: ({ event }) => event.folder }) },",
      ] as [string, string],
      wrapper: MAIL_MUTANT,
      from: "from '@machines/email/mailbox.machine'",
      message: 'step 4 of 6, email.move in email-5: email-5 is flags.idle, reply.closed, the recording says flags.moving, reply.closed',
    },
  ])(
    '$app: the exported file passes on the machine and fails at the step that differs on a one-line change',
    async (c) => {
      const recording = await c.play();
      const machine = MACHINES.find((m) => m.name === c.app)?.machine ?? recordingMachine;
      const options = { name: c.name, sources: replaySources(machine).faked, marked: changingFields(recording) };
      const file = recordedTestFile(recording, options);
      expect(file).toContain(`describe('${c.name}'`);
      expect(file).toContain('its: ');

      const dir = join(DIR, c.app);
      mkdirSync(join(dir, 'mutant'), { recursive: true });
      const passing = join(dir, recordedTestFileName(recording));
      const failing = join(dir, 'mutant', recordedTestFileName(recording));
      writeFileSync(passing, file);
      mutant(join(dir, 'mutant'), c.file, c.line, c.wrapper);
      writeFileSync(failing, file.replace(c.from, "from './machine'"));

      const result = await runVitest([relative(ROOT, passing), relative(ROOT, failing)]);
      const byFile = new Map(result.testResults.map((r) => [relative(ROOT, r.name), r.assertionResults]));
      expect(byFile.get(relative(ROOT, passing))?.map((a) => [a.status, a.failureMessages.join('\n').slice(0, 800)])).toEqual([
        ['passed', ''],
      ]);
      const failed = byFile.get(relative(ROOT, failing)) ?? [];
      expect(failed.map((a) => a.status)).toEqual(['failed']);
      expect(failed[0]?.failureMessages[0] ?? '').toContain(c.message);
    },
    180_000,
  );
});
