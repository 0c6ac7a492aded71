import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListRow } from '@machines/list/list.machine';
import type { ListActorRef } from './use-list-table';

/**
 * After a bulk action that left rows as they were: how many it refused (the user may not change them) and how many
 * someone else changed meanwhile (they stay selected, shown as they are now). Stays until closed or the next bulk action.
 * `keepsSelection`: false where the list has no checkboxes (the process rules' switches).
 */
export function BulkReport<T extends ListRow>({ list, keepsSelection = true }: { list: ListActorRef<T>; keepsSelection?: boolean }) {
  const { t } = useTranslation();
  const report = useSelector(list, (s) => s.context.bulkReport);
  if (!report || (report.refused === 0 && report.changed === 0)) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('data-list.bulkReport.title')}
      withCloseButton
      closeButtonLabel={t('data-list.bulkReport.dismiss')}
      onClose={() => list.send({ type: 'list.bulk.report.dismiss' })}
      role="status"
    >
      <Stack gap={4}>
        {report.refused > 0 && <Text size="sm">{t('data-list.bulkReport.refused', { count: report.refused })}</Text>}
        {report.changed > 0 && (
          <Text size="sm">
            {/* A list without checkboxes (a row's switch runs the action) says nothing of a selection. */}
            {t(keepsSelection ? 'data-list.bulkReport.changed' : 'data-list.bulkReport.changedShown', { count: report.changed })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
