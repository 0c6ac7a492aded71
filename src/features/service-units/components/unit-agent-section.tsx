import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { can } from '@machines/permissions/can';
import type { UnitDetail, unitDetailMachine } from '@machines/service-units/unit-detail.machine';
import { ConfirmModal } from '@/components/data-list';
import { UrlPolicyReport } from '@/components/url-policy-report';
import { subjectFor } from '@/lib/roles';
import { useSessionAccess } from '@/lib/session';
import { agentErrorText } from '../hooks/use-service-units';
import { DetailField } from './detail-field';

dayjs.extend(localizedFormat);

type DetailRef = ActorRefFrom<typeof unitDetailMachine>;

/** "2 days, 3 hr" in the reader's language: the two largest parts of a duration. */
export function formatUptime(seconds: number, language: string): string {
  const parts: [Intl.NumberFormatOptions['unit'], number][] = [
    ['day', Math.floor(seconds / 86_400)],
    ['hour', Math.floor((seconds % 86_400) / 3600)],
    ['minute', Math.floor((seconds % 3600) / 60)],
  ];
  const shown = parts.filter(([, n]) => n > 0).slice(0, 2);
  const list = (shown.length > 0 ? shown : [['minute', 0] as const]).map(([unit, n]) =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(n),
  );
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(list);
}

/**
 * The unit's agent in its drawer: which kind, since when, what it last reported about its machine, and
 * "Revoke agent" for an enrolled one whose credential still works (for whoever may change the unit).
 */
export function UnitAgentSection({ detail, unit }: { detail: DetailRef; unit: UnitDetail }) {
  const { t, i18n } = useTranslation();
  const access = useSessionAccess();
  const mayUpdate =
    access.status === 'signedIn' && access.role !== undefined && can(subjectFor(access.role), 'update', 'serviceUnit').allowed;
  const revocable = useSelector(detail, (s) => s.can({ type: 'detail.revoke' }));
  const confirming = useSelector(detail, (s) => s.matches({ loaded: 'confirmingRevoke' }) || s.matches({ loaded: 'revoking' }));
  const busy = useSelector(detail, (s) => s.hasTag('busy'));
  const revokeError = useSelector(detail, (s) => s.context.revokeError);
  const date = (value: string) => dayjs(value).locale(i18n.language).format('LLL');
  // A backend older than the agent API leaves the field out: the same as no agent.
  const agent = unit.agent ?? null;

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('service-units.agent.title')}
      </Title>
      {agent === null ? (
        <Text size="sm" c="dimmed">
          {t('service-units.agent.none')}
        </Text>
      ) : (
        <>
          {agent.revokedAt !== null && (
            <Alert color="red" variant="light" icon={<IconPlugConnectedX aria-hidden />} p="xs" role="note">
              {t('service-units.agent.revokedOn', { date: date(agent.revokedAt) })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DetailField label={t('service-units.agent.kind')}>
              <Badge variant="light" color={agent.kind === 'enrolled' ? 'blue' : 'gray'} tt="none">
                {t(`service-units.agent.kinds.${agent.kind}`)}
              </Badge>
            </DetailField>
            <DetailField label={t('service-units.agent.enrolledAt')}>
              <Text size="sm">{date(agent.enrolledAt)}</Text>
            </DetailField>
            <DetailField label={t('service-units.agent.osName')}>
              {agent.system && <Text size="sm">{agent.system.osName}</Text>}
            </DetailField>
            <DetailField label={t('service-units.agent.ipAddresses')}>
              {agent.system && agent.system.ipAddresses.length > 0 && (
                <Stack gap={0}>
                  {agent.system.ipAddresses.map((ip) => (
                    <Text key={ip} size="sm" ff="monospace">
                      {ip}
                    </Text>
                  ))}
                </Stack>
              )}
            </DetailField>
            <DetailField label={t('service-units.agent.uptime')}>
              {agent.system && <Text size="sm">{formatUptime(agent.system.uptimeS, i18n.language)}</Text>}
            </DetailField>
            <DetailField label={t('service-units.agent.heartbeat')}>
              <Text size="sm">{t('service-units.agent.everySeconds', { count: agent.heartbeatIntervalS })}</Text>
            </DetailField>
          </SimpleGrid>
          {agent.revokedAt === null && <UrlPolicyReport policy={agent.urlPolicy ?? null} unitName={unit.name} headingOrder={4} />}
          {revokeError !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('service-units.agent.revokeFailed')}
              role="alert"
            >
              {agentErrorText(t, revokeError)}
            </Alert>
          )}
          {revocable && mayUpdate && (
            <Group>
              <Button
                variant="light"
                color="red"
                leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                onClick={() => detail.send({ type: 'detail.revoke' })}
              >
                {t('service-units.agent.revoke')}
              </Button>
            </Group>
          )}
        </>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('service-units.agent.confirmTitle', { name: unit.name })}
        confirmLabel={t('service-units.agent.revoke')}
        danger
        busy={busy}
        onConfirm={() => detail.send({ type: 'detail.revoke.confirm' })}
        onCancel={() => detail.send({ type: 'detail.revoke.cancel' })}
      >
        {t('service-units.agent.confirmText', { name: unit.name })}
      </ConfirmModal>
    </Stack>
  );
}
