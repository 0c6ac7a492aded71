import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { agentErrorText } from '../hooks/use-service-units';
import { enrolCommand, enrolmentSelectors, useAgentEnrolment } from '../hooks/use-agent-enrolment';

dayjs.extend(localizedFormat);

/**
 * "Enrol an agent": a one-use token (24 hours, this organization) and the command that enrols a machine with it.
 * The unit appears when the agent on that machine enrols; nothing here creates one.
 */
export function AgentEnrolmentPanel() {
  const { t, i18n } = useTranslation();
  const enrolment = useAgentEnrolment();
  const busy = useSelector(enrolment, enrolmentSelectors.busy);
  const issued = useSelector(enrolment, enrolmentSelectors.enrolment);
  const error = useSelector(enrolment, enrolmentSelectors.error);
  const command = issued ? enrolCommand(issued.token) : null;

  return (
    <Stack gap="sm">
      <Text size="sm">{t('service-units.enrol.intro')}</Text>
      {/* The demo's backend runs in this page: no agent elsewhere can reach it. */}
      {import.meta.env.VITE_API_MODE !== 'remote' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} p="xs" role="note">
          {t('service-units.enrol.demoNote')}
        </Alert>
      )}
      {error !== null && !busy && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('service-units.enrol.failed')} role="alert">
          {agentErrorText(t, error)}
        </Alert>
      )}
      {command !== null && issued !== null && (
        <Stack gap="xs">
          <Text size="sm" fw={500} id="agent-enrol-command">
            {t('service-units.enrol.commandLabel')}
          </Text>
          <Code block aria-labelledby="agent-enrol-command" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {command}
          </Code>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('service-units.enrol.expires', { date: dayjs(issued.expiresAt).locale(i18n.language).format('LLL') })}
            </Text>
            <CopyButton value={command}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? t('service-units.enrol.copied') : t('service-units.enrol.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('service-units.enrol.once')}
          </Text>
        </Stack>
      )}
      <Group>
        <Button
          variant={command === null ? 'filled' : 'default'}
          leftSection={<IconKey size={16} aria-hidden />}
          loading={busy}
          onClick={() => enrolment.send({ type: 'job.start' })}
        >
          {command === null ? t('service-units.enrol.getToken') : t('service-units.enrol.newToken')}
        </Button>
      </Group>
    </Stack>
  );
}
