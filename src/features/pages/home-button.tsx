import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** "Back to home": `/` sends a visitor to their dashboard, or to sign in. */
export function HomeButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} href="/" leftSection={<IconHome size={18} aria-hidden />}>
      {t('pages.backHome')}
    </Button>
  );
}
