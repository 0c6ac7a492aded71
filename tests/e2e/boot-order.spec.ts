import { expect, test } from './support/test';

/**
 * The first paint of the built index.html (build/hashed-boot-files.ts): the boot script comes after the app's
 * module script and modulepreloads, so their downloads start at once, and still runs before the body is parsed,
 * so a visitor who chose the dark theme never sees the loading overlay white first.
 */

test('the boot script is the last tag of <head>, after the app bundle it must not hold back', async ({ page }) => {
  // The document as served: once running, the app adds tags to <head> itself (a lazy chunk's modulepreload links).
  const response = await page.goto('/login');
  const served = /<head>([\s\S]*?)<\/head>/i.exec((await response?.text()) ?? '')?.[1] ?? '';
  const tags = [...served.matchAll(/<(\w+)\b([^>]*)>/g)].map(([, name = '', attributes = '']) => {
    const attribute = (key: string) => new RegExp(`\\b${key}="([^"]*)"`).exec(attributes)?.[1];
    return { tag: `${name.toLowerCase()} ${attribute('type') ?? attribute('rel') ?? ''}`.trim(), src: attribute('src') ?? '' };
  });
  const head = tags.map((t) => t.tag);
  const last = tags.at(-1)?.src ?? '';
  expect(last).toMatch(/^\/assets\/boot-overlay-[\w-]+\.js$/);
  expect(head.indexOf('script module')).toBeGreaterThan(-1);
  expect(head.indexOf('script module')).toBeLessThan(head.length - 1);
  expect(head.filter((tag) => tag === 'link modulepreload').length).toBeGreaterThan(0);
});

test('a dark-theme visitor’s loading overlay is dark from its first parse, in their language', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme-mode', 'dark');
    localStorage.setItem('language', 'de');
    // What the document looked like when the parser first added the overlay, before any script of the app ran.
    new MutationObserver((_records, observer) => {
      const overlay = document.getElementById('loading-bg');
      if (!overlay) return;
      observer.disconnect();
      (window as unknown as { overlayAtParse: object }).overlayAtParse = {
        dark: document.documentElement.classList.contains('boot-dark'),
        lang: document.documentElement.lang,
      };
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { overlayAtParse?: object }).overlayAtParse)).toEqual({ dark: true, lang: 'de' });
});

test('once the app has rendered, the hidden overlay animates nothing: an open page left alone restyles nothing', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect(page.locator('#loading-bg')).toHaveClass(/is-hidden/);
  // The fade-out's own transition ends; then no CSS animation or transition is left running on the page.
  await expect.poll(() => page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? a.id))).toEqual([]);
});
