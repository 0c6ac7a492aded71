import type { Dict } from '../i18n';

// Tests only (vite.config.ts test.alias puts it in place of ./first.ts): every language at once, so a test can
// render in any language synchronously.
const files: Record<string, Dict> = import.meta.glob<Dict>('../../locales/*/*.json', { eager: true, import: 'default' });
export default files;
