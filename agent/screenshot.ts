import { decode, encode } from 'jpeg-js';
import { NO_ACTIVE_WINDOW, readActiveWindow, type ActiveWindow } from './screenshot-window';

/** A screenshot of this machine's screen, where it has one, within the contract's 1 MiB, with the window in front. */

export const MAX_SCREENSHOT_BYTES = 1024 * 1024;

export const NO_DISPLAY_MESSAGE = 'No display on this unit';

export type Capture =
  | { kind: 'captured'; contentType: 'image/png' | 'image/jpeg'; image: Buffer; width: number; height: number; activeWindow: ActiveWindow }
  | { kind: 'notSupported'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Whether there is a screen to capture: on Linux only inside a graphical session (a server or a systemd
 * service has neither DISPLAY nor WAYLAND_DISPLAY); Windows and macOS always have one to try.
 */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform === 'win32' || platform === 'darwin') return true;
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') return Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
  return false;
}

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame, or null when the bytes are neither. */
export function imageSize(image: Buffer): { contentType: 'image/png' | 'image/jpeg'; width: number; height: number } | null {
  if (image.length >= 24 && image.readUInt32BE(0) === 0x89504e47 && image.toString('ascii', 12, 16) === 'IHDR') {
    return { contentType: 'image/png', width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  }
  if (image.length < 4 || image[0] !== 0xff || image[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < image.length) {
    if (image[at] !== 0xff) return null;
    const marker = image[at + 1] ?? 0;
    // Fill bytes, and markers without a length (restart markers, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // A start-of-frame (C0–CF but for DHT C4, JPG C8 and DAC CC) holds the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { contentType: 'image/jpeg', height: image.readUInt16BE(at + 5), width: image.readUInt16BE(at + 7) };
    }
    at += 2 + image.readUInt16BE(at + 2);
  }
  return null;
}

export type Grab = () => Promise<Buffer>;

/** screenshot-desktop, loaded only when a capture is asked for (it needs ImageMagick's `import` and xrandr on Linux). */
const grabWithScreenshotDesktop: Grab = async () => {
  const { default: screenshot } = await import('screenshot-desktop');
  // On Linux its capture runs `xrandr --current` without handling its failure: a display that cannot be opened would
  // be an unhandled rejection (the agent would exit) and a capture that never answers. Asked first, it rejects here.
  await screenshot.listDisplays?.();
  // JPEG: a full-HD screen fits in 1 MiB as JPEG, rarely as PNG.
  return screenshot({ format: 'jpg' });
};

/** What to do about a capture that failed, where the error says. */
function captureHint(platform: NodeJS.Platform, why: string): string {
  if (platform !== 'linux') return '';
  if (/can't open display|unable to open X server/i.test(why)) {
    return ' (the display cannot be opened: is DISPLAY right, and does its session let this user in? xhost +SI:localuser:<user>)';
  }
  return ' (on Linux it needs ImageMagick and xrandr: apt-get install imagemagick x11-xserver-utils)';
}

/** The JPEG quality of a downscaled screenshot: text stays legible, a full-HD screen takes a few hundred KiB. */
const DOWNSCALED_QUALITY = 80;

/** Half the width and height: each pixel the mean of a 2×2 block (RGBA in, RGBA out). */
function halve(pixels: { width: number; height: number; data: Uint8Array }): { width: number; height: number; data: Uint8Array } {
  const width = Math.max(1, Math.floor(pixels.width / 2));
  const height = Math.max(1, Math.floor(pixels.height / 2));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.min(2 * y, pixels.height - 1);
    const y1 = Math.min(2 * y + 1, pixels.height - 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.min(2 * x, pixels.width - 1);
      const x1 = Math.min(2 * x + 1, pixels.width - 1);
      for (let c = 0; c < 4; c += 1) {
        const at = (py: number, px: number) => pixels.data[(py * pixels.width + px) * 4 + c] ?? 0;
        data[(y * width + x) * 4 + c] = (at(y0, x0) + at(y0, x1) + at(y1, x0) + at(y1, x1) + 2) >> 2;
      }
    }
  }
  return { width, height, data };
}

/**
 * A JPEG larger than maxBytes, halved in each direction until it fits (a 4K or multi-screen desktop); null when it
 * cannot be decoded or does not fit even at 64 px.
 */
export function downscaleJpeg(image: Buffer, maxBytes: number): { image: Buffer; width: number; height: number } | null {
  let pixels: { width: number; height: number; data: Uint8Array };
  try {
    pixels = decode(image, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 200, maxMemoryUsageInMB: 1024 });
  } catch {
    return null;
  }
  while (pixels.width > 64 && pixels.height > 64) {
    pixels = halve(pixels);
    const smaller = encode(pixels, DOWNSCALED_QUALITY).data;
    if (smaller.length <= maxBytes) return { image: smaller, width: pixels.width, height: pixels.height };
  }
  return null;
}

export interface CaptureOptions {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  grab?: Grab;
  maxBytes?: number;
  /** The window in front; read before the grab, so it names what the image shows. */
  activeWindow?: (env: NodeJS.ProcessEnv) => Promise<ActiveWindow>;
}

export async function captureScreen({
  platform = process.platform,
  env = process.env,
  grab = grabWithScreenshotDesktop,
  maxBytes = MAX_SCREENSHOT_BYTES,
  activeWindow = (displayEnv) => readActiveWindow({ env: displayEnv }),
}: CaptureOptions = {}): Promise<Capture> {
  if (!hasDisplay(platform, env)) return { kind: 'notSupported', message: NO_DISPLAY_MESSAGE };
  // Only X has a window in front to ask about (Windows and macOS would need their own API; Wayland allows no such look).
  const inFront = platform === 'linux' || platform === 'freebsd' || platform === 'openbsd' ? await activeWindow(env) : NO_ACTIVE_WINDOW;
  let image: Buffer;
  try {
    image = await grab();
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    // The hint first: the message is cut at the contract's 500 characters.
    return { kind: 'failed', message: `The screen could not be captured${captureHint(platform, why)}: ${why}`.slice(0, 500) };
  }
  const size = imageSize(image);
  if (size === null || size.width < 1 || size.height < 1) return { kind: 'failed', message: 'The captured image is neither PNG nor JPEG' };
  if (image.length > maxBytes) {
    const smaller = size.contentType === 'image/jpeg' ? downscaleJpeg(image, maxBytes) : null;
    if (smaller === null) return { kind: 'failed', message: `The screenshot is ${image.length} bytes, more than the ${maxBytes} allowed` };
    return { kind: 'captured', contentType: 'image/jpeg', ...smaller, activeWindow: inFront };
  }
  return { kind: 'captured', image, ...size, activeWindow: inFront };
}
