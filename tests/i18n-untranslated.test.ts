import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * tests/i18n-completeness.test.ts checks that every key exists; this one checks that a value was translated:
 * a de, fr or pt value identical to the English one fails, unless it is a name, a brand, a unit or a word that
 * language spells the same way (listed per language below). Values made only of placeholders and signs are skipped.
 */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');

const EVERYWHERE = [
  'Service Unit Admin',
  'English',
  'Deutsch',
  'Français',
  'Português',
  'Ctrl + K',
  'PID',
  'CPU',
  'URL',
  'Windows',
  'macOS',
  'Linux',
  'Spam',
  'Cc',
  'Cc: {{cc}}',
  'Frontend',
  'Backend',
];
const SAME_AS_ENGLISH: Record<'de' | 'fr' | 'pt', readonly string[]> = {
  de: [
    ...EVERYWHERE,
    'Name',
    'Status',
    'Details',
    'Admin',
    'Admins',
    'Operator',
    'Dashboard',
    'Apps',
    'Chat',
    'Shop',
    'FAQ',
    'Support',
    'Labels',
    'Bcc',
    'Cc / Bcc',
    'Online',
    'Offline',
    'Live',
    'Hostname',
    'Trend',
    'Tags',
    'Screenshots',
    'parallel',
    'Domain',
    'Schemas',
  ],
  fr: [
    ...EVERYWHERE,
    'version {{version}}',
    'Type',
    'Description',
    'Date',
    'Page {{page}}',
    'Actions',
    'Action',
    'Important',
    'Message',
    'Administration',
    'Pages',
    'Maintenance',
    'FAQ',
    'Extensions',
    'Documentation',
    'Active',
    'Code',
    'Pause',
    'Photo',
    'Note',
    'Machines',
    'Machines ({{count}})',
    'final',
    'E-mail',
  ],
  pt: [...EVERYWHERE, '{{count}} endpoint', '{{count}} endpoints', 'Online', 'Offline', 'Status', 'Chat', 'final', 'E-mail'],
};

type Dict = { [key: string]: unknown };

function leaves(dict: Dict, prefix = ''): [string, unknown][] {
  return Object.entries(dict).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value as Dict, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const read = (lng: string, file: string) =>
  Object.fromEntries(leaves(JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8')) as Dict));
const enFiles = readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json'));
/** Words: anything left after removing placeholders, digits and signs. */
const hasWords = (text: string) => /\p{L}{2}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

describe.each(['de', 'fr', 'pt'] as const)('%s values are translated, not English', (lng) => {
  it.each(enFiles)('%s', (file) => {
    const en = read('en', file);
    const other = read(lng, file);
    const allowed = new Set(SAME_AS_ENGLISH[lng]);
    const untranslated = Object.entries(other)
      .filter(([key, value]) => typeof value === 'string' && value === en[key] && hasWords(value) && !allowed.has(value))
      .map(([key, value]) => `${key}: "${String(value)}"`);
    expect(untranslated).toEqual([]);
  });

  it('fails on an English value (the check itself works)', () => {
    const en = read('en', 'common.json');
    expect(hasWords(String(en.cancel))).toBe(true);
    expect(SAME_AS_ENGLISH[lng]).not.toContain(en.cancel);
  });
});
