import DOMPurify from 'dompurify';
import type { TrustedHTML } from 'trusted-types/lib';

/**
 * Strips every HTML tag and returns the plain text. Uses DOMPurify (a real parser), so
 * `<scr<script>ipt>` and friends cannot smuggle markup through.
 */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return '';
  const safe = DOMPurify.sanitize(html, { ALLOWED_TAGS: ['#text'], KEEP_CONTENT: true, RETURN_DOM: true });
  return (safe.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** HTML that React may set as innerHTML: a TrustedHTML where the browser has Trusted Types, else a string. */
export type SafeHtml = TrustedHTML | string;

/**
 * Sanitizes HTML for rendering: scripts, event handlers and javascript: URLs are removed. The result is
 * DOMPurify's TrustedHTML (its `dompurify` policy), the only HTML the Content-Security-Policy's Trusted
 * Types let into innerHTML (docs/security.md); a string where the browser lacks Trusted Types.
 */
export function sanitizeHtml(html: string | null | undefined): SafeHtml {
  if (!html) return '';
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: true,
  });
}
