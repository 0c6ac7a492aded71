import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { splitMantineCss } from '../scripts/split-mantine-css.mjs';

const read = (name: string) => readFileSync(new URL(`../src/app/styles/${name}`, import.meta.url), 'utf8');

describe('Mantine stylesheet split (docs/performance.md)', () => {
  it('the first-load and later stylesheets are current: together every component of @mantine/core, once', () => {
    const { first, rest } = splitMantineCss() as { first: string; rest: string };
    expect(read('mantine-first.css')).toBe(first);
    expect(read('mantine-rest.css')).toBe(rest);
    const imported = [...`${first}${rest}`.matchAll(/styles\/(\w[\w-]*)\.css/g)].map((m) => m[1]);
    expect(new Set(imported).size).toBe(imported.length);
    expect(imported).toContain('Modal');
    expect(imported).toContain('baseline');
  });
});
