/**
 * The demo "screenshot": an SVG drawn from a screenshot's metadata (no image blob is stored).
 * A desktop in a colour derived from the unit, the active window with its title, and a taskbar
 * with the unit's name and the capture time.
 */
export interface ScreenshotImageData {
  id: string;
  unitName: string;
  activeWindowTitle: string;
  processName: string;
  capturedAt: string;
  width: number;
  height: number;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function hue(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) % 360;
  return h;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** SVG markup, 640 units wide, in the screenshot's aspect ratio. */
export function screenshotSvg(data: ScreenshotImageData, timeLabel: string): string {
  const w = 640;
  const h = Math.max(240, Math.round((w * data.height) / Math.max(1, data.width)));
  const base = hue(data.unitName || data.id);
  const winX = 56;
  const winY = 40;
  const winW = w - 112;
  const winH = h - 120;
  const lines = Array.from({ length: Math.max(3, Math.floor((winH - 70) / 22)) }, (_, i) => {
    const width = 140 + ((hue(`${data.id}${i}`) * 7) % (winW - 200));
    return `<rect x="${winX + 24}" y="${winY + 52 + i * 22}" width="${width}" height="10" rx="5" fill="hsl(${base} 15% 82%)"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${base} 45% 38%)"/><stop offset="1" stop-color="hsl(${(base + 40) % 360} 50% 22%)"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<rect x="${winX}" y="${winY}" width="${winW}" height="${winH}" rx="8" fill="#f8f9fa"/>`,
    `<rect x="${winX}" y="${winY}" width="${winW}" height="32" rx="8" fill="hsl(${base} 30% 26%)"/>`,
    `<rect x="${winX}" y="${winY + 24}" width="${winW}" height="8" fill="hsl(${base} 30% 26%)"/>`,
    `<text x="${winX + 14}" y="${winY + 21}" font-family="system-ui, sans-serif" font-size="14" fill="#ffffff">${escapeXml(clip(data.activeWindowTitle, 60))}</text>`,
    lines,
    `<rect x="0" y="${h - 40}" width="${w}" height="40" fill="rgba(0,0,0,0.72)"/>`,
    `<text x="16" y="${h - 15}" font-family="system-ui, sans-serif" font-size="15" fill="#ffffff" font-weight="600">${escapeXml(clip(data.unitName, 36))}</text>`,
    `<text x="${w - 16}" y="${h - 15}" font-family="system-ui, sans-serif" font-size="15" fill="#ffffff" text-anchor="end">${escapeXml(timeLabel)}</text>`,
    `</svg>`,
  ].join('');
}

export function screenshotDataUrl(data: ScreenshotImageData, timeLabel: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(screenshotSvg(data, timeLabel))}`;
}
