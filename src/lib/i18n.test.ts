import { describe, expect, it } from 'vitest';
import { buildResources, createI18n, LANGUAGE_STORAGE_KEY, LANGUAGES, readStoredLanguage } from './i18n';

describe('i18n', () => {
  it('loads every locale file under its file name for all four languages', () => {
    const resources = buildResources();
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    for (const lng of LANGUAGES) {
      expect(resources[lng]?.translation).toHaveProperty('common');
      expect(resources[lng]?.translation).toHaveProperty('menu');
    }
  });

  it('reads the stored language, falling back to en for anything unknown', () => {
    expect(readStoredLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt');
    expect(readStoredLanguage()).toBe('pt');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(readStoredLanguage()).toBe('en');
    expect(
      readStoredLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('en');
  });

  it('sets <html lang>, and stores a change of language', async () => {
    const i18n = createI18n('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('menu.dashboard')).toBe('Tableau de bord');
    await i18n.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(i18n.t('menu.dashboard')).toBe('Dashboard');
  });
});
