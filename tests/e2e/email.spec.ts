import { expect, test, type Page } from './support/test';

// Starts signed in as the demo user (tests/e2e/support/test.ts): not about signing in, and the login form cost a
// page load and the dashboard's render.
test.use({ signedInAs: 'user' });

const inboxLink = (page: Page) => page.getByRole('navigation', { name: 'Mail folders' }).getByRole('link', { name: /^Inbox/ });

/** The inbox's unread count as a screen reader hears it ("8 unread"); 0 when the badge is gone. */
async function unreadInInbox(page: Page): Promise<number> {
  const hidden = inboxLink(page).getByText(/^\d+ unread$/);
  if ((await hidden.count()) === 0) return 0;
  return Number(/^(\d+)/.exec((await hidden.textContent()) ?? '')?.[1] ?? 0);
}

async function openMailbox(page: Page) {
  await page.goto('/apps/email');
  await expect(page.getByRole('list', { name: 'Inbox' }).getByRole('listitem').first()).toBeVisible();
  await expect.poll(() => unreadInInbox(page)).toBeGreaterThan(0);
}

test('opening an unread inbox email marks it read: the inbox count drops by one', async ({ page }) => {
  await openMailbox(page);
  const before = await unreadInInbox(page);
  const unread = page.getByRole('button', { name: /, unread/ }).first();
  const subject = (await unread.locator('[data-subject]').textContent()) ?? '';
  await unread.click();
  await expect(page.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
  await expect.poll(() => unreadInInbox(page)).toBe(before - 1);
  // The count drops at once; wait for the server to have stored it before reloading below.
  await expect
    .poll(() =>
      page.evaluate(() => (window.mirageRequests ?? []).some((r) => r.method === 'POST' && r.path === '/api/apps/email/mark-unread')),
    )
    .toBe(true);

  // Back in the list the row reads as read; the count holds after a reload (persisted backend).
  await page.getByRole('button', { name: 'Back to the list' }).click();
  const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByRole('button', { name: new RegExp(`^(?!.*, unread).*${escaped} — `) }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Inbox' })).toBeVisible();
  await expect.poll(() => unreadInInbox(page)).toBe(before - 1);
});

test('toggling a label twice adds it, then it is gone', async ({ page }) => {
  await openMailbox(page);
  await page.getByRole('button', { name: /Team dinner on Friday — / }).click();
  await expect(page.getByRole('heading', { name: 'Team dinner on Friday' })).toBeVisible();
  const labels = page.getByRole('group', { name: 'Labels of this email' });
  await expect(labels).not.toContainText('Private');

  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  const privateBox = page.getByRole('checkbox', { name: 'Private' });
  await privateBox.check();
  await expect(labels).toContainText('Private');
  await expect(privateBox).toBeEnabled();
  await privateBox.uncheck();
  await expect(labels).not.toContainText('Private');
  await expect(privateBox).not.toBeChecked();

  // The server agrees: the Private label view does not list it.
  await page.keyboard.press('Escape');
  await page
    .getByRole('navigation', { name: 'Labels' })
    .getByRole('link', { name: /^Private/ })
    .click();
  await expect(page.getByRole('list', { name: 'Private' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Team dinner on Friday — / })).toHaveCount(0);
});

test('a message with <img onerror>, <script> and a javascript: link renders without running any of them', async ({ page }) => {
  // Not even the Content-Security-Policy has to step in: the handlers are gone before any parser sees them
  // (src/features/email/without-handlers.ts), so Chromium logs no "inline event handler" violation.
  const cspErrors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error' && /Content Security Policy|Trusted Type/i.test(entry.text())) cspErrors.push(entry.text());
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openMailbox(page);
  await page.getByRole('button', { name: /Overdue invoice #88412/ }).click();
  const message = page.getByRole('article', { name: 'Message from Billing Notice' });
  await expect(message.getByText('Your invoice is overdue.')).toBeVisible();

  // The img stays (harmless) but without its handler; no script, no javascript: URL survives.
  await expect(message.locator('[onerror], [onload], script')).toHaveCount(0);
  await expect(message.locator('a[href^="javascript"]')).toHaveCount(0);
  // Clicking the neutered link must not run anything either: the message stays open where it was, and
  // once the next click has shown the list (tasks the link's click queued have run before it), nothing ran.
  const url = page.url();
  await message.getByText('View your statement').click();
  await expect(message.getByText('Your invoice is overdue.')).toBeVisible();
  expect(page.url()).toBe(url);
  // The list's preview of the message and the open message were both parsed by now.
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page.getByRole('button', { name: /Overdue invoice #88412/ })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(cspErrors).toEqual([]);
});
