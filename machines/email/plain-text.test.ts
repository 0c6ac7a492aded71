import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './plain-text';

describe('plain text ⇄ HTML', () => {
  it('escapes what was typed and keeps paragraphs and line breaks', () => {
    expect(textToHtml('Hi <b>Maya</b> & co,\nthanks.\n\n\nBye')).toBe('<p>Hi &lt;b&gt;Maya&lt;/b&gt; &amp; co,<br>thanks.</p><p>Bye</p>');
    expect(textToHtml('  \n ')).toBe('');
  });
  it('turns a draft back into the text it came from', () => {
    const text = 'Line one\nline two\n\n5 < 6 & "quotes"';
    expect(htmlToText(textToHtml(text))).toBe(text);
    expect(htmlToText('<p>Bonjour Camille,</p><p>Following our call:</p>')).toBe('Bonjour Camille,\n\nFollowing our call:');
  });
});
