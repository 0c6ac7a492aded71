import { decode, encode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { captureScreen, hasDisplay, imageSize, NO_DISPLAY_MESSAGE } from './screenshot';

/** The smallest JPEG header that names a size: SOI, an APP0 segment, then SOF0 with height and width. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(8)]);
}

describe('screenshots', () => {
  it('has a display on Linux only in a graphical session; always tries on Windows and macOS', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('aix', { DISPLAY: ':0' })).toBe(false);
  });

  it('answers notSupported without a display, without trying to capture', async () => {
    let tried = false;
    const grab = async () => {
      tried = true;
      return Buffer.alloc(0);
    };
    expect(await captureScreen({ platform: 'linux', env: {}, grab })).toEqual({ kind: 'notSupported', message: NO_DISPLAY_MESSAGE });
    expect(tried).toBe(false);
  });

  it('reads the size of a JPEG and a PNG', () => {
    expect(imageSize(jpeg(1920, 1080))).toEqual({ contentType: 'image/jpeg', width: 1920, height: 1080 });
    expect(imageSize(Buffer.from('GIF89a...'))).toBeNull();
  });

  it('captures within 1 MiB, and fails a larger image or a capture that breaks', async () => {
    const env = { DISPLAY: ':0' };
    const activeWindow = async () => ({ title: 'Kiosk – Café', processName: 'chromium' });
    expect(await captureScreen({ platform: 'linux', env, grab: async () => jpeg(800, 600), activeWindow })).toMatchObject({
      kind: 'captured',
      contentType: 'image/jpeg',
      width: 800,
      height: 600,
      activeWindow: { title: 'Kiosk – Café', processName: 'chromium' },
    });
    const big = Buffer.concat([jpeg(800, 600), Buffer.alloc(1024 * 1024)]);
    expect(await captureScreen({ platform: 'linux', env, grab: async () => big, activeWindow })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('more than the 1048576 allowed'),
    });
    const broken = async (): Promise<Buffer> => {
      throw new Error('import: command not found');
    };
    expect(await captureScreen({ platform: 'linux', env, grab: broken, activeWindow })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('ImageMagick'),
    });
  });

  it('answers failed, saying why, when the display cannot be opened (screenshot-desktop alone would never answer)', async () => {
    // A display number no X server here uses: screenshot-desktop's own xrandr call fails, outside its promise.
    const display = ':4711';
    const before = process.env['DISPLAY'];
    process.env['DISPLAY'] = display;
    try {
      const capture = await captureScreen({
        platform: 'linux',
        env: { DISPLAY: display },
        activeWindow: async () => ({ title: null, processName: null }),
      });
      expect(capture).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^The screen could not be captured \(/) });
    } finally {
      if (before === undefined) delete process.env['DISPLAY'];
      else process.env['DISPLAY'] = before;
    }
  });

  it("hints at the display's permission or at the missing tools, by the error", async () => {
    const env = { DISPLAY: ':0' };
    const activeWindow = async () => ({ title: null, processName: null });
    const refused = async (): Promise<Buffer> => {
      throw new Error("Command failed: xrandr --current\nCan't open display :0");
    };
    expect(await captureScreen({ platform: 'linux', env, grab: refused, activeWindow })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('xhost +SI:localuser:'),
    });
  });

  it('names no window on Windows and macOS (only X is asked)', async () => {
    let asked = false;
    const activeWindow = async () => {
      asked = true;
      return { title: 'x', processName: 'x' };
    };
    expect(await captureScreen({ platform: 'win32', env: {}, grab: async () => jpeg(800, 600), activeWindow })).toMatchObject({
      kind: 'captured',
      activeWindow: { title: null, processName: null },
    });
    expect(asked).toBe(false);
  });

  it('halves a JPEG over the limit until it fits, keeping what it shows', async () => {
    // 1024×512: noise on the left (it does not compress), pure red on the right.
    const width = 1024;
    const height = 512;
    const data = Buffer.alloc(width * height * 4);
    let seed = 7;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          data[at + c] = x < width / 2 ? seed & 0xff : c === 0 ? 255 : 0;
        }
        data[at + 3] = 255;
      }
    }
    const original = encode({ width, height, data }, 95).data;
    const maxBytes = 150_000;
    expect(original.length).toBeGreaterThan(maxBytes);
    const capture = await captureScreen({
      platform: 'linux',
      env: { DISPLAY: ':0' },
      grab: async () => original,
      maxBytes,
      activeWindow: async () => ({ title: null, processName: null }),
    });
    if (capture.kind !== 'captured') throw new Error(`not captured: ${capture.message}`);
    expect(capture.image.length).toBeLessThanOrEqual(maxBytes);
    expect(capture.width).toBeLessThan(width);
    expect(capture.width / capture.height).toBe(2);
    expect(imageSize(capture.image)).toEqual({ contentType: 'image/jpeg', width: capture.width, height: capture.height });
    const pixels = decode(capture.image, { useTArray: true });
    const at = ((capture.height / 2) * capture.width + (capture.width * 3) / 4) * 4;
    expect([...pixels.data.subarray(at, at + 3)].map((v) => Math.round(v / 16))).toEqual([16, 0, 0]);
  });
});
