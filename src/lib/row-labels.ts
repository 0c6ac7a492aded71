/**
 * Translations for table rows, looked up once per language instead of once per row and page.
 * `label(key)` caches a plain text; `named(key)` translates once with a marker where `{{name}}` goes
 * and fills each row's name in, so the language's word order is kept.
 */
/** The part of i18next's `t` this needs (a test may pass a plain function). */
type Translate = (key: string, options?: { name: string }) => string;

export function rowLabelCache(t: Translate): { label: (key: string) => string; named: (key: string) => (name: string) => string } {
  const cache = new Map<string, string>();
  return {
    label: (key) => {
      let value = cache.get(key);
      if (value === undefined) {
        value = t(key);
        cache.set(key, value);
      }
      return value;
    },
    named: (key) => {
      const [before = '', after = ''] = t(key, { name: '\u0000' }).split('\u0000');
      return (name) => `${before}${name}${after}`;
    },
  };
}
