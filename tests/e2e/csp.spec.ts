import { currentTheme, openScreen, setTheme, themesFrom } from './support/a11y';
import { signIn } from './support/auth';
import { ADMIN_SCREENS, APP_SCREENS, PUBLIC_SCREENS, USER_SCREENS } from './support/screens';
import { expect, test, type CspViolation, type Page } from './support/test';

/**
 * The production Content-Security-Policy (docs/security.md), enforced: the preview server sends the
 * build's _headers, and the shared fixture (support/test.ts) fails any test on a violation the app causes.
 * This spec shows that the policy stops attacks and that no screen of either area, in any theme, needs
 * more than it allows.
 */

const PUBLIC_PAGES = PUBLIC_SCREENS;
const USER_PAGES = USER_SCREENS;
/** The admin area, and the demo apps as an admin sees them. */
const ADMIN_PAGES = [...ADMIN_SCREENS, ...APP_SCREENS];

/**
 * Opens each screen inside the app and shows it in every theme: it opens in the theme the previous one was left
 * in, then switches to the other two (a switch re-styles the whole app). The fixture checks the reports.
 */
async function sweep(page: Page, paths: string[], inApp: boolean): Promise<void> {
  for (const path of paths) {
    await openScreen(page, path, inApp);
    for (const theme of themesFrom(await currentTheme(page)).slice(1)) await setTheme(page, theme);
  }
}

test('the server sends the policy and the security headers; the page carries the meta policy too', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'report-sample';");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types default dompurify',
  ]) {
    expect(policy).toContain(directive);
  }
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toContain('max-age=');
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toContain("script-src 'self'");
  expect(meta).not.toContain('frame-ancestors');
});

test('only the silent-renewal page may be framed, and only by the app itself', async ({ page, request, csp }) => {
  const silent = (await request.get('/silent-callback.html')).headers();
  expect(silent['x-frame-options']).toBe('SAMEORIGIN');
  expect(silent['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(silent['content-security-policy']).not.toContain("frame-ancestors 'none'");
  // Framing the app's pages is the attack this header stops; the refusal may be reported.
  csp.allow((v) => v.directive === 'frame-ancestors');
  await page.goto('/login');
  const framed = await page.evaluate(
    async (paths) =>
      Promise.all(
        paths.map(
          (src) =>
            new Promise<string>((resolve) => {
              const frame = document.createElement('iframe');
              frame.addEventListener('load', () => {
                // A refused frame shows the browser's error page, which the app cannot read.
                try {
                  resolve(frame.contentDocument?.location.pathname ?? 'refused');
                } catch {
                  resolve('refused');
                }
              });
              frame.src = src;
              document.body.append(frame);
            }),
        ),
      ),
    ['/silent-callback.html', '/login', '/'],
  );
  expect(framed).toEqual(['/silent-callback.html', 'refused', 'refused']);
});

test('an inline script and an <img onerror> injected into the page are blocked and reported', async ({ page, csp }) => {
  const injected = '<script>window.__pwned = "script"</script><img src="/no-such-image.png" onerror="window.__pwned = \'img\'">';
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('</body>', `${injected}</body>`);
    await route.fulfill({ response, body });
  });
  const isAttack = (v: CspViolation) =>
    (v.directive === 'script-src-elem' || v.directive === 'script-src-attr') && v.sample.includes('__pwned');
  csp.allow(isAttack);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // Each is reported once per policy (the header's and the meta tag's).
  await expect
    .poll(() =>
      [
        ...new Set(
          csp
            .violations()
            .filter(isAttack)
            .map((v) => v.directive),
        ),
      ].sort(),
    )
    .toEqual(['script-src-attr', 'script-src-elem']);
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
});

test('markup written into innerHTML as a plain string is refused by Trusted Types and reported', async ({ page, csp }) => {
  const isAttack = (v: CspViolation) => v.directive === 'require-trusted-types-for' && v.sample.includes('onerror');
  csp.allow(isAttack);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const outcome = await page.evaluate(() => {
    const host = document.createElement('div');
    document.body.append(host);
    try {
      host.innerHTML = '<img src="/x.png" onerror="window.__pwned = 1">';
      return 'written';
    } catch (error) {
      return error instanceof TypeError ? 'refused' : 'other error';
    }
  });
  expect(outcome).toBe('refused');
  await expect.poll(() => csp.violations().filter(isAttack).length).toBeGreaterThan(0);
  // CSS without markup (Mantine's style tags) still passes the default policy.
  expect(
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.innerHTML = '.probe > span { color: red }';
      return style.textContent;
    }),
  ).toBe('.probe > span { color: red }');
});

test('public pages need nothing beyond the policy', async ({ page }) => {
  for (const path of PUBLIC_PAGES) await openScreen(page, path, false);
});

test('every user-area screen renders under the policy in every theme', async ({ page }) => {
  await signIn(page, 'user');
  await sweep(page, USER_PAGES, true);
  // The mailbox's hostile message: its handlers are stripped; whatever the browser still sees is an
  // attack the policy blocks (the fixture allows exactly those samples).
  await page.getByRole('button', { name: /Overdue invoice #88412/ }).click();
  await expect(page.getByRole('article', { name: 'Message from Billing Notice' }).getByText('Your invoice is overdue.')).toBeVisible();
});

test('every admin-area screen renders under the policy in every theme', async ({ page }) => {
  await signIn(page, 'admin');
  await sweep(page, ADMIN_PAGES, true);
});
