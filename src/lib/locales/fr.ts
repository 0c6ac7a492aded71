import type { Dict } from '../i18n';

// One chunk with every fr locale file (src/lib/i18n.ts loads it before the language is used).
const files: Record<string, Dict> = import.meta.glob<Dict>('../../locales/fr/*.json', { eager: true, import: 'default' });
export default files;
