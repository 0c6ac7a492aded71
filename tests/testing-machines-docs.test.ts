import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/testing-machines.md'), 'utf8');
const BLOCK = /<!-- file: ([^\s]+) -->\n```ts\n([\s\S]*?)```\n/g;
const blocks = [...doc.matchAll(BLOCK)].map((m) => ({ path: m[1] ?? '', code: m[2] ?? '' }));

describe('docs/testing-machines.md', () => {
  it('embeds runnable examples', () => {
    expect(blocks.length).toBeGreaterThan(1);
  });

  it.each(blocks.map((b) => [b.path, b] as const))('shows %s exactly as the test file runs it', (_path, block) => {
    expect(block.code).toBe(readFileSync(join(root, block.path), 'utf8'));
  });

  it('has a worked example for every model walk', () => {
    const walks = readdirSync(join(root, 'machines'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'testing')
      .flatMap((d) =>
        readdirSync(join(root, 'machines', d.name))
          .filter((f) => f.endsWith('.model.test.ts'))
          .map((f) => `machines/${d.name}/${f}`),
      );
    const shown = new Set(blocks.map((b) => b.path));
    const missing = walks.filter((w) => !shown.has(w) && !doc.includes(`\`${w}\``));
    expect(missing).toEqual([]);
  });
});
