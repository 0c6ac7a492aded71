import { generateColors } from '@mantine/colors-generator';
import { describe, expect, it } from 'vitest';
import { BRAND } from './theme';
import { BRAND_PALETTES } from './theme-palettes';

describe('brand palettes', () => {
  it.each(Object.keys(BRAND_PALETTES) as (keyof typeof BRAND_PALETTES)[])('%s is the generator output for its brand colour', (name) => {
    expect(BRAND_PALETTES[name]).toEqual(generateColors(BRAND[name]));
  });
});
