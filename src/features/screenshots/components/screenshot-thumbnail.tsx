import { Box, Image, type ImageProps } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { createResourceMachine, resourceStatusOf } from '@machines/resource/resource.machine';
import { ScreenshotImage } from '@/components/screenshot-image';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { getScreenshotImage, type ScreenshotImageBody } from '../api/get-screenshot-image';
import type { ScreenshotItem } from '../api/types';

type ThumbnailProps = { shot: ScreenshotItem; alt: string; loading?: 'lazy' | 'eager' } & Omit<ImageProps, 'src'>;

/** Reads an uploaded screenshot's image (the API by default). */
export type LoadScreenshotImage = (id: string, signal: AbortSignal) => Promise<ScreenshotImageBody>;

const thumbnailMachine = createResourceMachine<string>('screenshotThumbnail');

/** Thumbnails are at most this wide: a grid card is about 300 px, twice that on a dense screen. */
const THUMBNAIL_WIDTH = 480;

/**
 * The uploaded image made small: decoded, drawn at THUMBNAIL_WIDTH and kept as a JPEG data: URL of a few tens of KB
 * instead of the upload's up to 1 MiB for every card in the grid. Where the browser cannot (no createImageBitmap or
 * canvas) or the image is small already, the upload itself.
 */
export async function thumbnailOf({ contentType, data }: ScreenshotImageBody, width = THUMBNAIL_WIDTH): Promise<string> {
  const whole = `data:${contentType};base64,${data}`;
  if (typeof createImageBitmap !== 'function') return whole;
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: contentType }));
  try {
    if (bitmap.width <= width) return whole;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    const context = canvas.getContext('2d');
    if (!context) return whole;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.8);
  } finally {
    bitmap.close();
  }
}

/**
 * A grid card's picture: the image the unit's agent uploaded (`hasImage`), made small, once the card comes into
 * view (a page of 24 does not fetch 24 uploads at once); until then, and for simulated screenshots or an upload
 * that cannot be read, the picture drawn from its metadata. The lightbox shows the upload whole.
 */
export function ScreenshotThumbnail({
  shot,
  alt,
  loadImage = getScreenshotImage,
  ...props
}: ThumbnailProps & { loadImage?: LoadScreenshotImage }) {
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [seen, setSeen] = useState(false);
  // Once seen it stays loaded: scrolling away does not drop it.
  if (inViewport && !seen) setSeen(true);
  const drawn = <ScreenshotImage data={shot} alt={alt} {...props} />;
  return (
    <Box ref={ref}>
      {shot.hasImage && seen ? (
        <UploadedThumbnail key={shot.id} shot={shot} alt={alt} drawn={drawn} loadImage={loadImage} {...props} />
      ) : (
        drawn
      )}
    </Box>
  );
}

function UploadedThumbnail({
  shot,
  alt,
  drawn,
  loadImage,
  ...props
}: ThumbnailProps & { drawn: ReactNode; loadImage: LoadScreenshotImage }) {
  const actor = useScreenActor(
    thumbnailMachine.provide({
      actors: { load: fromPromise(async ({ signal }) => thumbnailOf(await loadImage(shot.id, signal))) },
    }),
  );
  const status = useSelector(actor, resourceStatusOf);
  const src = useSelector(actor, (s) => s.context.data);
  return status === 'loaded' && src !== null ? <Image src={src} alt={alt} data-uploaded="" {...props} /> : drawn;
}
