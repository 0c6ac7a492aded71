import { describe, expect, it } from 'vitest';
import { screenshotDataUrl, screenshotSvg } from './screenshot-svg';

const data = {
  id: '7',
  unitName: 'Front desk <PC>',
  activeWindowTitle: 'Q3 costs & "plans"',
  processName: 'EXCEL.EXE',
  capturedAt: '2026-01-01T10:00:00.000Z',
  width: 1920,
  height: 1080,
};

describe('screenshotSvg', () => {
  it('draws the unit name, window title and time, escaped', () => {
    const svg = screenshotSvg(data, '1/1/2026 10:00');
    expect(svg).toContain('Front desk &lt;PC&gt;');
    expect(svg).toContain('Q3 costs &amp; &quot;plans&quot;');
    expect(svg).toContain('1/1/2026 10:00');
    expect(svg).not.toContain('<PC>');
  });
  it('keeps the aspect ratio of the capture', () => {
    expect(screenshotSvg(data, '')).toContain('viewBox="0 0 640 360"');
    expect(screenshotSvg({ ...data, width: 1440, height: 900 }, '')).toContain('viewBox="0 0 640 400"');
  });
  it('is a data URL an <img> can show', () => {
    expect(screenshotDataUrl(data, 'x').startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
  });
});
