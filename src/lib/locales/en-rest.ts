import type { Dict } from '../i18n';

// English namespaces the public pages do not use (src/lib/i18n.ts: FIRST_NAMESPACES are in the entry), one
// chunk loaded before any other page renders (loadAllTranslations).
const files: Record<string, Dict> = import.meta.glob<Dict>(
  ['../../locales/en/*.json', '!../../locales/en/{auth,boot,common,layout,menu,pages,text-input}.json'],
  {
    eager: true,
    import: 'default',
  },
);
export default files;
