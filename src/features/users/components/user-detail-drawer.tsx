import { Button, Drawer, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { jobMachine } from '@machines/list/job.machine';
import { AuditTrail } from '@/components/audit-trail';
import { RelativeTime } from '@/components/data-list';
import type { UserRow } from '../api/types';
import { AccountStatusBadge } from './user-badges';

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

/** One account: its fields, who invited it, and (for who may read the audit log) its audit trail. */
export function UserDetailDrawer({
  row,
  audit,
  showAudit,
  onClose,
  onEdit,
}: {
  row: UserRow | null;
  audit: ActorRefFrom<typeof jobMachine>;
  showAudit: boolean;
  onClose: () => void;
  onEdit: ((row: UserRow) => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="lg" title={row?.fullName ?? ''}>
      {row && (
        <Tabs defaultValue="details" keepMounted={false} onChange={(tab) => tab === 'audit' && audit.send({ type: 'job.start', input: row.id })}>
          <Tabs.List>
            <Tabs.Tab value="details">{t('users.detail.details')}</Tabs.Tab>
            {showAudit && <Tabs.Tab value="audit">{t('audit.title')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="md">
              <Group justify="space-between">
                <AccountStatusBadge status={row.status} />
                {onEdit && (
                  <Button size="xs" variant="light" onClick={() => onEdit(row)}>
                    {t('users.actions.edit')}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Field label={t('users.fields.username')}>{row.username}</Field>
                <Field label={t('users.fields.email')}>{row.email}</Field>
                <Field label={t('users.fields.phone')}>{row.phone || '—'}</Field>
                <Field label={t('users.fields.roleId')}>{t(`users.roles.${row.roleId}`)}</Field>
                <Field label={t('users.fields.organizationId')}>{row.organizationName}</Field>
                <Field label={t('users.columns.lastSignIn')}>{row.lastSignInAt ? <RelativeTime value={row.lastSignInAt} /> : t('users.never')}</Field>
                <Field label={t('users.columns.createdAt')}>
                  <RelativeTime value={row.createdAt} />
                </Field>
                <Field label={t('users.detail.invitedBy')}>{row.invitedByName || '—'}</Field>
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
