import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './security';
import { installTrustedTypes, markupFreeHtml } from './trusted-types';

describe('boot security settings', () => {
  it('zod runs without its JIT, so it never probes new Function (refused by the policy)', () => {
    expect(z.config().jitless).toBe(true);
    // Parsing still works without the JIT.
    expect(z.object({ name: z.string().min(1) }).safeParse({ name: 'unit' }).success).toBe(true);
    expect(z.object({ name: z.string().min(1) }).safeParse({ name: '' }).success).toBe(false);
  });
});

describe('the default Trusted Types policy', () => {
  it('lets through CSS and plain text, which cannot create an element', () => {
    const css = '@media (max-width: 47.99em) {.mantine-visible-from-sm {display: none !important;}} .a > .b {color: red}';
    expect(markupFreeHtml(css)).toBe(css);
  });

  it.each(['<img src=x onerror=alert(1)>', 'a<script>alert(1)</script>', '<svg onload=alert(1)>', '</style><script>x()</script>'])(
    'refuses markup: %s',
    (html) => {
      expect(markupFreeHtml(html)).toBeNull();
    },
  );

  it('is created under the name the policy lists, with an HTML rule only (no script, no script URL)', () => {
    const created: { name: string; rules: object }[] = [];
    const factory = { createPolicy: (name: string, rules: object) => created.push({ name, rules }) };
    expect(installTrustedTypes(factory)).toBe(true);
    expect(created.map((c) => c.name)).toEqual(['default']);
    expect(Object.keys(created[0]?.rules ?? {})).toEqual(['createHTML']);
  });

  it('does nothing where the browser has no Trusted Types, and survives a second boot', () => {
    expect(installTrustedTypes(undefined)).toBe(false);
    const refusing = {
      createPolicy: () => {
        throw new TypeError('Policy with name "default" already exists.');
      },
    };
    expect(installTrustedTypes(refusing)).toBe(false);
  });
});
