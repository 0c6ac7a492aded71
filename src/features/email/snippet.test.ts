import { describe, expect, it } from 'vitest';
import { formatMailTime } from './format-mail-time';
import { snippetOf } from './snippet';
import { withoutEventHandlers } from './without-handlers';

describe('snippetOf', () => {
  it('keeps words of separate paragraphs apart and drops markup', () => {
    expect(snippetOf('<p>Hi,</p><p>The <b>report</b><br>is late.</p>')).toBe('Hi, The report is late.');
    expect(snippetOf('<script>alert(1)</script><p>ok</p>')).toBe('ok');
    expect(snippetOf('<p>abcdef</p>', 3)).toBe('abc');
  });
});

describe('formatMailTime', () => {
  const now = new Date(2026, 10, 21, 18, 0);
  it('shows the clock time today, the day this year, the full date before', () => {
    expect(formatMailTime(new Date(2026, 10, 21, 9, 5).toISOString(), 'en', now)).toBe('9:05 AM');
    expect(formatMailTime(new Date(2026, 10, 21, 9, 5).toISOString(), 'de', now)).toBe('09:05');
    expect(formatMailTime(new Date(2026, 10, 14, 9, 5).toISOString(), 'en', now)).toBe('Nov 14');
    expect(formatMailTime(new Date(2025, 0, 3).toISOString(), 'en', now)).toBe('Jan 3, 2025');
    expect(formatMailTime('not a date', 'en', now)).toBe('');
  });
});

/** The elements and attributes a browser parser builds from html, as text (jsdom's HTML parser). */
function parsed(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.querySelectorAll('*')]
    .map(
      (el) =>
        `${el.tagName}[${[...el.attributes].map((a) => `${a.name}=${a.value}`).join(',')}]${[...el.childNodes]
          .filter((c) => c.nodeType === 3)
          .map((c) => c.textContent)
          .join('')}`,
    )
    .join(' ');
}

/** What the parser builds from html once the on… attributes are removed from the tree. */
function parsedWithoutHandlers(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) for (const a of [...el.attributes]) if (/^on/i.test(a.name)) el.removeAttribute(a.name);
  return parsed(doc.body.innerHTML);
}

describe('withoutEventHandlers', () => {
  const hostile = [
    '<img src="x" onerror="window.__pwned = true; alert(\'pwned\')"><p>ok</p>',
    '<p><svg onload="window.__pwned = true"></svg>Regards,<br>Billing</p>',
    '<a href="#" title="x > y" OnClick=go()>link</a>',
    "<div data-x='<b onmouseover=1>' onfocus = 'a' tabindex=0>t</div>",
    '<img/src=x/onerror=alert(1)>',
    '<b =onclick=1 one="two">bold</b>',
    '<input onfocus=x autofocus>',
    '<p>turn on=off, 3 < 4 and <3 once</p>',
    '<img src=x onerror="unterminated',
  ];
  it('builds the same tree as the parser minus the handlers, and leaves no handler at all', () => {
    for (const html of hostile) {
      const clean = withoutEventHandlers(html);
      const attributes = [...new DOMParser().parseFromString(clean, 'text/html').body.querySelectorAll('*')].flatMap((el) => [
        ...el.attributes,
      ]);
      expect(
        attributes.filter((a) => /^on/i.test(a.name)).map((a) => a.name),
        html,
      ).toEqual([]);
      expect(parsed(clean), html).toBe(parsedWithoutHandlers(html));
    }
  });
  it('leaves text that only looks like a handler untouched', () => {
    expect(withoutEventHandlers('<p>turn on=off, onerror=1 in text</p>')).toBe('<p>turn on=off, onerror=1 in text</p>');
    expect(snippetOf('<p>Hi <img src=x onerror=alert(1)>there</p>')).toBe('Hi there');
  });
});
