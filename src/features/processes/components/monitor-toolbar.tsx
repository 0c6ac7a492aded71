import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { POLL_INTERVALS_MS } from '@machines/processes/process-monitor.machine';
import { processSelectors, type processMonitorWithApi } from '../hooks/use-process-monitor';

dayjs.extend(localizedFormat);

/** Live/paused indicator, last update, interval choice, pause/resume and refresh. */
export function MonitorToolbar({ actor }: { actor: ActorRefFrom<typeof processMonitorWithApi> }) {
  const { t, i18n } = useTranslation();
  const isPaused = useSelector(actor, processSelectors.isPaused);
  const isLive = useSelector(actor, processSelectors.isLive);
  const isPolling = useSelector(actor, processSelectors.isPolling);
  const isFailing = useSelector(actor, processSelectors.isFailing);
  const intervalMs = useSelector(actor, processSelectors.intervalMs);
  const updatedAt = useSelector(actor, processSelectors.updatedAt);
  const canRefresh = useSelector(actor, (s) => s.can({ type: 'process.refresh' }));

  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="sm" align="center">
        <Badge
          size="lg"
          variant="dot"
          color={isPaused ? 'gray' : isFailing ? 'red' : 'teal'}
          role="status"
          aria-live="polite"
        >
          {isPaused ? t('processes.paused') : isFailing ? t('processes.reconnecting') : t('processes.live')}
        </Badge>
        <Text size="sm" c="dimmed" aria-live="off">
          {updatedAt === null
            ? t('processes.notUpdatedYet')
            : t('processes.updatedAt', { time: dayjs(updatedAt).locale(i18n.language).format('LTS') })}
        </Text>
      </Group>
      <Group gap="sm" align="flex-end">
        <Stack gap={2}>
          <Text size="xs" fw={500} id="poll-interval-label">
            {t('processes.interval')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="poll-interval-label"
            value={String(intervalMs)}
            onChange={(value) => actor.send({ type: 'process.interval.change', intervalMs: Number(value) })}
            data={POLL_INTERVALS_MS.map((ms) => ({ value: String(ms), label: t('processes.seconds', { count: ms / 1000 }) }))}
          />
        </Stack>
        {isPaused ? (
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => actor.send({ type: 'process.resume' })}>
            {t('processes.resume')}
          </Button>
        ) : (
          <Button variant="default" leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={() => actor.send({ type: 'process.pause' })} disabled={!isLive}>
            {t('processes.pause')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => actor.send({ type: 'process.refresh' })}
          disabled={!canRefresh}
          loading={isPolling && updatedAt !== null}
        >
          {t('processes.refreshNow')}
        </Button>
      </Group>
    </Group>
  );
}
