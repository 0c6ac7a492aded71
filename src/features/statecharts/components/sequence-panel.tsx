import { Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { sequenceMermaid, sequenceOf, type Lifeline } from '@machines/statecharts/sequence';
import { download, recordingActor, recordingOf } from '../recording';
import classes from '../statecharts.module.css';

/**
 * The recording as a sequence (issue 45 §3): lifelines for the screens, the recorded actor, its regions, the
 * actors it spawned and invoked, and the API client; each event, answer and HTTP call one arrow, top to bottom
 * in the order they happened. The same sequence exports as a Mermaid `sequenceDiagram`.
 */
export function SequencePanel() {
  const { t } = useTranslation();
  const snapshot = useSelector(recordingActor(), (s) => s);
  const recording = recordingOf(snapshot);
  if (!recording || recording.steps.length + recording.calls.length === 0) return <Text size="sm">{t('statecharts.sequence.empty')}</Text>;
  const sequence = sequenceOf(recording);
  const names = new Map(sequence.lifelines.map((l) => [l.id, nameOf(l)]));
  function nameOf(lifeline: Lifeline): string {
    if (lifeline.kind === 'app') return t('statecharts.sequence.app');
    if (lifeline.kind === 'api') return t('statecharts.sequence.api');
    if (lifeline.kind === 'region') return t('statecharts.sequence.region', { name: lifeline.name.split('.').at(-1) ?? lifeline.name });
    return lifeline.name;
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('statecharts.sequence.title', { machine: recording.start.machine })}
      </Title>
      <Group gap={4} role="list" aria-label={t('statecharts.sequence.lifelines')}>
        {sequence.lifelines.map((l) => (
          <Badge
            key={l.id}
            role="listitem"
            variant="light"
            color={l.kind === 'api' ? 'grape' : l.kind === 'app' ? 'gray' : 'blue'}
            tt="none"
          >
            {nameOf(l)}
          </Badge>
        ))}
      </Group>
      <div
        className={classes.log}
        tabIndex={0}
        role="region"
        aria-label={t('statecharts.sequence.title', { machine: recording.start.machine })}
      >
        <ol className={classes.sequence} aria-label={t('statecharts.sequence.arrows')}>
          {sequence.rows.map((row, i) =>
            row.kind === 'note' ? (
              <li key={i} className={classes.note}>
                <Text size="xs" c="dimmed">
                  {t('statecharts.sequence.note', { over: names.get(row.over) ?? row.over, state: row.text })}
                </Text>
              </li>
            ) : (
              <li key={i} data-style={row.style}>
                <Text size="xs" c="dimmed">
                  {names.get(row.from)} → {names.get(row.to)}
                </Text>
                {row.style === 'response' ? (
                  <Badge size="sm" color={(row.status ?? 0) >= 400 || row.status === 0 ? 'red' : 'teal'} variant="light" tt="none">
                    {t('statecharts.record.call', { status: row.status ?? 0, ms: row.ms ?? 0 })}
                  </Badge>
                ) : (
                  <Code className={classes.wrap}>{row.label}</Code>
                )}
              </li>
            ),
          )}
        </ol>
      </div>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => download(`${recording.start.machine}.sequence.mmd`, sequenceMermaid(sequence), 'text/plain')}
        >
          {t('statecharts.record.mermaid')}
        </Button>
      </Group>
    </Stack>
  );
}
