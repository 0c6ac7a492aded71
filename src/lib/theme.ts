import {
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  defaultVariantColorsResolver,
  isVirtualColor,
  luminance,
  mergeMantineTheme,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { BRAND_PALETTES } from './theme-palettes';

export const BRAND = {
  primary: '#262261',
  success: '#895ba5',
  danger: '#EA5455',
  warning: '#FF9F43',
  dark: '#1E1E1E',
} as const;

// Palettes are generated from the brand colours, never written by hand: theme-palettes.ts keeps the
// generator's output (checked by its test), so chroma-js stays out of the first load.
const palette = (name: keyof typeof BRAND_PALETTES): MantineColorsTuple => BRAND_PALETTES[name];

export const THEME_MODES = ['light', 'dark', 'semi-dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_STORAGE_KEY = 'theme-mode';

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export function readStoredThemeMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemeMode {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(value) ? value : 'light';
  } catch {
    return 'light';
  }
}

/**
 * Mantine picks a filled variant's text colour from the light scheme's shade, so in dark mode
 * (shade 4, much lighter) it keeps white text on a pale fill (white on red-4 is 2.3:1). The text
 * colour becomes a per-scheme variable instead (--mantine-color-<c>-filled-text, set below).
 */
const filledTextPerScheme: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const auto = input.autoContrast ?? input.theme.autoContrast;
  if (input.variant !== 'filled' || !auto || !input.color) return base;
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined || isVirtualColor(input.theme.colors[parsed.color])) return base;
  return { ...base, color: `var(--mantine-color-${parsed.color}-filled-text)` };
};

const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * Per-scheme variables for every palette: the filled text colour, and in light mode the light
 * variant (badges, avatars) on shade 0 with its shade-9 text darkened until it reaches AA
 * (Mantine's teal/orange/lime/green light badges are 3.3–4.3:1).
 */
function paletteVariables(theme: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (isVirtualColor(shades)) continue;
    // Whichever of black and white reads better (a fixed luminance threshold leaves green-9 and
    // orange-9 at 4.3:1 with white).
    const fill = shades[typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme]];
    const white = contrast(theme.white, fill) >= contrast(theme.black, fill);
    vars[`--mantine-color-${name}-filled-text`] = `var(--mantine-color-${white ? 'white' : 'black'})`;
    if (scheme === 'dark') continue;
    let text = shades[9];
    for (let step = 0.05; contrast(text, shades[0]) < 4.5 && step <= 0.5; step += 0.05) text = darken(shades[9], step);
    vars[`--mantine-color-${name}-light`] = `var(--mantine-color-${name}-0)`;
    vars[`--mantine-color-${name}-light-hover`] = `var(--mantine-color-${name}-1)`;
    vars[`--mantine-color-${name}-light-color`] = text;
  }
  return vars;
}

export const theme = createTheme({
  // Visitors who ask their system for reduced motion get no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  primaryColor: 'primary',
  primaryShade: { light: 9, dark: 4 },
  // Filled buttons/badges pick black or white text by the fill's luminance: in dark mode the
  // lighter fills (success-4, danger-4, warning-4) would fail AA with white text.
  autoContrast: true,
  luminanceThreshold: 0.2,
  variantColorResolver: (input) => filledTextPerScheme(input),
  colors: {
    primary: palette('primary'),
    success: palette('success'),
    danger: palette('danger'),
    warning: palette('warning'),
    brandDark: palette('dark'),
  },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Tooltip: { defaultProps: { position: 'top', openDelay: 0, closeDelay: 0 } },
    // Without the focus placeholder (a role="presentation" child) a menu holds only menu items
    // (axe aria-required-children); an opened menu focuses its first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine keeps a closed select's options mounted (hidden), and floating-ui then measures each one's
    // position when the page mounts: a forced layout and a synchronous re-render per select on every screen.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const TEXT_COLORS = ['primary', 'success', 'danger', 'warning'] as const;

/**
 * Contrast fixes over Mantine's defaults (checked by theme.test.ts, WCAG AA 4.5:1):
 * light dimmed text gray-6 is 3.3:1 on white → gray-7; light badges get the paler shade 0 behind
 * them and filled ones a per-scheme text colour (paletteVariables); in dark mode coloured text uses
 * shade 3 (shade 4 of the primary is 3.4:1 on the dark body) and dimmed text dark-1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...paletteVariables(t, 'light'),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders render as text in picker buttons (date ranges); gray-5 is 2.1:1 on white.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Field errors: red-6 is 3.3:1 on white, red-9 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    ...paletteVariables(t, 'dark'),
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    // Field errors: red-8 is 3.0:1 on an input (dark-6), red-4 5.8:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // shade 2: links also sit on hovered table rows (dark-5), where shade 3 is 3.7:1
    '--mantine-color-anchor': 'var(--mantine-color-primary-2)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    ...Object.fromEntries(TEXT_COLORS.map((c) => [`--mantine-color-${c}-text`, `var(--mantine-color-${c}-3)`])),
  },
});

export const mergedTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** The CSS variables of one colour scheme, Mantine's defaults with our fixes applied. */
export function schemeVariables(scheme: 'light' | 'dark'): Record<string, string> {
  const base = defaultCssVariablesResolver(mergedTheme);
  const ours = cssVariablesResolver(mergedTheme);
  return { ...base.variables, ...ours.variables, ...base[scheme], ...ours[scheme] };
}

/** The class that turns one region (the semi-dark sidebar) dark inside a light page. */
export const SEMI_DARK_CLASS = 'semi-dark-surface';

/** CSS that scopes the dark scheme's variables to SEMI_DARK_CLASS. */
export function semiDarkCss(): string {
  const base = defaultCssVariablesResolver(mergedTheme);
  const ours = cssVariablesResolver(mergedTheme);
  const vars = { ...base.dark, ...ours.dark };
  const body = Object.entries(vars)
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ');
  return `.${SEMI_DARK_CLASS} { ${body} color-scheme: dark; background-color: var(--mantine-color-body); color: var(--mantine-color-text); }`;
}

/** Mantine knows light and dark; semi-dark is a light page with a dark sidebar. */
export const colorSchemeOf = (mode: ThemeMode): 'light' | 'dark' => (mode === 'dark' ? 'dark' : 'light');

// The chosen theme mode: a tiny store so the switcher, the provider and the layout share one value.
let currentMode: ThemeMode | null = null;
const listeners = new Set<() => void>();

export const themeModeStore = {
  get(): ThemeMode {
    currentMode ??= readStoredThemeMode();
    return currentMode;
  },
  set(mode: ThemeMode): void {
    currentMode = mode;
    try {
      globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // storage unavailable (private mode): the choice lasts for this page only
    }
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab changed the theme: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY) return;
      currentMode = readStoredThemeMode();
      listener();
    };
    globalThis.addEventListener?.('storage', onStorage);
    return () => {
      listeners.delete(listener);
      globalThis.removeEventListener?.('storage', onStorage);
    };
  },
  /** Tests: forget the in-memory value so the next get() reads storage again. */
  reset(): void {
    currentMode = null;
  },
};

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(themeModeStore.subscribe, themeModeStore.get, themeModeStore.get);
}
