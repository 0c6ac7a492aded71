import { Alert, Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnyActor } from 'xstate';
import { loggedEvents, type LiveActor, type LoggedEvent } from '@/lib/inspection';
import classes from '../statecharts.module.css';
import { SendEvents, stateText } from './live-panel';

/** The entries of the actor's log that say where they led: the moments the timeline can show. */
export function momentsOf(actor: LiveActor): readonly LoggedEvent[] {
  return loggedEvents(actor.sessionId).filter((e) => e.state !== undefined);
}

export interface TimelineProps {
  actor: LiveActor;
  /** The shown entry's seq, or null for live. */
  moment: number | null;
  onMoment: (seq: number | null) => void;
  onContinue: (entry: LoggedEvent) => void;
}

/**
 * Time travel over the chosen actor's log: Previous / Next (or the arrow keys) show the chart as it was after
 * each event, with the context beside it; Live goes back to now; Continue from here starts a sandbox.
 */
export function Timeline({ actor, moment, onMoment, onContinue }: TimelineProps) {
  const { t } = useTranslation();
  const moments = momentsOf(actor);
  if (moments.length === 0) return null;
  const index = moment === null ? -1 : moments.findIndex((e) => e.seq === moment);
  const shown = index >= 0 ? moments[index] : undefined;
  const go = (i: number) => {
    const entry = moments[Math.max(0, Math.min(moments.length - 1, i))];
    if (entry) onMoment(entry.seq);
  };
  const back = () => go(index < 0 ? moments.length - 2 : index - 1);
  const forward = () => (index < 0 || index >= moments.length - 1 ? onMoment(null) : go(index + 1));
  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={t('statecharts.timeline.title')}
      tabIndex={0}
      className={classes.timeline}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') {
          e.preventDefault();
          back();
        } else if (e.key === 'ArrowRight') {
          e.preventDefault();
          forward();
        }
      }}
    >
      <Title order={3} size="h5">
        {t('statecharts.timeline.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('statecharts.timeline.hint')}
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" variant="default" onClick={back} disabled={index === 0 || moments.length < 2}>
          {t('statecharts.timeline.previous')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={forward} disabled={index < 0}>
          {t('statecharts.timeline.next')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => onMoment(null)} disabled={index < 0}>
          {t('statecharts.timeline.live')}
        </Button>
      </Group>
      <Text size="sm" aria-live="polite">
        {shown
          ? t('statecharts.timeline.position', {
              index: index + 1,
              count: moments.length,
              event: shown.type,
              state: stateText(shown.state),
            })
          : t('statecharts.timeline.atLive', { count: moments.length })}
      </Text>
      {shown ? (
        <>
          <div className={classes.log} tabIndex={0} role="region" aria-label={t('statecharts.timeline.context')}>
            <Code block className={classes.payload}>
              {JSON.stringify(shown.context ?? null, null, 1)}
            </Code>
          </div>
          <Button size="compact-sm" variant="light" onClick={() => onContinue(shown)}>
            {t('statecharts.timeline.continue')}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

/** The sandbox started from a moment: says plainly that it is one, offers its events, and ends. */
export function SandboxPanel({
  sandbox,
  live,
  error,
  onEnd,
}: {
  sandbox: AnyActor | null;
  live: LiveActor;
  error: string | null;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Alert color="grape" title={t('statecharts.timeline.sandbox')} role="status">
        <Group gap="xs" justify="space-between">
          <Text size="sm">{t('statecharts.timeline.sandboxNote')}</Text>
          <Badge color="grape" variant="light">
            {t('statecharts.timeline.sandboxBadge')}
          </Badge>
        </Group>
      </Alert>
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {t('statecharts.timeline.cannotStart', { message: error })}
        </Text>
      ) : null}
      {sandbox ? <SendEvents actor={{ ...live, ref: sandbox }} /> : null}
      <Button size="compact-sm" variant="default" onClick={onEnd}>
        {t('statecharts.timeline.end')}
      </Button>
    </Stack>
  );
}
