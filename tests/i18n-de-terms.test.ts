import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The German product terms are spelt one way everywhere: the screenshots and processes screens said
 * "Serviceeinheit" under a page title and menu saying "Service-Einheit".
 */
const deDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales/de');

/** Spellings not to use, each with the one the app uses. */
const AVOID: [RegExp, string][] = [[/serviceeinheit/i, 'Service-Einheit']];

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe('German terms', () => {
  it('spells each product term the same way in every de file', () => {
    const found: string[] = [];
    for (const file of readdirSync(deDir).filter((f) => f.endsWith('.json'))) {
      const values = strings(JSON.parse(readFileSync(path.join(deDir, file), 'utf8')) as unknown, file.replace(/\.json$/, ''));
      for (const [key, text] of values) {
        for (const [pattern, use] of AVOID) if (pattern.test(text)) found.push(`${key}: "${text}" (use ${use})`);
      }
    }
    expect(found).toEqual([]);
    expect(readdirSync(deDir).length).toBeGreaterThan(10);
  });
});
