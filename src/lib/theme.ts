import { generateColors } from '@mantine/colors-generator';
import {
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { useSyncExternalStore } from 'react';

export const BRAND = {
  primary: '#262261',
  success: '#895ba5',
  danger: '#EA5455',
  warning: '#FF9F43',
  dark: '#1E1E1E',
} as const;

// Palettes are generated from the brand colours, never written by hand.
const palette = (hex: string): MantineColorsTuple => generateColors(hex) as MantineColorsTuple;

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

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: { light: 9, dark: 4 },
  // Filled buttons/badges pick black or white text by the fill's luminance: in dark mode the
  // lighter fills (success-4, danger-4, warning-4) would fail AA with white text.
  autoContrast: true,
  luminanceThreshold: 0.2,
  colors: {
    primary: palette(BRAND.primary),
    success: palette(BRAND.success),
    danger: palette(BRAND.danger),
    warning: palette(BRAND.warning),
    brandDark: palette(BRAND.dark),
  },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Tooltip: { defaultProps: { position: 'top', openDelay: 0, closeDelay: 0 } },
  },
});

const TEXT_COLORS = ['primary', 'success', 'danger', 'warning'] as const;

/**
 * Contrast fixes over Mantine's defaults (checked by theme.test.ts, WCAG AA 4.5:1):
 * light dimmed text gray-6 is 3.3:1 on white → gray-7; the light warning badge (shade 9 on shade 1,
 * 4.3:1) gets the paler shade 0 behind it; in dark mode links and coloured text use
 * shade 3 (shade 4 of the primary is 3.4:1 on the dark body) and dimmed text dark-1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-warning-light': 'var(--mantine-color-warning-0)',
    '--mantine-color-warning-light-hover': 'var(--mantine-color-warning-1)',
  },
  dark: {
    '--mantine-color-anchor': 'var(--mantine-color-primary-3)',
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
