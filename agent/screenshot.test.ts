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
    expect(await captureScreen({ platform: 'linux', env, grab: async () => jpeg(800, 600) })).toMatchObject({
      kind: 'captured',
      contentType: 'image/jpeg',
      width: 800,
      height: 600,
    });
    const big = Buffer.concat([jpeg(800, 600), Buffer.alloc(1024 * 1024)]);
    expect(await captureScreen({ platform: 'linux', env, grab: async () => big })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('more than the 1048576 allowed'),
    });
    const broken = async (): Promise<Buffer> => {
      throw new Error('import: command not found');
    };
    expect(await captureScreen({ platform: 'linux', env, grab: broken })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('ImageMagick'),
    });
  });
});
