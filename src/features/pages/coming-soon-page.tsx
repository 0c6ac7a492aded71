import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/status-page';
import { HomeButton } from './home-button';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={IconRocket}
      color="success"
      title={t('pages.comingSoonTitle')}
      text={t('pages.comingSoonText')}
      actions={<HomeButton />}
    />
  );
}
