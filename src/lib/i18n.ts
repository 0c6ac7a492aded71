import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

type Dict = { [key: string]: string | Dict };

// Each feature owns one JSON file per language (src/locales/<lng>/<file>.json);
// its keys live under the file's name, e.g. todo.json → t('todo.addTask').
const files = import.meta.glob<Dict>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<string, { translation: Dict }> {
  const resources: Record<string, { translation: Dict }> = {};
  for (const [file, dict] of Object.entries(files)) {
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
