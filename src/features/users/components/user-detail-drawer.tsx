import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { jobMachine } from '@machines/job/job.machine';
import { RelativeTime } from '@/components/data-list';
import { DetailField as Field, RecordDetailDrawer } from '@/components/detail-drawer';
import type { UserRow } from '../api/types';
import { AccountStatusBadge } from './user-badges';

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
    <RecordDetailDrawer
      row={row}
      title={(user) => user.fullName}
      detailsLabel={t('users.detail.details')}
      badge={(user) => <AccountStatusBadge status={user.status} />}
      editLabel={t('users.actions.edit')}
      onEdit={onEdit}
      audit={audit}
      showAudit={showAudit}
      onClose={onClose}
    >
      {(user) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label={t('users.fields.username')}>{user.username}</Field>
          <Field label={t('users.fields.email')}>{user.email}</Field>
          <Field label={t('users.fields.phone')}>{user.phone || '—'}</Field>
          <Field label={t('users.fields.roleId')}>{t(`users.roles.${user.roleId}`)}</Field>
          <Field label={t('users.fields.organizationId')}>{user.organizationName}</Field>
          <Field label={t('users.columns.lastSignIn')}>
            {user.lastSignInAt ? <RelativeTime value={user.lastSignInAt} /> : t('users.never')}
          </Field>
          <Field label={t('users.columns.createdAt')}>
            <RelativeTime value={user.createdAt} />
          </Field>
          <Field label={t('users.detail.invitedBy')}>{user.invitedByName || '—'}</Field>
        </SimpleGrid>
      )}
    </RecordDetailDrawer>
  );
}
