import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Anchor, Box, Center, Code, Grid, Group, Loader, NavLink, Paper, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { AnyActor, AnyStateMachine, StateValue } from 'xstate';
import { activeIds, type Scenario } from '@machines/statecharts/chart';
import { liveActors, openerInspection, type LiveActor } from '@/lib/inspection';
import { ActorList, EventLog, SendEvents, stateText, useInspection } from './components/live-panel';
import { RecordPanel } from './components/record-panel';
import { ScenariosPanel } from './components/scenarios-panel';
import { SequencePanel } from './components/sequence-panel';
import { momentsOf, SandboxPanel, Timeline } from './components/timeline';
import {
  defaultActor,
  entryFor,
  entryNamed,
  MACHINES,
  replayNext,
  scenariosFor,
  startReplay,
  startSandbox,
  type RegisteredMachine,
  type Replay,
} from './explorer';

// React Flow (and its stylesheet) only once a chart is drawn: the page itself stays small.
const ChartView = lazy(() => import('./components/chart-view'));

export const STATECHARTS_PATH = '/dev/statecharts';

function hrefFor(machine: string, actor?: string) {
  const query = new URLSearchParams({ machine });
  if (actor) query.set('actor', actor);
  return `${STATECHARTS_PATH}?${query.toString()}`;
}

