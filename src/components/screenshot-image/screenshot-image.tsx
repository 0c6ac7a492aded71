import { useMemo } from 'react';
import { Image, type ImageProps } from '@mantine/core';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { screenshotDataUrl, type ScreenshotImageData } from './screenshot-svg';

dayjs.extend(localizedFormat);

/** A screenshot drawn from its metadata; `alt` says what it shows. */
export function ScreenshotImage({
  data,
  alt,
  ...props
}: { data: ScreenshotImageData; alt: string; loading?: 'lazy' | 'eager' } & Omit<ImageProps, 'src'>) {
  const { i18n } = useTranslation();
  const src = useMemo(() => screenshotDataUrl(data, dayjs(data.capturedAt).locale(i18n.language).format('L LT')), [data, i18n.language]);
  return <Image src={src} alt={alt} {...props} />;
}
