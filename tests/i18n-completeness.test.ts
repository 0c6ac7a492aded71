import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';

// Walks every en file, so a feature's new locale file is covered without editing this test.
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const others = LANGUAGES.filter((l) => l !== 'en');
const enFiles = readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json'));

type Dict = { [key: string]: unknown };

function read(lng: string, file: string): Dict | null {
  try {
    return JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8')) as Dict;
  } catch {
    return null;
  }
}

/** Every leaf key path of a dictionary, with its value. */
function leaves(dict: Dict, prefix = ''): [string, unknown][] {
  return Object.entries(dict).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Dict, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

function lookup(dict: Dict, keyPath: string): unknown {
  return keyPath.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Dict)[part] : undefined), dict);
}

/** i18next placeholders such as {{count}} must survive translation. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

// Every menu label of the admin template, even where no route exists (the list, Pages with its children).
const TEMPLATE_MENU_KEYS = [
  'dashboard',
  'ecommerce',
  'apps',
  'todo',
  'chat',
  'email',
  'calendar',
  'shop',
  'ui',
  'dataList',
  'card',
  'table',
  'components',
  'formsAndTable',
  'pages',
  'chartsAndMaps',
  'extensions',
  'menuLevels',
  'support',
  // Pages children
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'lockScreen',
  'comingSoon',
  'error',
  'error404',
  'error500',
  'notAuthorized',
  'maintenance',
  'profile',
  'accountSettings',
  'faq',
  'knowledgeBase',
  'search',
  'invoice',
  'userList',
  'userView',
  'userEdit',
];

describe('translations', () => {
  it('menu.json holds every menu label of the admin template', () => {
    const menu = read('en', 'menu.json') ?? {};
    expect(TEMPLATE_MENU_KEYS.filter((k) => typeof menu[k] !== 'string')).toEqual([]);
  });

  it('has en locale files to check', () => {
    expect(enFiles).toEqual(expect.arrayContaining(['common.json', 'menu.json']));
  });

  describe.each(enFiles)('%s', (file) => {
    const en = read('en', file);

    it('en is valid JSON with non-empty strings', () => {
      expect(en).not.toBeNull();
      const bad = leaves(en ?? {}).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(bad.map(([k]) => k)).toEqual([]);
    });

    it.each(others)('%s has every key of en, non-empty, with the same placeholders', (lng) => {
      const dict = read(lng, file);
      expect(dict, `src/locales/${lng}/${file} is missing or not valid JSON`).not.toBeNull();
      const problems: string[] = [];
      for (const [key, enValue] of leaves(en ?? {})) {
        const value = lookup(dict ?? {}, key);
        if (typeof value !== 'string' || value.trim() === '') problems.push(`${key}: missing or empty`);
        else if (typeof enValue === 'string' && placeholders(value).join() !== placeholders(enValue).join()) {
          problems.push(`${key}: placeholders differ from en`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
