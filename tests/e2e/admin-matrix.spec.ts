import { expect, test, type Page } from './support/test';
import { clientNavigate, signIn, type DemoAccount } from './support/auth';

/**
 * The administration matrix (docs/permissions.md, docs/organizations.md, docs/users.md) walked as each
 * of the five demo accounts: what each sees and may do, a 403 for every forbidden call forced through
 * the API with the stored token, an invitation that ends in a sign-in, a disabled user refused, and a
 * suspended organization's user signed out at the next request.
 */

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Calls the API from the page with the stored token, as a hand-crafted request would. */
async function callApi(page: Page, call: Call): Promise<number> {
  return page.evaluate(async ({ method, path, body }) => {
    const token = localStorage.getItem('accessToken') ?? '';
    const response = await fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return response.status;
  }, call);
}

/** An id from a list endpoint the account may read (or from a super admin's token when it may not). */
async function idOf(page: Page, path: string, match: (row: Record<string, unknown>) => boolean): Promise<string> {
  const id = await page.evaluate(
    async ({ path }) => {
      const login = await fetch('/api/UserLogin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
        body: JSON.stringify({ params: { username: 'superadmin', password: 'demo1234' } }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const response = await fetch(path, { headers: { Authorization: `Bearer ${accessToken}` } });
      return (await response.json()) as { items: Record<string, unknown>[] };
    },
    { path },
  );
  const row = id.items.find(match);
  if (!row) throw new Error(`no row in ${path}`);
  return String(row['id']);
}

const orgBody = {
  name: 'Forced Org',
  code: 'FORCED',
  contactEmail: 'x@forced.example',
  phone: '',
  address: '',
  timezone: 'UTC',
  seatLimit: 5,
  screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
};
const userBody = (roleId: number) => ({
  fullName: 'Forced User',
  username: `forced${roleId}`,
  email: `forced${roleId}@acme.example`,
  phone: '',
  roleId,
  organizationId: '1',
});

async function forbiddenCalls(page: Page, account: DemoAccount): Promise<Call[]> {
  const acme = await idOf(page, '/api/organizations?search=acme', (o) => o['code'] === 'ACME');
  const globex = await idOf(page, '/api/organizations?search=globex', (o) => o['code'] === 'GLOBEX');
  const superadmin = await idOf(page, '/api/users?search=superadmin', (u) => u['username'] === 'superadmin');
  const user = await idOf(page, '/api/users?search=ulysses', (u) => u['username'] === 'user');
  switch (account) {
    case 'superadmin':
      // Even a super admin may not change their own status.
      return [{ method: 'POST', path: `/api/users/${superadmin}/disable` }];
    case 'admin':
      return [
        { method: 'POST', path: '/api/organizations', body: orgBody },
        { method: 'POST', path: `/api/organizations/${globex}/suspend`, body: { reason: 'x' } },
        { method: 'PUT', path: `/api/organizations/${globex}`, body: orgBody },
        { method: 'DELETE', path: `/api/organizations/${acme}` },
        { method: 'POST', path: '/api/users', body: userBody(1) },
        { method: 'PUT', path: `/api/users/${superadmin}`, body: userBody(2) },
      ];
    case 'operator':
      return [
        { method: 'POST', path: '/api/organizations', body: orgBody },
        { method: 'PUT', path: `/api/organizations/${acme}`, body: orgBody },
        { method: 'POST', path: '/api/users', body: userBody(4) },
        { method: 'POST', path: `/api/users/${user}/disable` },
        { method: 'DELETE', path: `/api/users/${user}` },
        { method: 'GET', path: '/api/audit-log' },
      ];
    case 'user':
    case 'globex':
      return [
        { method: 'GET', path: '/api/organizations' },
        { method: 'GET', path: `/api/organizations/${acme}` },
        { method: 'GET', path: '/api/users' },
        { method: 'POST', path: '/api/users', body: userBody(4) },
        { method: 'POST', path: `/api/organizations/${globex}/suspend`, body: { reason: 'x' } },
        { method: 'GET', path: '/api/audit-log' },
      ];
  }
}

// Each account starts signed in (tests/e2e/support/test.ts): these tests are about what it sees, not the sign-in.
test.describe('what each account sees and may do', () => {
  test.describe(() => {
    test.use({ signedInAs: 'superadmin' });
    test('super admin: every organization and user, every action', async ({ page }) => {
      await page.goto('/admin/manage-organizations');
      await expect(page.getByRole('button', { name: 'Globex Retail', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'New organization' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Globex Retail' })).toBeVisible();
      await page.getByRole('button', { name: 'More actions for Globex Retail' }).click();
      await expect(page.getByRole('menuitem', { name: 'Suspend' })).toBeVisible();
      await page.keyboard.press('Escape');
      await clientNavigate(page, '/admin/manage-users');
      await expect(page.getByRole('button', { name: 'Greta Globex', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
      for (const call of await forbiddenCalls(page, 'superadmin'))
        expect(await callApi(page, call), `${call.method} ${call.path}`).toBe(403);
    });
  });

  test.describe(() => {
    test.use({ signedInAs: 'admin' });
    test('admin: reads every organization, edits only their own, manages only their own users', async ({ page }) => {
      await page.goto('/admin/manage-organizations');
      await expect(page.getByRole('button', { name: 'Globex Retail', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Acme Logistics' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Globex Retail' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'New organization' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'More actions for Globex Retail' })).toHaveCount(0);
      await clientNavigate(page, '/admin/manage-users');
      await expect(page.getByRole('button', { name: 'Ulysses User', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Greta Globex', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
      // A super admin's row offers nothing to an admin.
      await expect(page.getByRole('button', { name: 'Edit Sophie Admin' })).toHaveCount(0);
      for (const call of await forbiddenCalls(page, 'admin')) expect(await callApi(page, call), `${call.method} ${call.path}`).toBe(403);
    });
  });

  test.describe(() => {
    test.use({ signedInAs: 'operator' });
    test('operator: reads organizations and users, changes nothing', async ({ page }) => {
      await page.goto('/admin/manage-organizations');
      await expect(page.getByRole('button', { name: 'Globex Retail', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^More actions/ })).toHaveCount(0);
      await clientNavigate(page, '/admin/manage-users');
      await expect(page.getByRole('button', { name: 'Greta Globex', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
      for (const call of await forbiddenCalls(page, 'operator')) expect(await callApi(page, call), `${call.method} ${call.path}`).toBe(403);
    });
  });

  for (const account of ['user', 'globex'] as const) {
    test.describe(() => {
      test.use({ signedInAs: account });
      test(`${account}: no admin area; every admin endpoint answers 403`, async ({ page }) => {
        await page.goto('/user/dashboard');
        for (const path of ['/admin/manage-organizations', '/admin/manage-users']) {
          await clientNavigate(page, path);
          await expect(page).toHaveURL(/\/pages\/not-authorized/);
        }
        for (const call of await forbiddenCalls(page, account)) expect(await callApi(page, call), `${call.method} ${call.path}`).toBe(403);
      });
    });
  }
});

// Signed in from the worker's state (one sign-in for the account's tests here): the screens are what these tests are
// about; what follows a sign-out (the invitee's and the disabled user's sign-in) still goes through the form.
test.describe(() => {
  test.use({ signedInAs: 'admin' });

  test('an admin invites a user, who sets a password and signs in', async ({ page }) => {
    await page.goto('/admin/manage-users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const drawer = page.getByRole('dialog', { name: 'Invite a user' });
    await drawer.getByLabel('Full name').fill('Nora Newcomer');
    await drawer.getByLabel('Username').fill('nora');
    await drawer.getByLabel('E-mail').fill('nora@acme.example');
    await drawer.getByRole('button', { name: 'Invite', exact: true }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Nora Newcomer is invited' });
    const link = await linkDialog.getByLabel('Set-password link').inputValue();
    expect(link).toMatch(/\/set-password\?token=[0-9a-f]+$/);
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: /Nora Newcomer/ }).getByText('Invited')).toBeVisible();
    // Signed out, the invitee opens the link (same browser: the demo backend lives in it).
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await clientNavigate(page, new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await page.getByLabel('New password').fill('nora-pass-1');
    await page.getByLabel('Repeat the password').fill('nora-pass-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Repeat the password').fill('nora-pass-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password is set')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill('nora');
    await page.getByLabel('Password', { exact: true }).fill('nora-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard/);
  });

  test('a disabled user is refused at sign-in', async ({ page }) => {
    await page.goto('/admin/manage-users');
    await page.getByRole('button', { name: 'More actions for Ulysses User' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page.getByRole('dialog', { name: 'Disable Ulysses User?' }).getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('row', { name: /Ulysses User/ }).getByText('Disabled')).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Username').fill('user');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(/account is disabled/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('a suspended organization’s user is signed out at the next request', async ({ page }) => {
  await signIn(page, 'globex');
  // A super admin suspends Globex meanwhile (through the API, in the same demo backend).
  const status = await page.evaluate(async () => {
    const login = await fetch('/api/UserLogin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
      body: JSON.stringify({ params: { username: 'superadmin', password: 'demo1234' } }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' };
    const list = (await (await fetch('/api/organizations?search=globex', { headers })).json()) as { items: { id: string }[] };
    const response = await fetch(`/api/organizations/${list.items[0]?.id ?? ''}/suspend`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ reason: 'Contract review' }),
    });
    return response.status;
  });
  expect(status).toBe(200);
  // The next request of the signed-in Globex user answers 401 and the app signs them out.
  await clientNavigate(page, '/user/manage-service-units');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username').fill('globex');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/organization is suspended/i)).toBeVisible();
});

test.describe(() => {
  test.use({ signedInAs: 'superadmin' });

  test('a super admin suspends an organization with a reason through the screen, and sees it in the audit trail', async ({ page }) => {
    await page.goto('/admin/manage-organizations');
    await page.getByRole('button', { name: 'More actions for Initech Services' }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Initech Services?' });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog.getByText('Please give a reason.')).toBeVisible();
    await dialog.getByLabel(/Reason/).fill('Unpaid invoice');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByRole('row', { name: /Initech Services/ }).getByText('Suspended')).toBeVisible();
    await page.getByRole('button', { name: 'Initech Services', exact: true }).click();
    await page.getByRole('tab', { name: 'Audit trail' }).click();
    await expect(page.getByText('Reason: Unpaid invoice')).toBeVisible();
  });

  for (const [language, invite, organizationsColumn] of [
    ['de', 'Benutzer einladen', 'Kürzel'],
    ['fr', 'Inviter un utilisateur', 'Créée'],
    ['pt', 'Convidar usuário', 'Código'],
  ] as const) {
    test(`the users and organizations screens speak ${language}`, async ({ page }) => {
      // The language is the user's stored choice before the first load.
      await page.addInitScript((l) => localStorage.setItem('language', l), language);
      await page.goto('/admin/manage-users');
      await expect(page.getByRole('button', { name: invite })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Greta Globex', exact: true })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/users\.|organizations\.|audit\./);
      await clientNavigate(page, '/admin/manage-organizations');
      await expect(page.getByRole('button', { name: 'Globex Retail', exact: true })).toBeVisible();
      await expect(page.getByText(organizationsColumn, { exact: true }).first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/users\.|organizations\.|audit\./);
    });
  }
});
