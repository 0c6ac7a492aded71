import { Button, Group } from '@mantine/core';
import { IconRefresh, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '@/components/status-page';
import { HomeButton } from './home-button';

export default function Error500Page() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="500"
      icon={IconServerOff}
      color="danger"
      title={t('pages.error500Title')}
      text={t('pages.error500Text')}
      actions={
        <Group justify="center">
          <HomeButton />
          <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.history.back()}>
            {t('pages.tryAgain')}
          </Button>
        </Group>
      }
    />
  );
}
