import { describe, expect, it } from 'vitest';
import { sanitizeHtml, stripHtml } from './text';

describe('stripHtml', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['plain text', 'plain text'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt>alert(1)'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['<img src=x onerror="alert(1)">caption', 'caption'],
    ['Fish &amp; chips &lt;b&gt; &quot;ok&quot;', 'Fish & chips <b> "ok"'],
    ['<p>line one</p>\n\n<p>line   two</p>', 'line one line two'],
    ['<!-- hidden --><style>p{}</style>visible', 'visible'],
  ])('%s → %s', (input, expected) => {
    expect(stripHtml(input)).toBe(expected);
  });

  it('never returns markup a browser would run', () => {
    const out = stripHtml('<scr<script>ipt>alert(1)</script><svg onload=alert(1)>');
    const host = document.createElement('div');
    host.innerHTML = out;
    expect(host.querySelector('script, svg, [onload]')).toBeNull();
  });

  it.each([null, undefined, ''])('%s → empty', (input) => {
    expect(stripHtml(input)).toBe('');
  });
});

describe('sanitizeHtml', () => {
  const parse = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = String(sanitizeHtml(html));
    return host;
  };

  it('removes script elements and keeps the text around them', () => {
    const host = parse('<p>Hi</p><script>alert(1)</script>');
    expect(host.querySelector('script')).toBeNull();
    expect(host.textContent).toBe('Hi');
  });

  it('removes event handler attributes', () => {
    const host = parse('<img src="a.png" onerror="alert(1)"><b onclick="x()">bold</b>');
    expect(host.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(host.querySelector('b')?.getAttribute('onclick')).toBeNull();
    expect(host.querySelector('b')?.textContent).toBe('bold');
  });

  it('removes javascript: links but keeps safe ones', () => {
    const host = parse('<a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a>');
    const [bad, good] = Array.from(host.querySelectorAll('a'));
    expect(bad?.getAttribute('href')).toBeNull();
    expect(good?.getAttribute('href')).toBe('https://example.com');
  });

  it('keeps ordinary formatting', () => {
    expect(sanitizeHtml('<p><em>a</em> <strong>b</strong></p>')).toBe('<p><em>a</em> <strong>b</strong></p>');
  });

  it.each([null, undefined, ''])('%s → empty', (input) => {
    expect(sanitizeHtml(input)).toBe('');
  });
});
