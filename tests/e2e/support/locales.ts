import { readFileSync } from 'node:fs';

/** The app's four languages. */
export type Language = 'en' | 'de' | 'fr' | 'pt';

/**
 * A text of the app in `language`, read from its translations (src/locales/<language>/<namespace>.json) by its key
 * path ("columns.fullName"), so a spec looks for what the app shows instead of a copy of it.
 */
export function word(language: Language, namespace: string, path: string): string {
  const texts: unknown = JSON.parse(readFileSync(new URL(`../../../src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'));
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
  if (typeof value !== 'string') throw new Error(`no text ${namespace}.${path} in ${language}`);
  return value;
}
