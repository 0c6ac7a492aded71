import { Button, Drawer, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { jobMachine } from '@machines/list/job.machine';
import { RelativeTime } from '@/components/data-list';
import type { OrganizationRow } from '../api/types';
import { AuditTrail } from '@/components/audit-trail';
import { OrganizationStatusBadge } from './organization-status-badge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One organization: its fields and counts, and (for who may read the audit log) its audit trail. */
export function OrganizationDetailDrawer({
  row,
  audit,
  showAudit,
  onClose,
  onEdit,
}: {
  row: OrganizationRow | null;
  audit: ActorRefFrom<typeof jobMachine>;
  showAudit: boolean;
  onClose: () => void;
  onEdit: ((row: OrganizationRow) => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="lg" title={row?.name ?? ''}>
      {row && (
        <Tabs defaultValue="details" keepMounted={false} onChange={(tab) => tab === 'audit' && audit.send({ type: 'job.start', input: row.id })}>
          <Tabs.List>
            <Tabs.Tab value="details">{t('organizations.detail.details')}</Tabs.Tab>
            {showAudit && <Tabs.Tab value="audit">{t('audit.title')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="md">
              <Group justify="space-between">
                <OrganizationStatusBadge status={row.status} />
                {onEdit && (
                  <Button size="xs" variant="light" onClick={() => onEdit(row)}>
                    {t('organizations.actions.edit')}
                  </Button>
                )}
              </Group>
              {row.status !== 'active' && row.statusReason && <Text size="sm">{t('organizations.detail.statusReason', { reason: row.statusReason })}</Text>}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Field label={t('organizations.fields.code')}>{row.code}</Field>
                <Field label={t('organizations.fields.contactEmail')}>{row.contactEmail}</Field>
                <Field label={t('organizations.fields.phone')}>{row.phone || '—'}</Field>
                <Field label={t('organizations.fields.timezone')}>{row.timezone}</Field>
                <Field label={t('organizations.fields.address')}>{row.address || '—'}</Field>
                <Field label={t('organizations.columns.users')}>{row.userCount}</Field>
                <Field label={t('organizations.columns.units')}>{t('organizations.unitsOfSeats', { units: row.unitCount, seats: row.seatLimit })}</Field>
                <Field label={t('organizations.fields.screenshotPolicy')}>
                  {row.screenshotPolicy.enabled
                    ? t('organizations.detail.policy', { interval: row.screenshotPolicy.intervalMinutes, days: row.screenshotPolicy.retentionDays })
                    : t('organizations.detail.policyOff')}
                </Field>
                <Field label={t('organizations.columns.createdAt')}>
                  <RelativeTime value={row.createdAt} />
                </Field>
              </SimpleGrid>
            </Stack>
          </Tabs.Panel>
          {showAudit && (
            <Tabs.Panel value="audit" pt="md">
              <AuditTrail audit={audit} recordId={row.id} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Drawer>
  );
}
