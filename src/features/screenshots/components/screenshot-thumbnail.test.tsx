import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/render';
import type { ScreenshotItem } from '../api/types';
import { ScreenshotThumbnail, thumbnailOf, type LoadScreenshotImage } from './screenshot-thumbnail';

const getScreenshotImage = vi.fn<LoadScreenshotImage>();

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const shot = (id: string, hasImage: boolean): ScreenshotItem => ({
  id,
  serviceUnitId: '1',
  unitName: 'Lisbon kiosk',
  capturedAt: '2026-11-26T16:00:00.000Z',
  width: 1024,
  height: 768,
  activeWindowTitle: 'Tickets',
  processName: 'chromium',
  flagged: false,
  note: '',
  hasImage,
});

/** An IntersectionObserver the test moves into view. */
let observed: { element: Element; notify: (visible: boolean) => void }[] = [];
class FakeObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe(element: Element) {
    observed.push({ element, notify: (visible) => this.callback([{ isIntersecting: visible }]) });
  }
  disconnect() {}
}

beforeEach(() => {
  observed = [];
  getScreenshotImage.mockReset();
  getScreenshotImage.mockResolvedValue({ contentType: 'image/png', data: PNG });
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const imageIn = (container: HTMLElement) => container.querySelector('img')?.getAttribute('src') ?? '';

describe('screenshot thumbnails (issue 44)', () => {
  it('show the uploaded image once the card is in view, and the drawn picture until then', async () => {
    const { container } = renderWithProviders(<ScreenshotThumbnail shot={shot('7', true)} alt="" loadImage={getScreenshotImage} />);
    expect(imageIn(container)).toMatch(/^data:image\/svg\+xml/);
    expect(getScreenshotImage).not.toHaveBeenCalled();

    act(() => observed.forEach((o) => o.notify(true)));
    await waitFor(() => expect(imageIn(container)).toBe(`data:image/png;base64,${PNG}`));
    expect(getScreenshotImage).toHaveBeenCalledTimes(1);
    expect(getScreenshotImage.mock.calls[0]?.[0]).toBe('7');

    // Scrolled away and back: loaded once.
    act(() => observed.forEach((o) => o.notify(false)));
    act(() => observed.forEach((o) => o.notify(true)));
    expect(imageIn(container)).toBe(`data:image/png;base64,${PNG}`);
    expect(getScreenshotImage).toHaveBeenCalledTimes(1);
  });

  it('a simulated screenshot stays drawn and asks for no image; an upload that fails leaves the drawn picture', async () => {
    const simulated = renderWithProviders(<ScreenshotThumbnail shot={shot('8', false)} alt="" loadImage={getScreenshotImage} />);
    act(() => observed.forEach((o) => o.notify(true)));
    expect(imageIn(simulated.container)).toMatch(/^data:image\/svg\+xml/);
    expect(getScreenshotImage).not.toHaveBeenCalled();
    simulated.unmount();

    observed = [];
    let fail: (error: Error) => void = () => undefined;
    getScreenshotImage.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const { container } = renderWithProviders(<ScreenshotThumbnail shot={shot('9', true)} alt="" loadImage={getScreenshotImage} />);
    act(() => observed.forEach((o) => o.notify(true)));
    await waitFor(() => expect(getScreenshotImage).toHaveBeenCalledTimes(1));
    await act(async () => fail(new Error('404')));
    expect(imageIn(container)).toMatch(/^data:image\/svg\+xml/);
  });

  it('makes a large upload small: drawn 480 px wide as a JPEG, its proportions kept', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue({ width: 1920, height: 1080, close }));
    const drawImage = vi.fn();
    const canvases: HTMLCanvasElement[] = [];
    const create = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const element = create(tag);
      if (element instanceof HTMLCanvasElement) {
        canvases.push(element);
        vi.spyOn(element, 'getContext').mockReturnValue({ drawImage, imageSmoothingQuality: 'low' } as unknown as CanvasRenderingContext2D);
        vi.spyOn(element, 'toDataURL').mockReturnValue('data:image/jpeg;base64,c21hbGw=');
      }
      return element;
    });
    expect(await thumbnailOf({ contentType: 'image/jpeg', data: PNG })).toBe('data:image/jpeg;base64,c21hbGw=');
    expect([canvases[0]?.width, canvases[0]?.height]).toEqual([480, 270]);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 480, 270);
    expect(close).toHaveBeenCalled();

    // A small one is kept as it came.
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue({ width: 320, height: 200, close }));
    expect(await thumbnailOf({ contentType: 'image/png', data: PNG })).toBe(`data:image/png;base64,${PNG}`);
  });
});
