import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { jobMachine } from '@machines/job/job.machine';
import { RelativeTime } from '@/components/data-list';
import { DetailField as Field, RecordDetailDrawer } from '@/components/detail-drawer';
import type { OrganizationRow } from '../api/types';
import { OrganizationStatusBadge } from './organization-status-badge';

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
    <RecordDetailDrawer
      row={row}
      title={(org) => org.name}
      detailsLabel={t('organizations.detail.details')}
      badge={(org) => <OrganizationStatusBadge status={org.status} />}
      editLabel={t('organizations.actions.edit')}
      onEdit={onEdit}
      audit={audit}
      showAudit={showAudit}
      onClose={onClose}
    >
      {(org) => (
        <>
          {org.status !== 'active' && org.statusReason && (
            <Text size="sm">{t('organizations.detail.statusReason', { reason: org.statusReason })}</Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label={t('organizations.fields.code')}>{org.code}</Field>
            <Field label={t('organizations.fields.contactEmail')}>{org.contactEmail}</Field>
            <Field label={t('organizations.fields.phone')}>{org.phone || '—'}</Field>
            <Field label={t('organizations.fields.timezone')}>{org.timezone}</Field>
            <Field label={t('organizations.fields.address')}>{org.address || '—'}</Field>
            <Field label={t('organizations.columns.users')}>{org.userCount}</Field>
            <Field label={t('organizations.columns.units')}>
              {t('organizations.unitsOfSeats', { units: org.unitCount, seats: org.seatLimit })}
            </Field>
            <Field label={t('organizations.fields.screenshotPolicy')}>
              {org.screenshotPolicy.enabled
                ? t('organizations.detail.policy', {
                    interval: org.screenshotPolicy.intervalMinutes,
                    days: org.screenshotPolicy.retentionDays,
                  })
                : t('organizations.detail.policyOff')}
            </Field>
            <Field label={t('organizations.columns.createdAt')}>
              <RelativeTime value={org.createdAt} />
            </Field>
          </SimpleGrid>
        </>
      )}
    </RecordDetailDrawer>
  );
}
