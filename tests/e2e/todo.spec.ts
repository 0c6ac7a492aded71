import { expect, test, type Page } from './support/test';

/** The rows' title buttons of the visible list, in order. */
const titles = (page: Page, view: string) =>
  page.getByRole('list', { name: `Tasks in ${view}` }).getByRole('button', { name: /^Edit task / });

async function openView(page: Page, view: 'All' | 'Starred' | 'Trashed') {
  await page.getByRole('navigation', { name: 'To-do views' }).getByRole('link', { name: view, exact: true }).click();
  await expect(page.getByRole('link', { name: view, exact: true })).toHaveAttribute('aria-current', 'page');
}

// Every test starts signed in as the demo user (tests/e2e/support/test.ts): none of them is about signing in.
test.use({ signedInAs: 'user' });

test('add a task, star it, trash it, and find it again after a reload', async ({ page }) => {
  const title = `E2E task ${Date.now()}`;
  await page.goto('/apps/todo');
  await expect(titles(page, 'All').first()).toBeVisible();

  // Add: the title is required, then the new task is first in "All".
  await page.getByRole('navigation', { name: 'To-do views' }).getByRole('button', { name: 'Add task' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add task' });
  await drawer.getByRole('button', { name: 'Add task' }).click();
  await expect(drawer.getByText('Enter a title for the task.')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Title' }).fill(title);
  await drawer.getByRole('textbox', { name: 'Description' }).fill('Created by the browser test');
  await drawer.getByRole('button', { name: 'Add task' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`“${title}” was added.`)).toBeVisible();
  await expect(titles(page, 'All').first()).toHaveText(title);

  // Star: pressed at once, and listed under "Starred".
  const star = page.getByRole('button', { name: `Star: ${title}` });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await openView(page, 'Starred');
  await expect(titles(page, 'Starred').filter({ hasText: title })).toHaveCount(1);

  // Trash: gone from "All" and "Starred", only in "Trashed".
  await openView(page, 'All');
  await page.getByRole('button', { name: `Move to trash: ${title}` }).click();
  await expect(titles(page, 'All').filter({ hasText: title })).toHaveCount(0);
  await openView(page, 'Starred');
  await expect(page.getByRole('list', { name: 'Tasks in Starred' })).toBeVisible();
  await expect(titles(page, 'Starred').filter({ hasText: title })).toHaveCount(0);
  await openView(page, 'Trashed');
  await expect(titles(page, 'Trashed').filter({ hasText: title })).toHaveCount(1);

  // Reload: the demo database persists, so the trashed task is still there.
  await page.reload();
  await expect(page).toHaveURL(/\/apps\/todo\/trashed$/);
  await expect(titles(page, 'Trashed').filter({ hasText: title })).toHaveCount(1);
  await openView(page, 'All');
  await expect(titles(page, 'All').first()).toBeVisible();
  await expect(titles(page, 'All').filter({ hasText: title })).toHaveCount(0);
});

test('the to-do app works from the keyboard', async ({ page }) => {
  await page.goto('/apps/todo');
  await expect(titles(page, 'All').first()).toBeVisible();
  const add = page.getByRole('navigation', { name: 'To-do views' }).getByRole('button', { name: 'Add task' });
  await add.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Add task' });
  await expect(drawer.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type('Typed from the keyboard');
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(titles(page, 'All').first()).toHaveText('Typed from the keyboard');
  await titles(page, 'All').first().focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
});
