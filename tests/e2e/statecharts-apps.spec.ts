import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Page } from './support/test';

/**
 * Issue 45 § Done when: the explorer records a to-do task's life and an email moved between folders in the built
 * app; the exported file, placed in the project, passes under Vitest, and fails at the step that differs when one
 * line of the spawned machine (task.machine.ts, email.machine.ts) is changed.
 */

const ROOT = process.cwd();

test.use({ signedInAs: 'user' });

interface VitestJson {
  testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

/** `npx vitest run <files>`, as a person would run the downloaded file. */
function runVitest(files: string[], out: string): Promise<VitestJson> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...files, '--reporter=json', `--outputFile=${out}`],
      { cwd: ROOT, timeout: 170_000 },
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

/** Opens the explorer in a window of its own beside the screen, selects the screen's actor and presses Record. */
async function recordBeside(page: Page, actor: RegExp): Promise<Page> {
  const [explorer] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => {
      window.open('/dev/statecharts', 'statecharts', 'popup');
    }),
  ]);
  await expect(explorer.getByText('Showing the window that opened this one')).toBeVisible();
  await explorer.getByRole('list', { name: 'Running actors' }).getByRole('button', { name: actor }).first().click();
  await explorer.getByRole('button', { name: 'Record', exact: true }).click();
  return explorer;
}

interface Check {
  machine: string;
  /** The machine file a person would change, one line of it. */
  file: string;
  line: [string, string];
  /** The module the exported file imports the screen's machine from. */
  from: string;
  /** Gives the screen's machine the changed copy as the machine it spawns. */
  wrapper: string;
  failure: RegExp;
}

