import chroma from 'chroma-js';
import { getContrastColor } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BRAND,
  mergedTheme,
  readStoredThemeMode,
  schemeVariables,
  semiDarkCss,
  SEMI_DARK_CLASS,
  theme,
  THEME_STORAGE_KEY,
  themeModeStore,
} from './theme';

/** Follows var(--x) references to a concrete colour. */
function resolve(vars: Record<string, string>, value: string, depth = 0): string {
  const ref = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!ref?.[1]) return value;
  const next = vars[ref[1]];
  if (next === undefined || depth > 10) throw new Error(`unresolved ${value}`);
  return resolve(vars, next, depth + 1);
}

const AA = 4.5;
const COLORS = ['primary', 'success', 'danger', 'warning'] as const;

// Semi-dark is a dark sidebar (dark variables, scoped) beside light content (light variables), so
// checking both schemes covers all three theme modes.
describe.each(['light', 'dark'] as const)('contrast in the %s scheme', (scheme) => {
  const vars = schemeVariables(scheme);
  const color = (name: string) => resolve(vars, `var(${name})`);
  const body = color('--mantine-color-body');
  const ratio = (fg: string, bg: string) => chroma.contrast(chroma(fg), chroma(bg));

  it.each(['--mantine-color-text', '--mantine-color-dimmed', '--mantine-color-anchor'])('%s on the body', (name) => {
    expect(ratio(color(name), body)).toBeGreaterThanOrEqual(AA);
  });

  it('links on a hovered table row', () => {
    const hover = color(scheme === 'dark' ? '--mantine-color-dark-5' : '--mantine-color-gray-1');
    expect(ratio(color('--mantine-color-anchor'), hover)).toBeGreaterThanOrEqual(AA);
  });

  it.each(COLORS)('%s coloured text on the body', (c) => {
    expect(ratio(color(`--mantine-color-${c}-text`), body)).toBeGreaterThanOrEqual(AA);
  });

  it.each(COLORS)('text on a filled %s button or badge', (c) => {
    const fill = color(`--mantine-color-${c}-filled`);
    const text = resolve(vars, getContrastColor({ color: c, theme: mergedTheme, autoContrast: true, colorScheme: scheme }));
    expect(ratio(text, fill)).toBeGreaterThanOrEqual(AA);
  });

  // Every palette, Mantine's own too (status badges, avatars): the text each variant really gets.
  const ALL = Object.keys(mergedTheme.colors);
  it.each(ALL)('filled %s text in this scheme', (c) => {
    expect(ratio(color(`--mantine-color-${c}-filled-text`), color(`--mantine-color-${c}-filled`))).toBeGreaterThanOrEqual(AA);
  });

  it.each(scheme === 'light' ? ALL : [])('light %s badge or avatar text', (c) => {
    expect(ratio(color(`--mantine-color-${c}-light-color`), color(`--mantine-color-${c}-light`))).toBeGreaterThanOrEqual(AA);
  });

  it.each(COLORS)('light %s badge text on its background', (c) => {
    const bg = chroma.mix(body, color(`--mantine-color-${c}-light`), 1).hex();
    expect(ratio(color(`--mantine-color-${c}-light-color`), bg)).toBeGreaterThanOrEqual(AA);
  });
});

describe('theme', () => {
  it('builds every brand palette from its brand colour', () => {
    expect(theme.colors?.primary).toHaveLength(10);
    expect(theme.colors?.primary).toContain(BRAND.primary.toLowerCase());
    expect(theme.colors?.danger).toContain(BRAND.danger.toLowerCase());
  });

  it('uses the required breakpoints (576, 768, 992, 1200 px)', () => {
    expect(theme.breakpoints).toMatchObject({ xs: '36em', sm: '48em', md: '62em', lg: '75em' });
  });

  it('scopes the dark variables to the semi-dark class', () => {
    const css = semiDarkCss();
    expect(css.startsWith(`.${SEMI_DARK_CLASS} {`)).toBe(true);
    expect(css).toContain('--mantine-color-body: var(--mantine-color-dark-7);');
    expect(css).toContain('--mantine-color-anchor: var(--mantine-color-primary-2);');
  });
});

describe('theme mode store', () => {
  afterEach(() => themeModeStore.reset());

  it('defaults to light and ignores unknown stored values', () => {
    expect(readStoredThemeMode()).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredThemeMode()).toBe('light');
  });

  it('stores the choice, notifies listeners, and reads it back after a reload', () => {
    const seen: string[] = [];
    const off = themeModeStore.subscribe(() => seen.push(themeModeStore.get()));
    themeModeStore.set('semi-dark');
    off();
    expect(seen).toEqual(['semi-dark']);
    themeModeStore.reset();
    expect(themeModeStore.get()).toBe('semi-dark');
  });

  it('follows a change made in another tab', () => {
    const seen: string[] = [];
    const off = themeModeStore.subscribe(() => seen.push(themeModeStore.get()));
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    off();
    expect(seen).toEqual(['dark']);
  });
});
