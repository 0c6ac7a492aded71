#!/usr/bin/env node
/* global document, window, history, dispatchEvent, PopStateEvent, StorageEvent -- page functions run in the browser */
/**
 * Which styles need 'unsafe-inline' (docs/security.md, "Styles keep 'unsafe-inline'"). The enforced policy stays as
 * built; a report-only policy without 'unsafe-inline' for styles reports every <style> element (style-src-elem) and
 * style attribute (style-src-attr) it would block while the demo build is walked like a person would.
 *
 *   npx vite build --outDir dist-x && npx vite preview --outDir dist-x --port 4218 --host 127.0.0.1 &
 *   node scripts/probe-style-csp.mjs 4218          (under /tmp/e2e.lock on the shared machine)
 *
 * Prints each distinct report (count, directive, first 40 characters, script) and the <style> elements left.
 */
import { chromium } from 'playwright';

const base = `http://127.0.0.1:${process.argv[2] ?? process.env.PORT ?? 4173}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const seen = new Map();
await context.exposeBinding('__v', (_s, v) => seen.set(v, (seen.get(v) ?? 0) + 1));
await context.addInitScript(() =>
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.disposition === 'report')
      window.__v(`${e.violatedDirective} | ${(e.sample || '').slice(0, 40)} | ${String(e.sourceFile).replace(/.*\//, '')}`);
    // Enforced refusals: the mailbox's seeded attack (mirage/domains/email.ts DANGEROUS_BODY) shows up as script-src-attr.
    else window.__v(`ENFORCED ${e.violatedDirective} ${e.blockedURI}`);
  }),
);
await context.route(
  (url) => url.origin === base && !/\.\w+$/.test(url.pathname),
  async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy-report-only': "style-src 'self' 'report-sample'" },
    });
  },
);
const page = await context.newPage();
const nav = async (p) => {
  await page.evaluate((x) => {
    history.pushState({}, '', x);
    dispatchEvent(new PopStateEvent('popstate'));
  }, p);
  await page.waitForTimeout(1500);
};
const theme = async (m) => {
  await page.evaluate((x) => {
    localStorage.setItem('theme-mode', x);
    dispatchEvent(new StorageEvent('storage', { key: 'theme-mode', newValue: x }));
  }, m);
  await page.waitForTimeout(500);
};
async function signIn(user) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/dashboard/);
  await page.waitForTimeout(1500);
}
await page.goto(`${base}/login`);
await page.waitForTimeout(1000);
await signIn('superadmin');
for (const p of [
  '/admin/manage-organizations',
  '/admin/manage-users',
  '/admin/reporting/prediction',
  '/admin/my-profile',
  '/apps/todo',
  '/apps/email',
  '/dev/statecharts',
])
  await nav(p);
for (const m of ['dark', 'semi-dark', 'light']) await theme(m);
await page.evaluate(() => localStorage.clear());
await signIn('user');
for (const p of [
  '/user/manage-service-units',
  '/user/manage-service-units?unit=1',
  '/user/manage-process?unit=1',
  '/user/manage-screenshots',
  '/user/url-restrictions',
  '/user/my-profile',
])
  await nav(p);
await page.setViewportSize({ width: 390, height: 844 });
await page.waitForTimeout(800);
await nav('/user/dashboard');
for (const [k, n] of [...seen].sort()) console.log(`${n}\t${k}`);
const styles = await page.evaluate(() =>
  [...document.querySelectorAll('style')].map(
    (s) =>
      `${[...s.attributes].map((a) => a.name + '=' + a.value).join(' ')} :: ${s.textContent.length} chars :: ${s.textContent.slice(0, 60)}`,
  ),
);
console.log('style elements now:\n' + styles.join('\n'));
console.log('elements with a style attribute now:', await page.evaluate(() => document.querySelectorAll('[style]').length));
await browser.close();
