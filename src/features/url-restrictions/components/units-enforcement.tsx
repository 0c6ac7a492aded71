import { Accordion, ActionIcon, Alert, Badge, Button, Code, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { createUnitEnforcementMachine } from '@machines/url-restrictions/unit-enforcement.machine';
import type { AgentUrlPolicy } from '@machines/domain/types';
import { UrlPolicyReport } from '@/components/url-policy-report';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { getUnitsEnforcement, type UnitPolicy, type UnitsEnforcement as Loaded } from '../api/get-units-enforcement';
import { hasProblem, rulesAcrossUnits } from './enforcement-summary';

dayjs.extend(localizedFormat);

// The same load, refresh and retry as one unit's panel: here what is loaded is every unit (the id names no unit).
const enforcementMachine = createUnitEnforcementMachine<Loaded>();
const ALL_UNITS = '*';

type UnitState = AgentUrlPolicy['state'] | 'notReported' | 'noAgent';
const STATE_COLORS: Record<UnitState, string> = {
  written: 'green',
  noPermission: 'red',
  failed: 'red',
  off: 'gray',
  notReported: 'orange',
  noAgent: 'gray',
};
const stateOf = (unit: UnitPolicy): UnitState => (!unit.hasAgent ? 'noAgent' : (unit.policy?.state ?? 'notReported'));

/** At most this many unit names in a cell; the rest are counted. */
const NAMES_SHOWN = 3;

/**
 * The URL rules screen's overview across units (issue 44): per rule, on how many units it is enforced and where it is
 * not, and why; per unit, its policy's state, when it was last written, and each rule as its drawer shows it. From
 * each agent's last heartbeat report (`agent.urlPolicy`).
 */
function Overview({ load }: { load: (signal: AbortSignal) => Promise<Loaded> }) {
  const { t, i18n } = useTranslation();
  const actor = useScreenActor(enforcementMachine.provide({ actors: { load: fromPromise(({ signal }) => load(signal)) } }), {
    input: { unitId: ALL_UNITS },
  });
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const loaded = snapshot.context.unit;
  const names = (list: string[]) =>
    list.length > NAMES_SHOWN
      ? t('url-policy.units.namesMore', { names: list.slice(0, NAMES_SHOWN).join(', '), count: list.length - NAMES_SHOWN })
      : list.join(', ');

  if (snapshot.matches('loading'))
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('url-policy.units.loading')}</Text>
      </Group>
    );
  if (snapshot.matches('failed') || loaded === null)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title={t('url-policy.units.failed')}>
        <Button size="xs" variant="light" onClick={() => send({ type: 'enforcement.refresh' })}>
          {t('url-policy.panel.retry')}
        </Button>
      </Alert>
    );

  const units = [...loaded.units].sort((a, b) => Number(hasProblem(b)) - Number(hasProblem(a)) || a.name.localeCompare(b.name));
  const withAgent = units.filter((u) => u.hasAgent);
  const reporting = withAgent.filter((u) => u.policy !== null);
  const rules = rulesAcrossUnits(units);
  const date = (value: string) => dayjs(value).locale(i18n.language).format('LLL');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">
          {t('url-policy.units.summary', { count: loaded.total, reporting: reporting.length, withAgent: withAgent.length })}
        </Text>
        <ActionIcon variant="subtle" aria-label={t('url-policy.panel.refresh')} onClick={() => send({ type: 'enforcement.refresh' })}>
          <IconRefresh size={16} aria-hidden />
        </ActionIcon>
      </Group>

      <Title order={3} size="h5">
        {t('url-policy.units.byRule')}
      </Title>
      {rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('url-policy.units.noRules')}
        </Text>
      ) : (
        // No sideways scrolling (a scroll box needs a keyboard stop of its own): on a phone the three columns wrap.
        <Table aria-label={t('url-policy.units.byRuleLabel')} verticalSpacing={6} fz="sm" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('url-policy.columns.rule')}</Table.Th>
              <Table.Th>{t('url-policy.units.enforcedOn')}</Table.Th>
              <Table.Th>{t('url-policy.units.notEnforcedOn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((rule) => (
              <Table.Tr key={rule.ruleId}>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Code>{rule.pattern}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t('url-policy.units.unitCount', { count: rule.enforced.length })}</Text>
                  {rule.outOfSchedule.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('url-policy.units.outOfSchedule', { count: rule.outOfSchedule.length })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {rule.notEnforced.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('url-policy.units.nowhere')}
                    </Text>
                  ) : (
                    <Stack gap={4}>
                      {rule.notEnforced.map((group) => (
                        <Text size="sm" key={group.why}>
                          <Text span fw={600} size="sm">
                            {t('url-policy.units.unitCount', { count: group.units.length })}
                          </Text>{' '}
                          ({names(group.units)}): {t(`url-policy.units.why.${group.why}`)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <Title order={3} size="h5">
        {t('url-policy.units.byUnit')}
      </Title>
      {withAgent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('url-policy.units.noAgents')}
        </Text>
      ) : (
        <Accordion variant="separated" chevronPosition="left">
          {withAgent.map((unit) => {
            const state = stateOf(unit);
            const policy = unit.policy;
            return (
              <Accordion.Item key={unit.id} value={unit.id}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm" fw={600}>
                      {unit.name}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {policy?.writtenAt && (
                        <Text size="xs" c="dimmed">
                          {date(policy.writtenAt)}
                        </Text>
                      )}
                      <Badge variant="light" color={STATE_COLORS[state]} tt="none" miw="max-content">
                        {t(`url-policy.units.state.${state}`)}
                      </Badge>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <UrlPolicyReport policy={policy} unitName={unit.name} headingOrder={4} />
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}

/** The overview in a drawer of the URL rules screen; it loads each time it opens. */
export function UnitsEnforcementDrawer({
  opened,
  onClose,
  load = getUnitsEnforcement,
}: {
  opened: boolean;
  onClose: () => void;
  load?: (signal: AbortSignal) => Promise<Loaded>;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('url-policy.units.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <Overview load={load} />}
    </Drawer>
  );
}
