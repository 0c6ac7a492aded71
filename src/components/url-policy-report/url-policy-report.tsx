import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import type { AgentUrlPolicy, UrlRuleEnforcement } from '@machines/domain/types';

dayjs.extend(localizedFormat);

type Shown = UrlRuleEnforcement['status'] | 'notWritten';
const COLORS: Record<Shown, string> = { enforced: 'green', outOfSchedule: 'gray', notEnforceable: 'orange', notWritten: 'red' };
/** Product names: the same in every language. */
const BROWSER_NAMES: Record<AgentUrlPolicy['browsers'][number], string> = { chromium: 'Chromium', chrome: 'Chrome', firefox: 'Firefox' };

/**
 * How a unit's agent enforces the URL rules through the browsers' managed policy (docs/agent.md): whether and when
 * the policy was written, and per rule enforced, out of its schedule, or not enforceable and why. The unit's drawer
 * and the URL rules screen show it; `policy` null: the agent has not reported it (an older agent, or none yet).
 */
export function UrlPolicyReport({
  policy,
  unitName,
  headingOrder = 3,
}: {
  policy: AgentUrlPolicy | null;
  unitName: string;
  headingOrder?: 3 | 4;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => dayjs(value).locale(i18n.language).format('LLL');
  const written = policy?.state === 'written';
  const statusOf = (rule: UrlRuleEnforcement): Shown => (rule.status === 'enforced' && !written ? 'notWritten' : rule.status);

  return (
    <Stack gap="xs">
      <Title order={headingOrder} size="h5">
        {t('url-policy.title')}
      </Title>
      {policy === null ? (
        <Text size="sm" c="dimmed">
          {t('url-policy.notReported')}
        </Text>
      ) : (
        <>
          {policy.state === 'noPermission' && (
            <Alert color="red" variant="light" icon={<IconLock aria-hidden />} title={t('url-policy.noPermission')} role="alert">
              <Text size="sm">{t('url-policy.noPermissionHelp')}</Text>
              {policy.message && (
                <Text size="xs" ff="monospace">
                  {policy.message}
                </Text>
              )}
            </Alert>
          )}
          {policy.state === 'failed' && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('url-policy.failed')} role="alert">
              <Text size="xs" ff="monospace">
                {policy.message}
              </Text>
            </Alert>
          )}
          {policy.state === 'off' && (
            <Text size="sm" c="dimmed">
              {t('url-policy.off')}
            </Text>
          )}
          {policy.state !== 'off' && (
            <Text size="sm">
              {policy.writtenAt === null
                ? t('url-policy.neverWritten')
                : t('url-policy.writtenAt', {
                    date: date(policy.writtenAt),
                    browsers: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                      policy.browsers.map((b) => BROWSER_NAMES[b]),
                    ),
                  })}
            </Text>
          )}
          {policy.state !== 'off' &&
            (policy.rules.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('url-policy.noRules')}
              </Text>
            ) : (
              <Table.ScrollContainer
                minWidth={360}
                // On a phone the table scrolls sideways: its region takes focus, so a keyboard can scroll it too.
                scrollAreaProps={{
                  viewportProps: { tabIndex: 0, role: 'group', 'aria-label': t('url-policy.tableLabel', { name: unitName }) },
                }}
              >
                <Table aria-label={t('url-policy.tableLabel', { name: unitName })} verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('url-policy.columns.rule')}</Table.Th>
                      <Table.Th>{t('url-policy.columns.status')}</Table.Th>
                      <Table.Th>{t('url-policy.columns.why')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {policy.rules.map((rule) => {
                      const shown = statusOf(rule);
                      return (
                        <Table.Tr key={rule.ruleId}>
                          <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                            {rule.pattern}
                          </Table.Td>
                          <Table.Td>
                            {/* Its whole text: squeezed by the table, the badge cut it ("Not enfo…"). */}
                            <Badge variant="light" color={COLORS[shown]} tt="none" miw="max-content">
                              {t(`url-policy.status.${shown}`)}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{rule.reason ? t(`url-policy.reasons.${rule.reason}`) : ''}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ))}
        </>
      )}
    </Stack>
  );
}
