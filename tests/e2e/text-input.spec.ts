import { expect, test, type Page } from './support/test';

/** Creates a URL rule through the API with the signed-in session's token (the form is tested elsewhere). */
async function createRule(page: Page, rule: { pattern: string; matchType: string; reason: string }): Promise<number> {
  return page.evaluate(async (body) => {
    const token = localStorage.getItem('accessToken') ?? '';
    const response = await fetch('/api/url-restrictions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...body, action: 'block', enabled: true, scope: { kind: 'all' }, schedule: { kind: 'always' } }),
    });
    return response.status;
  }, rule);
}

// Every test starts signed in as the demo user (tests/e2e/support/test.ts): none of them is about signing in.
test.use({ signedInAs: 'user' });

test.describe('bad input (issue 8)', () => {
  test('a pasted 10,000-character unit name is kept, counted and refused with its limit; nothing is cut', async ({ page }) => {
    await page.goto('/user/manage-service-units');
    await page.getByRole('button', { name: 'New unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service unit' });
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await name.click();
    await page.keyboard.insertText('x'.repeat(10_000));
    await expect(dialog.getByText('10000 / 80')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create unit' }).click();
    await expect(dialog.getByText('Name may have at most 80 characters. Shorten it — nothing was cut.')).toBeVisible();
    expect((await name.inputValue()).length).toBe(10_000);
    await page.screenshot({ path: 'test-results/text-input/unit-name-too-long.png' });
  });

  test('the pathological rules of the issue are decided at once on a 10 kB URL in the browser', async ({ page }) => {
    await page.goto('/user/url-restrictions');
    // The embedded backend answers once the screen has loaded its rules.
    await expect(page.getByRole('table', { name: 'URL rules' })).toBeVisible();
    expect(await createRule(page, { pattern: '^https://x\\.example/(a+)+$', matchType: 'regex', reason: 'ReDoS regex' })).toBe(201);
    expect(await createRule(page, { pattern: '*a*a*a*a*a*a*a*a*a*a*b', matchType: 'wildcard', reason: 'ReDoS wildcard' })).toBe(201);
    // What RE2 cannot run in linear time is refused at save.
    expect(await createRule(page, { pattern: '^(a+)\\1$', matchType: 'regex', reason: 'backreference' })).toBe(422);
    await page.reload();
    const tester = page.getByRole('region', { name: 'Test a URL' });
    await tester.getByRole('textbox', { name: /^URL/ }).fill(`https://x.example/${'a'.repeat(10_000)}`);
    await tester.getByRole('button', { name: 'Test' }).click();
    await expect(tester.getByRole('status')).toContainText('Blocked');
    await tester.getByRole('textbox', { name: /^URL/ }).fill(`https://x.example/${'a'.repeat(10_000)}!`);
    await tester.getByRole('button', { name: 'Test' }).click();
    await expect(tester.getByRole('status')).toContainText('Allowed');
  });
});
