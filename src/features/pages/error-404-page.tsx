import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/status-page';
import { HomeButton } from './home-button';

export default function Error404Page() {
  const { t } = useTranslation();
  return (
    <StatusPage code="404" icon={IconMapSearch} title={t('pages.error404Title')} text={t('pages.error404Text')} actions={<HomeButton />} />
  );
}