function MachineNav({ current }: { current: string | null }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('statecharts.machines')}>
      <ScrollArea.Autosize mah={{ base: 220, md: '75vh' }} type="auto">
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {MACHINES.map((m) => (
            <li key={m.name}>
              <NavLink
                component={Link}
                href={hrefFor(m.name)}
                label={m.name}
                active={current === m.name}
                aria-current={current === m.name ? 'page' : undefined}
                py={4}
              />
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </nav>
  );
}

function ChartFallback() {
  const { t } = useTranslation();
  return (
    <Center mih={420}>
      <Loader aria-label={t('statecharts.chart.loading')} />
    </Center>
  );
}

/** The machine explorer: every machine's chart from its definition, the live actors of this tab, scenarios. */
export default function StatechartsPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const name = params.get('machine');
  const actorId = params.get('actor');
  useInspection();
  const actors = liveActors();
  // Without a machine or actor in the link: the screen the user came from, else the session (not the first listed).
  const actor: LiveActor | null = actorId
    ? (actors.find((a) => a.sessionId === actorId) ?? null)
    : name === null
      ? defaultActor(actors)
      : null;
  const named = entryNamed(name);
  // A live actor draws its own definition; its registry entry names it.
  const machine: AnyStateMachine | undefined = actor?.machine ?? named?.machine;
  const entry: RegisteredMachine | undefined = named ?? (actor ? entryFor(actor.machine) : undefined);
  const [replay, setReplay] = useState<Replay | null>(null);
  // Time travel: the log entry shown instead of now, and a sandbox continued from one.
  const [moment, setMoment] = useState<{ actor: string; seq: number } | null>(null);
  const [sandbox, setSandbox] = useState<{ actor: string; ref: AnyActor | null; error: string | null } | null>(null);
  const [, setSandboxVersion] = useState(0);
  useEffect(() => {
    const ref = sandbox?.ref;
    if (!ref) return undefined;
    const subscription = ref.subscribe(() => setSandboxVersion((v) => v + 1));
    return () => {
      subscription.unsubscribe();
      ref.stop();
    };
  }, [sandbox]);
  const replayFor = replay && entry && replay.actor.logic.config === entry.machine.config ? replay : null;

  const select = (a: LiveActor) => {
    setReplay(null);
    setMoment(null);
    setSandbox(null);
    navigate(hrefFor(entryFor(a.machine)?.name ?? a.machine.id, a.sessionId));
  };

  const sandboxFor = sandbox && actor && sandbox.actor === actor.sessionId ? sandbox : null;
  const momentFor = moment && actor && moment.actor === actor.sessionId ? moment.seq : null;
  const shownMoment = momentFor === null || !actor ? undefined : momentsOf(actor).find((e) => e.seq === momentFor);
  let activeValue: StateValue | null = null;
  if (replayFor && !replayFor.error) activeValue = replayFor.actor.getSnapshot().value as StateValue;
  else if (sandboxFor?.ref) activeValue = sandboxFor.ref.getSnapshot().value as StateValue;
  else if (shownMoment?.state !== undefined) activeValue = shownMoment.state;
  else if (actor) activeValue = actor.ref.getSnapshot().value as StateValue;
  const stateKey = replayFor
    ? 'statecharts.replayState'
    : sandboxFor
      ? 'statecharts.sandboxState'
      : shownMoment
        ? 'statecharts.momentState'
        : 'statecharts.currentState';
  const active = activeValue === null ? [] : activeIds(activeValue);

  let scenarios: Scenario[] = [];
  let scenarioError: string | null = null;
  if (entry) {
    try {
      scenarios = scenariosFor(entry.machine);
    } catch (error) {
      scenarioError = error instanceof Error ? error.message : String(error);
    }
  }

  return (
    <Box p={{ base: 'sm', md: 'lg' }} component="main">
      <Group justify="space-between" align="flex-end" mb="md" gap="xs">
        <div>
          <Title order={1} size="h2">
            {t('statecharts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('statecharts.subtitle')}
          </Text>
        </div>
        <Anchor component={Link} href="/" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('statecharts.back')}
          </Group>
        </Anchor>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3, lg: 2 }}>
          <Title order={2} size="h5" mb={4}>
            {t('statecharts.machinesCount', { count: MACHINES.length })}
          </Title>
          <MachineNav current={entry?.name ?? null} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9, lg: 7 }}>
          {name && !named && !actor ? (
            <Alert color="red" title={t('statecharts.unknownTitle')} role="alert">
              {t('statecharts.unknown', { name })}
            </Alert>
          ) : machine ? (
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" align="baseline">
                <Title order={2} size="h3">
                  {entry?.name ?? machine.id} <Code>{machine.id}</Code>
                </Title>
                {activeValue !== null ? (
                  <Text size="sm" aria-live="polite">
                    {t(stateKey, { state: stateText(activeValue) })}
                  </Text>
                ) : null}
              </Group>
              {entry ? <Text size="sm">{t(`statecharts.descriptions.${entry.name}`, { defaultValue: entry.description })}</Text> : null}
              <Suspense fallback={<ChartFallback />}>
                <ChartView key={actor?.sessionId ?? entry?.name ?? machine.id} machine={machine} active={active} />
              </Suspense>
              <Text size="xs" c="dimmed">
                {t('statecharts.chart.legend')}
              </Text>
            </Stack>
          ) : (
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h4" mb={4}>
                {t('statecharts.emptyTitle')}
              </Title>
              <Text size="sm">{t('statecharts.empty')}</Text>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Tabs defaultValue="live" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="live">{t('statecharts.tabs.live')}</Tabs.Tab>
              <Tabs.Tab value="scenarios">{t('statecharts.tabs.scenarios')}</Tabs.Tab>
              <Tabs.Tab value="sequence">{t('statecharts.tabs.sequence')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="live" pt="sm">
              <Stack gap="md">
                <div>
                  <Title order={3} size="h5" mb={4}>
                    {t('statecharts.live.title')}
                  </Title>
                  {openerInspection() ? (
                    <Text size="xs" c="dimmed" mb={4}>
                      {t('statecharts.live.fromOpener')}
                    </Text>
                  ) : null}
                  <ActorList actors={actors} selected={actor?.sessionId ?? null} onSelect={select} />
                </div>
                <RecordPanel actor={actor} />
                {actor && sandboxFor ? (
                  <SandboxPanel sandbox={sandboxFor.ref} live={actor} error={sandboxFor.error} onEnd={() => setSandbox(null)} />
                ) : actor ? (
                  <>
                    <Timeline
                      actor={actor}
                      moment={momentFor}
                      onMoment={(seq) => setMoment(seq === null ? null : { actor: actor.sessionId, seq })}
                      onContinue={(entry) => {
                        const started = startSandbox(actor.machine, entry.state ?? {}, entry.context);
                        setSandbox({
                          actor: actor.sessionId,
                          ref: 'actor' in started ? started.actor : null,
                          error: 'error' in started ? started.error : null,
                        });
                      }}
                    />
                    <SendEvents actor={actor} />
                  </>
                ) : null}
                <EventLog actor={actor} actors={actors} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="scenarios" pt="sm">
              {!entry ? (
                <Text size="sm">{t('statecharts.scenarios.choose')}</Text>
              ) : scenarioError ? (
                <Alert color="red" role="alert">
                  {t('statecharts.scenarios.error', { message: scenarioError })}
                </Alert>
              ) : (
                <ScenariosPanel
                  entry={entry}
                  scenarios={scenarios}
                  replay={replayFor}
                  onReplay={(s) => {
                    replay?.actor.stop();
                    setReplay(startReplay(entry, s));
                  }}
                  onNext={() => replayFor && setReplay(replayNext(entry, replayFor))}
                  onStop={() => {
                    replay?.actor.stop();
                    setReplay(null);
                  }}
                />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="sequence" pt="sm">
              <SequencePanel />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
