import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export type Dict = { [key: string]: string | Dict };

// Each feature owns one JSON file per language (src/locales/<lng>/<file>.json);
// its keys live under the file's name, e.g. todo.json → t('todo.addTask').
// English (the fallback) is part of the first load; every other language is one chunk, loaded before it
// is used (loadLanguage: before the first render, and before a change of language). Tests get all four at
// once (MODE 'test'), so a test can render in any language synchronously. See docs/performance.md.
const files: Record<string, Dict> =
  import.meta.env.MODE === 'test'
    ? import.meta.glob<Dict>('../locales/*/*.json', { eager: true, import: 'default' })
    : import.meta.glob<Dict>('../locales/en/*.json', { eager: true, import: 'default' });

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
      if (resources && !instance.hasResourceBundle(next, 'translation')) instance.addResourceBundle(next, 'translation', resources.translation);
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
