import { generateColors } from '@mantine/colors-generator';
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export function readStoredThemeMode(): ThemeMode {
  try {
    const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(value) ? value : 'light';
  } catch {
    return 'light';
  }
}

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: { light: 9, dark: 4 },
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