/** Stop, Export test…, download; the file passes, and fails at the step that differs on the changed line. */
async function exportAndRun(explorer: Page, check: Check, expectSteps: (steps: ReturnType<Page['getByRole']>) => Promise<void>) {
  await explorer.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(explorer.getByText(new RegExp(`^Recorded ${check.machine}: \\d+ steps, \\d+ API calls\\.$`))).toBeVisible();
  await explorer.getByRole('button', { name: 'Export test…' }).click();
  const dialog = explorer.getByRole('dialog', { name: 'Export the recording as a test' });
  await expectSteps(dialog.getByRole('region', { name: 'Recorded steps' }));
  const name = `${check.machine}.recorded.test.ts`;
  const [download] = await Promise.all([
    explorer.waitForEvent('download'),
    dialog.getByRole('button', { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);

  const dir = join(ROOT, 'tests', `recorded-e2e-${check.machine}-${process.pid}`);
  try {
    mkdirSync(join(dir, 'mutant'), { recursive: true });
    const passing = join(dir, name);
    await download.saveAs(passing);
    const file = readFileSync(passing, 'utf8');
    const source = readFileSync(join(ROOT, check.file), 'utf8');
    expect(source.split(check.line[0])).toHaveLength(2);
    const folder = check.file.replace(/^machines\//, '').replace(/\/[^/]+$/, '');
    writeFileSync(
      join(dir, 'mutant', 'changed.machine.ts'),
      source.replace(check.line[0], check.line[1]).replace(/from '\.\//g, `from '@machines/${folder}/`),
    );
    writeFileSync(join(dir, 'mutant', 'machine.ts'), check.wrapper);
    const failing = join(dir, 'mutant', name);
    expect(file).toContain(check.from);
    writeFileSync(failing, file.replace(check.from, "from './machine'"));

    const result = await runVitest([relative(ROOT, passing), relative(ROOT, failing)], join(dir, 'result.json'));
    const byFile = new Map(result.testResults.map((r) => [relative(ROOT, r.name), r.assertionResults]));
    expect(byFile.get(relative(ROOT, passing))?.map((a) => [a.status, a.failureMessages.join('\n').slice(0, 800)])).toEqual([
      ['passed', ''],
    ]);
    const failed = byFile.get(relative(ROOT, failing)) ?? [];
    expect(failed.map((a) => a.status)).toEqual(['failed']);
    expect(failed[0]?.failureMessages[0] ?? '').toMatch(check.failure);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("records a to-do task's life (create, star, complete, trash); the exported test passes, and fails on a changed line", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const title = `Recorded task ${Date.now()}`;
  await page.goto('/apps/todo');
  const list = page.getByRole('list', { name: 'Tasks in All' });
  await expect(list.getByRole('button', { name: /^Edit task / }).first()).toBeVisible();
  const explorer = await recordBeside(page, /^todo-list/);

  await page.getByRole('navigation', { name: 'To-do views' }).getByRole('button', { name: 'Add task' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add task' });
  await drawer.getByRole('textbox', { name: 'Title' }).fill(title);
  await drawer.getByRole('button', { name: 'Add task' }).click();
  await expect(drawer).toBeHidden();
  // Each change is confirmed before the next (the recording then holds one answer per change).
  const confirmed = () =>
    page.evaluate(
      () => (window.mirageRequests ?? []).filter((r) => r.method === 'POST' && /\/api\/apps\/todo\/task\/\d+$/.test(r.path)).length,
    );
  const before = await confirmed();
  const star = page.getByRole('button', { name: `Star: ${title}` });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(confirmed).toBe(before + 1);
  const complete = page.getByRole('checkbox', { name: `Completed: ${title}` });
  await complete.click();
  await expect(complete).toBeChecked();
  await expect.poll(confirmed).toBe(before + 2);
  await page.getByRole('button', { name: `Move to trash: ${title}` }).click();
  await expect.poll(confirmed).toBe(before + 3);
  await expect(list.getByRole('button', { name: `Edit task ${title}` })).toHaveCount(0);

  await exportAndRun(
    explorer,
    {
      machine: 'todo-list',
      file: 'machines/todo/task.machine.ts',
      line: [
        "'task.trash': { guard: 'isNotTrashed', target: 'syncing', actions: 'applyFlagChange' },",
        "'task.trash': { guard: 'isTrashed', target: 'syncing', actions: 'applyFlagChange' },",
      ],
      from: "from '@machines/todo/todo-list.machine'",
      wrapper: `import { todoListMachine as real } from '@machines/todo/todo-list.machine';
import { taskMachine } from './changed.machine';

export const todoListMachine = real.provide({ actors: { task: taskMachine } });
`,
      failure: /step \d+ of \d+, task\.trash in task-\d+: task-\d+ is viewing, the recording says syncing/,
    },
    async (steps) => {
      await expect(steps).toContainText('create.submit');
      await expect(steps).toContainText('done(createTask)');
      await expect(steps.getByRole('row').filter({ hasText: /^\d+task\.toggle in task-\d+/ })).toHaveCount(2);
      await expect(steps).toContainText(/task\.trash in task-\d+/);
      await expect(steps.getByRole('row').filter({ hasText: /done\(updateFlags\) in task-\d+/ })).toHaveCount(3);
      // Beside each step sent to the task: the state it led the task to, and at the end that the list let it go.
      await expect(steps.getByRole('row').filter({ hasText: /task\.trash in task-\d+task-\d+: syncing/ })).toHaveCount(1);
      await expect(steps.getByRole('row').filter({ hasText: /done\(updateFlags\) in task-\d+task-\d+: stopped/ })).toHaveCount(1);
    },
  );
});

test('records an email moved from the inbox to spam and back; the exported test passes, and fails on a changed line', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/apps/email');
  const row = page.getByRole('list', { name: 'Inbox' }).getByRole('button', { name: / — / }).first();
  await expect(row).toBeVisible();
  const explorer = await recordBeside(page, /^mailbox/);

  const subject = (await row.locator('[data-subject]').textContent()) ?? '';
  await row.click();
  await expect(page.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Spam' }).click();
  await expect(page.getByText('Email moved')).toBeVisible();

  // In the spam folder now: open it there and move it back to the inbox.
  await page.getByRole('navigation', { name: 'Mail folders' }).getByRole('link', { name: /^Spam/ }).click();
  const moved = page
    .getByRole('list', { name: 'Spam' })
    .getByRole('button', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await moved.first().click();
  await expect(page.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Inbox' }).click();
  await expect(page.getByRole('list', { name: 'Spam' }).getByRole('button', { name: subject })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window.mirageRequests ?? []).filter((r) => r.path.endsWith('/move-mails')).length)).toBe(2);

  await exportAndRun(
    explorer,
    {
      machine: 'mailbox',
      file: 'machines/email/email.machine.ts',
      line: [
        "'email.move': { target: 'moving', actions: assign({ moveTo: ({ event }) => event.folder }) },",
        "'email.move': { target: 'idle', actions: assign({ moveTo: ({ event }) => event.folder }) },",
      ],
      from: "from '@machines/email/mailbox.machine'",
      wrapper: `import { mailboxMachine as real } from '@machines/email/mailbox.machine';
import { emailMachine } from './changed.machine';

export const mailboxMachine = real.provide({ actors: { emailMachine } });
`,
      failure:
        /step \d+ of \d+, email\.move in email-\d+: email-\d+ is flags\.idle, reply\.closed, the recording says flags\.moving, reply\.closed/,
    },
    async (steps) => {
      await expect(steps.getByRole('row').filter({ hasText: /email\.move in email-\d+/ })).toHaveCount(2);
      await expect(steps.getByRole('row').filter({ hasText: /done\(moveMails\) in email-\d+/ })).toHaveCount(2);
      await expect(steps).toContainText('mailbox.location');
    },
  );
});
