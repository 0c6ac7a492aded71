import { Button, Text, type ButtonProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDatabaseCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resetDemoData } from '@/lib/session/light';

/** Demo mode: the backend runs in this browser, so its data can be put back to the sample data. */
export const isDemoMode = (env: Pick<ImportMetaEnv, 'VITE_API_MODE'> = import.meta.env) => env.VITE_API_MODE !== 'remote';

/**
 * "Reset demo data" for the places a visitor lands when the stored demo data is broken: the sign-in
 * page and the error screens. Asks first (everything changed in the demo is discarded), then signs out
 * and reloads on the sign-in page. Renders nothing with a real backend.
 */
export function DemoResetButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  if (!isDemoMode()) return null;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('layout.resetDemoTitle'),
      children: <Text size="sm">{t('layout.resetDemoText')}</Text>,
      labels: { confirm: t('layout.resetDemoConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'danger' },
      onConfirm: () => {
        resetDemoData().then(
          () => notifications.show({ color: 'success', message: t('layout.resetDemoDone') }),
          () => notifications.show({ color: 'danger', message: t('layout.resetDemoFailed') }),
        );
      },
    });
  return (
    <Button variant="subtle" color="gray" leftSection={<IconDatabaseCog size={16} aria-hidden />} onClick={confirm} {...props}>
      {t('layout.resetDemo')}
    </Button>
  );
}
