import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { clientNavigate } from './auth';

/** WCAG 2.2 AA as the product standard: the 2.0, 2.1 and 2.2 A/AA rule sets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export type Theme = (typeof THEMES)[number];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Brings the page to where its CSS animations and transitions end (fade-ins, a theme's colour transitions), so
 * that axe measures what a user ends up seeing, without waiting for them: every finite one running is finished
 * at once, as Playwright does for screenshots (`animations: 'disabled'`). Repeated until two frames pass with
 * none left, since a re-render after a change starts new ones. Endless animations (loaders) are left alone.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
          const running = document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
          for (const animation of running) animation.finish();
          return running.length;
        }),
      { message: 'CSS animations and transitions kept starting', intervals: [0] },
    )
    .toBe(0);
}

/**
 * Switches the theme in place through the stored preference: the theme store follows a `storage`
 * event (as when another tab changes it), so the screen and its open overlays stay as they are.
 */
export async function setTheme(page: Page, mode: Theme): Promise<void> {
  await page.evaluate((m) => {
    localStorage.setItem('theme-mode', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme-mode', newValue: m }));
  }, mode);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode === 'dark' ? 'dark' : 'light');
  // Colour transitions finish before contrast is measured.
  await animationsSettled(page);
}

/** Waits until the screen shows data: its heading is up and no loader, skeleton or busy region is left. */
export async function waitForLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
  // Fade-ins finish before colours are measured.
  await animationsSettled(page);
}

/** Opens a screen: inside the app when signed in (far faster than rebooting it), else a full load. */
export async function openScreen(page: Page, path: string, inApp: boolean): Promise<void> {
  const pathname = () => new URL(page.url()).pathname;
  if (inApp && pathname() !== path) {
    const previous = await page.getByRole('heading', { level: 1 }).first().textContent();
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(previous ?? '');
  } else if (!inApp) {
    await page.goto(path);
  }
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await waitForLoaded(page);
}

/** The script AxeBuilder loads into a document that has axe-core already: nothing. */
const AXE_LOADED = '0';

/**
 * Runs axe on the page (or only inside `include`, e.g. an open dialog) and returns one line per
 * failing node, naming where it was seen.
 */
export async function scan(page: Page, where: string, include?: string, rules?: string[]): Promise<string[]> {
  // The pointer left over a table row would make its hover colour part of one run only.
  await page.mouse.move(0, 0);
  // Legacy mode: axe.run in the page itself. The default (axe.runPartial in each frame, then axe.finishRun in a blank
  // page it opens and fills with axe again, every scan) serves cross-origin frames, which the app has none of; it took
  // 705–1,324 ms a scan against 321–738 ms here, with the same passes, violations and incomplete results.
  // axe-core stays in the document between scans (in-app navigation keeps it): loaded again each time, its 580 KB
  // were parsed twice a scan. Only violations are reported, so axe builds no selectors for the other results.
  const loaded = await page.evaluate(() => 'axe' in window);
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: AXE_LOADED } : {}) })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const found = results.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = n.failureSummary?.split('\n').slice(1).join(' ').trim() || v.help;
      return `${where}: ${v.id} at ${n.target.join(' ')} ${n.html.slice(0, 160)} — ${why}`;
    }),
  );
  // Reported at once too, so a run cut short still names what it found.
  for (const line of found) console.info(`axe: ${line}`);
  return found;
}

/** The rules whose outcome depends on the colours, so on the theme. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const SIDEBAR = '.mantine-AppShell-navbar';

/** The theme the page shows: the stored preference it follows (light when none is stored). */
export async function currentTheme(page: Page): Promise<Theme> {
  const stored = await page.evaluate(() => localStorage.getItem('theme-mode'));
  return THEMES.find((theme) => theme === stored) ?? 'light';
}

/** The sidebar is on screen (a desktop), not behind the phone's menu button. */
async function sidebarShown(page: Page): Promise<boolean> {
  const sidebar = page.locator(SIDEBAR).first();
  return (await sidebar.isVisible()) && (await sidebar.boundingBox())?.x === 0;
}

/**
 * Scans the current state of the page in one theme, doing only the work that theme can change: every WCAG 2.2
 * A/AA rule in light, the colour rules in dark, and in semi-dark (light content beside a dark sidebar) the colour
 * rules on `semiDark`: by default the sidebar, when one is on screen and the scan is not limited to an overlay.
 * Switches the theme only when there is something to scan in it; `shown` is the theme the page shows, and the one
 * it shows afterwards is returned. Either way, the page's transitions end before the scan.
 */
export async function scanInTheme(
  page: Page,
  theme: Theme,
  shown: Theme,
  where: string,
  include?: string,
  semiDark?: string,
): Promise<{ found: string[]; shown: Theme }> {
  let target = include;
  let rules: string[] | undefined = theme === 'light' ? undefined : COLOUR_RULES;
  if (theme === 'semi-dark') {
    target = semiDark ?? (!include && (await sidebarShown(page)) ? SIDEBAR : undefined);
    if (!target) return { found: [], shown };
    rules = COLOUR_RULES;
  }
  // Unswitched, what changed last (a click, a resize) still ends its transitions first.
  if (theme !== shown) await setTheme(page, theme);
  else await animationsSettled(page);
  return { found: await scan(page, `${where} [${theme}]`, target, rules), shown: theme };
}

/** Every theme, the one the page shows first. */
export function themesFrom(shown: Theme): Theme[] {
  return [shown, ...THEMES.filter((theme) => theme !== shown)];
}

/**
 * Scans the current state of the page at one viewport in every theme (see scanInTheme), starting with the theme
 * it shows and leaving it in the last one scanned: a switch re-renders and re-styles the whole app, so callers
 * that scan several states in a row switch as few times as they can. `semiDark` as in scanInTheme.
 */
export async function scanThemesInPlace(page: Page, where: string, include?: string, semiDark?: string): Promise<string[]> {
  const found: string[] = [];
  let shown = await currentTheme(page);
  for (const theme of themesFrom(shown)) {
    const scanned = await scanInTheme(page, theme, shown, where, include, semiDark);
    found.push(...scanned.found);
    shown = scanned.shown;
  }
  return found;
}

/** scanThemesInPlace, then back to the light theme. */
export async function scanThemes(page: Page, where: string, include?: string): Promise<string[]> {
  const found = await scanThemesInPlace(page, where, include);
  if ((await currentTheme(page)) !== 'light') await setTheme(page, 'light');
  return found;
}

export function expectNoViolations(found: string[]): void {
  expect(found, `axe violations:\n${found.join('\n')}`).toHaveLength(0);
}
