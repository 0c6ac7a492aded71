import { ActionIcon, Badge, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { POLL_INTERVALS_MS } from '@machines/processes/process-monitor.machine';
import { usePhoneLayout } from '@/components/data-list';
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
  // On a phone the interval's label goes beside its control and pause and refresh become icons: one line instead of three,
  // so the first processes are on the first screen.
  const phone = usePhoneLayout();
  const interval = (
    <SegmentedControl
      size="xs"
      aria-labelledby="poll-interval-label"
      value={String(intervalMs)}
      onChange={(value) => actor.send({ type: 'process.interval.change', intervalMs: Number(value) })}
      data={POLL_INTERVALS_MS.map((ms) => ({ value: String(ms), label: t('processes.seconds', { count: ms / 1000 }) }))}
    />
  );
  const refreshing = isPolling && updatedAt !== null;

  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Group gap="sm" align="center">
        <Badge size="lg" variant="dot" color={isPaused ? 'gray' : isFailing ? 'red' : 'teal'} role="status" aria-live="polite">
          {isPaused ? t('processes.paused') : isFailing ? t('processes.reconnecting') : t('processes.live')}
        </Badge>
        <Text size="sm" c="dimmed" aria-live="off">
          {updatedAt === null
            ? t('processes.notUpdatedYet')
            : t('processes.updatedAt', { time: dayjs(updatedAt).locale(i18n.language).format('LTS') })}
        </Text>
      </Group>
      {phone ? (
        <Group gap="xs" wrap="nowrap" align="center">
          <Text size="xs" fw={500} id="poll-interval-label">
            {t('processes.interval')}
          </Text>
          {interval}
          {isPaused ? (
            <Tooltip label={t('processes.resume')}>
              <ActionIcon size="lg" aria-label={t('processes.resume')} onClick={() => actor.send({ type: 'process.resume' })}>
                <IconPlayerPlay size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t('processes.pause')}>
              <ActionIcon
                size="lg"
                variant="default"
                aria-label={t('processes.pause')}
                onClick={() => actor.send({ type: 'process.pause' })}
                disabled={!isLive}
              >
                <IconPlayerPause size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('processes.refreshNow')}>
            <ActionIcon
              size="lg"
              variant="default"
              aria-label={t('processes.refreshNow')}
              onClick={() => actor.send({ type: 'process.refresh' })}
              disabled={!canRefresh}
              loading={refreshing}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Group gap="sm" align="flex-end">
          {/* The label beside its control: above it, it made the line 14 px taller. */}
          <Group gap="xs" align="center" wrap="nowrap">
            <Text size="xs" fw={500} id="poll-interval-label">
              {t('processes.interval')}
            </Text>
            {interval}
          </Group>
          {isPaused ? (
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => actor.send({ type: 'process.resume' })}>
              {t('processes.resume')}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} aria-hidden />}
              onClick={() => actor.send({ type: 'process.pause' })}
              disabled={!isLive}
            >
              {t('processes.pause')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => actor.send({ type: 'process.refresh' })}
            disabled={!canRefresh}
            loading={refreshing}
          >
            {t('processes.refreshNow')}
          </Button>
        </Group>
      )}
    </Group>
  );
}
