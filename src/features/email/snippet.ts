import { stripHtml } from '@/lib/text';
import { withoutEventHandlers } from './without-handlers';

/** A message's first words as plain text: block ends become spaces so paragraphs do not run together. */
export function snippetOf(html: string, length = 140): string {
  return stripHtml(withoutEventHandlers(html).replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' $&')).slice(0, length);
}
