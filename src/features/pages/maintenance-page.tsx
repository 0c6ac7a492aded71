import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/status-page';
import { HomeButton } from './home-button';

export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={IconTool}
      color="warning"
      title={t('pages.maintenanceTitle')}
      text={t('pages.maintenanceText')}
      actions={<HomeButton />}
    />
  );
}
