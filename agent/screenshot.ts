/** A screenshot of this machine's screen, where it has one, within the contract's 1 MiB. */

export const MAX_SCREENSHOT_BYTES = 1024 * 1024;

export const NO_DISPLAY_MESSAGE = 'No display on this unit';

export type Capture =
  | { kind: 'captured'; contentType: 'image/png' | 'image/jpeg'; image: Buffer; width: number; height: number }
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

/** screenshot-desktop, loaded only when a capture is asked for (it needs ImageMagick's `import` on Linux). */
const grabWithScreenshotDesktop: Grab = async () => {
  const { default: screenshot } = await import('screenshot-desktop');
  // JPEG: a full-HD screen fits in 1 MiB as JPEG, rarely as PNG.
  return screenshot({ format: 'jpg' });
};

export interface CaptureOptions {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  grab?: Grab;
  maxBytes?: number;
}

export async function captureScreen({
  platform = process.platform,
  env = process.env,
  grab = grabWithScreenshotDesktop,
  maxBytes = MAX_SCREENSHOT_BYTES,
}: CaptureOptions = {}): Promise<Capture> {
  if (!hasDisplay(platform, env)) return { kind: 'notSupported', message: NO_DISPLAY_MESSAGE };
  let image: Buffer;
  try {
    image = await grab();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const hint = platform === 'linux' ? ' (on Linux it needs ImageMagick: apt-get install imagemagick)' : '';
    return { kind: 'failed', message: `The screen could not be captured: ${why}${hint}`.slice(0, 500) };
  }
  if (image.length > maxBytes) {
    return { kind: 'failed', message: `The screenshot is ${image.length} bytes, more than the ${maxBytes} allowed` };
  }
  const size = imageSize(image);
  if (size === null || size.width < 1 || size.height < 1) return { kind: 'failed', message: 'The captured image is neither PNG nor JPEG' };
  return { kind: 'captured', image, ...size };
}
