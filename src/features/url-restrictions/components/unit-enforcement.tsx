import { ActionIcon, Alert, Button, Loader, Paper, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { createUnitEnforcementMachine } from '@machines/url-restrictions/unit-enforcement.machine';
import type { AgentUrlPolicy } from '@machines/domain/types';
import { UrlPolicyReport } from '@/components/url-policy-report';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { getUnitEnforcement, type UnitEnforcement as Loaded } from '../api/get-unit-enforcement';

const enforcementMachine = createUnitEnforcementMachine<Loaded>();

/**
 * The URL rules screen, filtered to one unit: how that unit's agent enforces its rules (which are enforced, which are
 * not and why, when the policy was written), as its drawer shows it.
 */
export function UnitEnforcement({
  unitId,
  load = getUnitEnforcement,
}: {
  unitId: string;
  load?: (id: string, signal: AbortSignal) => Promise<Loaded>;
}) {
  const { t } = useTranslation();
  const actor = useScreenActor(
    enforcementMachine.provide({ actors: { load: fromPromise(({ input, signal }) => load(input.unitId, signal)) } }),
    { input: { unitId } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const unit = snapshot.context.unit;
  const agent = unit?.agent ?? null;
  const policy: AgentUrlPolicy | null = agent?.urlPolicy ?? null;
  const name = unit?.name ?? '';

  return (
    <Paper withBorder p="md" component="section" aria-label={unit ? t('url-policy.panel.title', { name }) : t('url-policy.title')}>
      {snapshot.matches('loading') ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('url-policy.panel.loading')}</Text>
        </Group>
      ) : snapshot.matches('failed') ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title={t('url-policy.panel.failed')}>
          <Button size="xs" variant="light" onClick={() => send({ type: 'enforcement.refresh' })}>
            {t('url-policy.panel.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h5">
              {t('url-policy.panel.title', { name })}
            </Title>
            <ActionIcon variant="subtle" aria-label={t('url-policy.panel.refresh')} onClick={() => send({ type: 'enforcement.refresh' })}>
              <IconRefresh size={16} aria-hidden />
            </ActionIcon>
          </Group>
          {agent === null || agent.revokedAt !== null ? (
            <Text size="sm" c="dimmed">
              {t('url-policy.panel.noAgent')}
            </Text>
          ) : (
            <UrlPolicyReport policy={policy} unitName={name} headingOrder={3} />
          )}
        </Stack>
      )}
    </Paper>
  );
}
