/**
 * Trusted Types (docs/security.md). The production policy has `require-trusted-types-for 'script'`: the
 * browser refuses a plain string at an HTML, script or script-URL sink (innerHTML, script.src, eval...)
 * unless a named policy made it. The `trusted-types` directive lists the only policies that may exist:
 * - `dompurify`: DOMPurify's own policy; sanitizeHtml (src/lib/text.ts) returns its TrustedHTML.
 * - `default`: Mantine writes its CSS variables and responsive styles into <style> elements through
 *   innerHTML (MantineCssVariables, MantineClasses, InlineStyles, the colour-scheme switch) and cannot be
 *   handed a policy. The browser calls the default policy for such plain strings; it lets through only
 *   text without a `<`, which the HTML parser cannot turn into an element, so no markup, no handler and no
 *   script can pass. It has no createScript or createScriptURL: eval and script URLs stay refused.
 */

/** The policy names the Content-Security-Policy's `trusted-types` directive allows (build/csp-plugin.ts). */
export const TRUSTED_TYPES_POLICIES = ['default', 'dompurify'] as const;

interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML?: (input: string) => string | null }): unknown;
}

/** The default policy's rule: text that cannot contain markup passes, anything else is refused (null). */
export function markupFreeHtml(input: string): string | null {
  return input.includes('<') ? null : input;
}

/** Creates the default policy once, where the browser has Trusted Types (Chromium); elsewhere nothing. */
export function installTrustedTypes(
  factory: PolicyFactory | undefined = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes,
): boolean {
  if (!factory) return false;
  try {
    factory.createPolicy('default', { createHTML: markupFreeHtml });
    return true;
  } catch {
    // Already created (a second boot in the same document, e.g. hot reload): the first one stays.
    return false;
  }
}
