import { useState } from 'react';
import { Badge, Button, Group, List, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Scenario } from '@machines/statecharts/chart';
import { scenariosJson, type RegisteredMachine, type Replay } from '../explorer';
import classes from '../statecharts.module.css';
import { stateText } from './live-panel';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export interface ScenariosPanelProps {
  entry: RegisteredMachine;
  scenarios: Scenario[];
  replay: Replay | null;
  onReplay: (scenario: Scenario) => void;
  onNext: () => void;
  onStop: () => void;
}

/** The shortest path to every state (xstate/graph) as scenarios: listed, replayed step by step, exported. */
export function ScenariosPanel({ entry, scenarios, replay, onReplay, onNext, onStop }: ScenariosPanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? scenarios.filter((s) => s.name.toLowerCase().includes(needle) || s.steps.some((step) => step.label.toLowerCase().includes(needle)))
    : scenarios;
  if (replay) {
    const { scenario, results } = replay;
    const done = results.length >= scenario.steps.length || results.some((r) => !r.ok);
    return (
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('statecharts.scenarios.replaying', { state: scenario.name })}
        </Title>
        {replay.error ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {t('statecharts.scenarios.cannotStart', { message: replay.error })}
          </Text>
        ) : null}
        <List type="ordered" spacing={4} size="sm" aria-label={t('statecharts.scenarios.steps')}>
          {scenario.steps.map((step, i) => {
            const result = results[i];
            return (
              <List.Item key={i} aria-current={i === results.length && !done ? 'step' : undefined}>
                <Text size="sm" span fw={i === results.length ? 700 : 400}>
                  {step.label}
                  {step.guard ? ` [${step.guard}]` : ''} → {stateText(step.state)}
                </Text>{' '}
                {result ? (
                  result.ok ? (
                    <Badge size="xs" color="teal" variant="light">
                      {t('statecharts.scenarios.reached')}
                    </Badge>
                  ) : (
                    <Badge size="xs" color="red" variant="light">
                      {result.error
                        ? t('statecharts.scenarios.failed', { message: result.error })
                        : t('statecharts.scenarios.endedIn', { state: stateText(result.state) })}
                    </Badge>
                  )
                ) : null}
              </List.Item>
            );
          })}
        </List>
        <Group gap="xs">
          <Button size="compact-sm" onClick={onNext} disabled={done || Boolean(replay.error)}>
            {t('statecharts.scenarios.next', { step: Math.min(results.length + 1, scenario.steps.length), total: scenario.steps.length })}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => onReplay(scenario)}>
            {t('statecharts.scenarios.restart')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onStop}>
            {t('statecharts.scenarios.stop')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('statecharts.scenarios.title', { count: scenarios.length })}
        </Title>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => download(`${entry.name}.scenarios.json`, scenariosJson(entry, scenarios))}
          disabled={scenarios.length === 0}
        >
          {t('statecharts.scenarios.export')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('statecharts.scenarios.hint')}
      </Text>
      {scenarios.length > 8 ? (
        <TextInput size="xs" label={t('statecharts.scenarios.filter')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
      ) : null}
      {scenarios.length === 0 ? (
        <Text size="sm">{t('statecharts.scenarios.empty')}</Text>
      ) : shown.length === 0 ? (
        <Text size="sm">{t('statecharts.scenarios.noMatch')}</Text>
      ) : (
        // Scrolls on its own (a machine with parallel regions has hundreds): focusable for the keyboard.
        <div className={classes.log} tabIndex={0} role="region" aria-label={t('statecharts.scenarios.region')}>
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('statecharts.scenarios.list')}>
            {shown.map((s) => (
              <li key={JSON.stringify(s.state)}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {s.name || entry.machine.id}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.steps.length === 0 ? t('statecharts.scenarios.initial') : s.steps.map((step) => step.label).join(' → ')}
                    </Text>
                  </div>
                  <UnstyledButton
                    onClick={() => onReplay(s)}
                    aria-label={t('statecharts.scenarios.replayNamed', { state: s.name || entry.machine.id })}
                    style={{
                      flexShrink: 0,
                      fontSize: 'var(--mantine-font-size-sm)',
                      color: 'var(--mantine-color-anchor)',
                      textDecoration: 'underline',
                    }}
                  >
                    {t('statecharts.scenarios.replay')}
                  </UnstyledButton>
                </Group>
              </li>
            ))}
          </Stack>
        </div>
      )}
    </Stack>
  );
}
