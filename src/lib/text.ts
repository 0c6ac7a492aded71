import DOMPurify from 'dompurify';

/**
 * Strips every HTML tag and returns the plain text. Uses DOMPurify (a real parser), so
 * `<scr<script>ipt>` and friends cannot smuggle markup through.
 */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return '';
  const safe = DOMPurify.sanitize(html, { ALLOWED_TAGS: ['#text'], KEEP_CONTENT: true, RETURN_DOM: true });
  return (safe.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Sanitizes HTML for rendering: scripts, event handlers and javascript: URLs are removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}
