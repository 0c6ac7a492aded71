import { stripHtml } from '@/lib/text';

/** A message's first words as plain text: block ends become spaces so paragraphs do not run together. */
export function snippetOf(html: string, length = 140): string {
  return stripHtml(html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' $&')).slice(0, length);
}
