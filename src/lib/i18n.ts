import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
// English's first namespaces (FIRST_NAMESPACES). Tests get every language at once: vite.config.ts aliases this
// module to ./locales/all.ts.
import files from '@/lib/locales/first';

export const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export type Dict = { [key: string]: string | Dict };

// Each feature owns one JSON file per language (src/locales/<lng>/<file>.json);
// its keys live under the file's name, e.g. todo.json → t('todo.addTask').
// English (the fallback) is part of the first load; every other language is one chunk, loaded before it
// is used (loadLanguage: before the first render, and before a change of language). Tests get all four at
// once (test.alias in vite.config.ts), so a test can render in any language synchronously.
// Of English, the entry carries only what the public pages (sign-in, status pages) use: FIRST_NAMESPACES. The
// rest is one chunk (./locales/en-rest.ts), loaded before any other page renders (loadAllTranslations).
// The globs of ./locales/first.ts and ./locales/en-rest.ts restate this list (a glob must be a literal); a test keeps them equal.
export const FIRST_NAMESPACES = ['auth', 'boot', 'common', 'layout', 'menu', 'pages', 'text-input'] as const;

const LANGUAGE_CHUNKS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, Dict> }>> = {
  de: () => import('./locales/de'),
  fr: () => import('./locales/fr'),
  pt: () => import('./locales/pt'),
};
const loadedFiles: Record<string, Dict> = { ...files };

/** Makes a language's translations available (one chunk per language; English is always there). */
export async function loadLanguage(lng: Language): Promise<void> {
  if (lng === 'en' || Object.keys(loadedFiles).some((f) => f.includes(`/locales/${lng}/`))) return;
  const { default: chunk } = await LANGUAGE_CHUNKS[lng]();
  Object.assign(loadedFiles, chunk);
}

const instances = new Set<I18n>();
let allEnglish: Promise<void> | undefined;

/**
 * Makes every English namespace available (the entry has FIRST_NAMESPACES only): pages other than the public
 * ones wait for it before they render, so no key is ever shown. Other languages' chunks hold all their
 * namespaces; this adds the English fallback. At once in tests (everything is loaded).
 */
export function loadAllTranslations(): Promise<void> {
  if (import.meta.env.MODE === 'test') return Promise.resolve();
  allEnglish ??= import('./locales/en-rest').then(({ default: chunk }) => {
    Object.assign(loadedFiles, chunk);
    const english = buildResources().en?.translation ?? {};
    for (const instance of instances) instance.addResourceBundle('en', 'translation', english, true, true);
  });
  // A failed download may be retried by the next page.
  allEnglish.catch(() => {
    allEnglish = undefined;
  });
  return allEnglish;
}

export function buildResources(): Record<string, { translation: Dict }> {
  const resources: Record<string, { translation: Dict }> = {};
  for (const [file, dict] of Object.entries(loadedFiles)) {
    const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] ??= { translation: {} };
    resources[lng].translation[ns] = dict;
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Language {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function createI18n(lng: Language = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  if (import.meta.env.MODE !== 'test') instances.add(instance);
  void instance.use(initReactI18next).init({
    resources: buildResources(),
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  // A language that is not loaded yet is loaded first, then shown (the switcher's click never shows keys).
  const change = instance.changeLanguage.bind(instance);
  instance.changeLanguage = async (next, callback) => {
    if (isLanguage(next)) {
      await loadLanguage(next).catch(() => undefined);
      const resources = buildResources()[next];
      if (resources && !instance.hasResourceBundle(next, 'translation'))
        instance.addResourceBundle(next, 'translation', resources.translation);
    }
    return change(next, callback);
  };
  const syncHtmlLang = (l: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = l;
  };
  syncHtmlLang(instance.language);
  instance.on('languageChanged', (l) => {
    syncHtmlLang(l);
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, l);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
  });
  return instance;
}
