import type { Dict } from '../i18n';

// The translations in the entry: English, FIRST_NAMESPACES of src/lib/i18n.ts (what the public pages use).
// Tests load ./all.ts in its place (vite.config.ts test.alias): every language, synchronously.
const files: Record<string, Dict> = import.meta.glob<Dict>('../../locales/en/{auth,boot,common,layout,menu,pages,text-input}.json', {
  eager: true,
  import: 'default',
});
export default files;
