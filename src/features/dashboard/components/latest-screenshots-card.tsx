import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LatestScreenshot } from '@machines/dashboard/user-dashboard.machine';
import { ScreenshotImage } from '@/components/screenshot-image';
import type { CardState } from '../selectors';

dayjs.extend(relativeTime);

export function LatestScreenshotsCard({ state, screenshots, onRetry }: { state: CardState; screenshots: LatestScreenshot[]; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="lg" h="100%" component="section" aria-labelledby="latest-screenshots-title" aria-busy={state === 'loading'}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="latest-screenshots-title">
          {t('dashboard.latestScreenshots')}
        </Title>
        <Anchor component={Link} href="/user/manage-screenshots" size="sm">
          {t('dashboard.viewAllScreenshots')}
        </Anchor>
      </Group>
      {state === 'loading' && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} aria-hidden>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={90} />
          ))}
        </SimpleGrid>
      )}
      {state === 'failed' && (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text size="sm" c="red">
            {t('dashboard.cardError')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry} aria-label={t('dashboard.retryCard', { label: t('dashboard.latestScreenshots') })}>
            {t('common.retry')}
          </Button>
        </Stack>
      )}
      {state === 'loaded' && screenshots.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.noScreenshots')}
        </Text>
      )}
      {state === 'loaded' && screenshots.length > 0 && (
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
                  <ScreenshotImage data={shot} alt="" radius="sm" />
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
    </Card>
  );
}
