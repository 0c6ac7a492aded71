import { Anchor, AspectRatio, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LatestScreenshot } from '@machines/dashboard/user-dashboard.machine';
import { ScreenshotImage } from '@/components/screenshot-image';
import { CardFrame, type CardStatus } from './card-frame';

dayjs.extend(relativeTime);

export function LatestScreenshotsCard({
  state,
  screenshots,
  onRetry,
}: {
  state: CardStatus;
  screenshots: LatestScreenshot[] | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <CardFrame
      title={t('dashboard.latestScreenshots')}
      status={state}
      hasData={screenshots !== null}
      onRetry={onRetry}
      action={
        <Anchor component={Link} href="/user/manage-screenshots" size="sm">
          {t('dashboard.viewAllScreenshots')}
        </Anchor>
      }
      skeleton={
        <SimpleGrid cols={{ base: 2, sm: 3 }} aria-hidden>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={90} />
          ))}
        </SimpleGrid>
      }
    >
      {!screenshots || screenshots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noScreenshots')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {screenshots.map((shot) => {
            const when = dayjs(shot.capturedAt).locale(i18n.language).fromNow();
            return (
              <UnstyledButton
                key={shot.id}
                component={Link}
                href={`/user/manage-screenshots?unit=${encodeURIComponent(shot.serviceUnitId)}`}
                // Starts with what the tile shows (WCAG 2.5.3 Label in Name), then what the picture is.
                aria-label={t('dashboard.screenshotLink', { unit: shot.unitName, when, title: shot.activeWindowTitle })}
              >
                <Stack gap={2}>
                  {/* One frame for every tile (most screens are 16:9, some 16:10): the names below the pictures
                      lined up only when the pictures did. The whole screenshot shows, never cropped. */}
                  <AspectRatio ratio={16 / 9}>
                    <ScreenshotImage data={shot} alt="" radius="sm" fit="contain" />
                  </AspectRatio>
                  <Text size="xs" fw={600} truncate>
                    {shot.unitName}
                  </Text>{' '}
                  <Text size="xs" c="dimmed" component="time" dateTime={shot.capturedAt}>
                    {when}
                  </Text>
                </Stack>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </CardFrame>
  );
}
