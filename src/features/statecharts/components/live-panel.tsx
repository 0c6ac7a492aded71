import { useState, useSyncExternalStore } from 'react';
import { Badge, Button, Code, Group, Stack, Switch, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StateValue } from 'xstate';
import { activeIds } from '@machines/statecharts/chart';
import { clearInspection, inspectionVersion, isInspecting, loggedEvents, subscribeInspection, type LiveActor } from '@/lib/inspection';
import { acceptedEvents, entryFor, eventTypesOf } from '../explorer';
import classes from '../statecharts.module.css';

/** Re-renders whenever the inspection buffer changes. */
export function useInspection(): number {
  return useSyncExternalStore(subscribeInspection, inspectionVersion, inspectionVersion);
}

/** `signedIn.active` (leaves of a state value, comma-separated for parallel regions). */
export function stateText(value: StateValue | undefined | null): string {
  if (value === undefined || value === null) return '—';
  const ids = activeIds(value);
  return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`))).join(', ');
}

function parsePayload(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function ActorList({
  actors,
  selected,
  onSelect,
}: {
  actors: LiveActor[];
  selected: string | null;
  onSelect: (actor: LiveActor) => void;
}) {
  const { t } = useTranslation();
  if (!isInspecting()) return <Text size="sm">{t('statecharts.live.off')}</Text>;
  if (actors.length === 0) return <Text size="sm">{t('statecharts.live.none')}</Text>;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('statecharts.live.actors')}>
      {actors.map((a) => {
        const entry = entryFor(a.machine);
        const value: unknown = a.ref.getSnapshot().value;
        return (
          <li key={a.sessionId}>
            <UnstyledButton
              onClick={() => onSelect(a)}
              aria-pressed={selected === a.sessionId}
              p={6}
              w="100%"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: `1px solid ${selected === a.sessionId ? 'var(--mantine-color-primary-filled)' : 'var(--mantine-color-default-border)'}`,
              }}
            >
              <Text size="sm" fw={600} span>
                {entry?.name ?? a.machine.id}
              </Text>
              {/* A root actor's id is its session id; an invoked or spawned one is named by its parent. */}
              {a.id !== a.sessionId ? (
                <Text size="xs" span>
                  {' '}
                  ({a.id})
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {stateText(value as StateValue)}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

export function SendEvents({ actor }: { actor: LiveActor }) {
  const { t } = useTranslation();
  const [payloadText, setPayloadText] = useState('');
  const payload = parsePayload(payloadText);
  const offered = acceptedEvents(actor.ref, eventTypesOf(actor.machine), payload ?? {});
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('statecharts.live.send')}
      </Title>
      {offered.length === 0 ? (
        <Text size="sm">{t('statecharts.live.nothingAccepted')}</Text>
      ) : (
        <Group gap={6}>
          {offered.map((type) => (
            <Button
              key={type}
              size="compact-sm"
              variant="light"
              onClick={() => actor.ref.send({ ...(payload ?? {}), type })}
              disabled={payload === null}
            >
              {type}
            </Button>
          ))}
        </Group>
      )}
      <Textarea
        label={t('statecharts.live.payload')}
        description={t('statecharts.live.payloadHint')}
        value={payloadText}
        onChange={(e) => setPayloadText(e.currentTarget.value)}
        error={payload === null ? t('statecharts.live.payloadInvalid') : undefined}
        autosize
        minRows={1}
        maxRows={4}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
    </Stack>
  );
}

export function EventLog({ actor, actors }: { actor: LiveActor | null; actors: LiveActor[] }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = loggedEvents(actor && !all ? actor.sessionId : undefined);
  // A root actor is named by its machine (its own id is only the session id, `x:0`).
  const names = new Map(actors.map((a) => [a.sessionId, a.id === a.sessionId ? (entryFor(a.machine)?.name ?? a.machine.id) : a.id]));
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const newest = [...shown].reverse().slice(0, 200);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('statecharts.log.title', { count: shown.length })}
        </Title>
        <Group gap="xs">
          {actor ? (
            <Switch size="xs" label={t('statecharts.log.allActors')} checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
          ) : null}
          <Button size="compact-xs" variant="default" onClick={() => clearInspection()} disabled={shown.length === 0}>
            {t('statecharts.log.clear')}
          </Button>
        </Group>
      </Group>
      {newest.length === 0 ? (
        <Text size="sm">{t('statecharts.log.empty')}</Text>
      ) : (
        // Scrolls on its own: focusable, so the keyboard can scroll it too.
        <div className={classes.log} tabIndex={0} role="region" aria-label={t('statecharts.log.region')}>
          <ol aria-label={t('statecharts.log.label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {newest.map((e) => (
              <li key={e.seq} style={{ borderBottom: '1px solid var(--mantine-color-default-border)', padding: '6px 0' }}>
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed" span>
                    {time.format(e.at)}
                  </Text>
                  {all || !actor ? (
                    <Badge size="xs" variant="outline" color="gray">
                      {names.get(e.actor) ?? e.actor}
                    </Badge>
                  ) : null}
                  {/* Long internal names (xstate.after.…) wrap instead of scrolling inside the line. */}
                  <Code className={classes.wrap}>{e.type}</Code>
                </Group>
                {e.payload && typeof e.payload === 'object' && Object.keys(e.payload).length > 0 ? (
                  <Code block className={classes.payload}>
                    {JSON.stringify(e.payload, null, 1)}
                  </Code>
                ) : null}
                <Text size="xs">{t('statecharts.log.ledTo', { state: stateText(e.state) })}</Text>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Stack>
  );
}
