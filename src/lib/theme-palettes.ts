import type { MantineColorsTuple } from '@mantine/core';

/**
 * The brand palettes, generated from the brand colours by @mantine/colors-generator (chroma-js) and kept
 * here as its output, so the first load does not carry chroma-js to compute ten colours per brand colour
 * at every start. theme-palettes.test.ts regenerates them from
 * BRAND and fails when they differ: change a brand colour there, then paste the generator's output.
 */
export const BRAND_PALETTES = {
  primary: ['#f1f0fa', '#dedcee', '#b9b6de', '#938ecf', '#726bc2', '#5e55bb', '#544ab8', '#453ca2', '#3c3591', '#262261'],
  success: ['#f9f0ff', '#eae0f1', '#d1bfdd', '#b79bc8', '#a17db7', '#936aac', '#895ba5', '#7a5093', '#6d4685', '#5f3b76'],
  danger: ['#ffe9ea', '#ffd3d3', '#f7a5a6', '#ef7576', '#ea5455', '#e63132', '#e52225', '#cc1418', '#b60c14', '#a0000e'],
  warning: ['#fff3e0', '#ffe6ca', '#ffcc99', '#ffb063', '#ff9f43', '#ff8918', '#ff8105', '#e46e00', '#cc6100', '#b15200'],
  dark: ['#f5f5f5', '#e7e7e7', '#cdcdcd', '#b2b2b2', '#9a9a9a', '#8b8b8b', '#848484', '#717171', '#656565', '#1e1e1e'],
} as const satisfies Record<string, MantineColorsTuple>;
