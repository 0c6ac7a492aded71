import { Center, Image, Loader, Stack, Text, type ImageProps } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { createResourceMachine, resourceStatusOf } from '@machines/resource/resource.machine';
import { ScreenshotImage } from '@/components/screenshot-image';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { getScreenshotImage } from '../api/get-screenshot-image';
import type { ScreenshotItem } from '../api/types';

type PictureProps = { shot: ScreenshotItem; alt: string } & Omit<ImageProps, 'src'>;

const imageMachine = createResourceMachine<string>('screenshotImage');

/**
 * A screenshot as large as the lightbox shows it: the image its agent uploaded (`hasImage`), as a data: URL
 * (the CSP's img-src allows data:), or else the picture drawn from its metadata (simulated screenshots).
 */
export function ScreenshotPicture({ shot, alt, ...props }: PictureProps) {
  return shot.hasImage ? (
    // Keyed: stepping to another screenshot loads its own image.
    <UploadedImage key={shot.id} shot={shot} alt={alt} {...props} />
  ) : (
    <ScreenshotImage data={shot} alt={alt} {...props} />
  );
}

function UploadedImage({ shot, alt, ...props }: PictureProps) {
  const { t } = useTranslation();
  const actor = useScreenActor(
    imageMachine.provide({
      actors: {
        load: fromPromise(async ({ signal }) => {
          const body = await getScreenshotImage(shot.id, signal);
          return `data:${body.contentType};base64,${body.data}`;
        }),
      },
    }),
  );
  const status = useSelector(actor, resourceStatusOf);
  const src = useSelector(actor, (s) => s.context.data);
  if (status === 'loaded' && src !== null) return <Image src={src} alt={alt} {...props} />;
  if (status === 'loading') {
    return (
      <Center mih={240} style={{ aspectRatio: `${shot.width} / ${shot.height}` }}>
        <Loader aria-label={t('screenshots.imageLoading')} />
      </Center>
    );
  }
  // The upload could not be read: the drawn picture still says what was on screen.
  return (
    <Stack gap={4}>
      <ScreenshotImage data={shot} alt={alt} {...props} />
      <Text size="xs" c="dimmed" role="status">
        {t('screenshots.imageFailed')}
      </Text>
    </Stack>
  );
}
