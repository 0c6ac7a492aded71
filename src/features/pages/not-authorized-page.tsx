import { Button } from '@mantine/core';
import { IconLayoutDashboard, IconLock, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { StatusPage } from '@/components/status-page';
import { useSessionAccess } from '@/lib/session';
import { dashboardFor } from '@/lib/roles';

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  // The role the server confirmed (the session machine), never the one in storage.
  const access = useSessionAccess();
  const role = access.status === 'signedIn' && !access.locked ? access.role : undefined;
  // Signed in: back to the visitor's own dashboard; signed out: to sign in.
  const action =
    role === undefined ? (
      <Button component={Link} href="/login" leftSection={<IconLogin size={18} aria-hidden />}>
        {t('pages.goToLogin')}
      </Button>
    ) : (
      <Button component={Link} href={dashboardFor(role)} leftSection={<IconLayoutDashboard size={18} aria-hidden />}>
        {t('pages.backToDashboard')}
      </Button>
    );
  return (
    <StatusPage
      code="403"
      icon={IconLock}
      color="danger"
      title={t('pages.notAuthorizedTitle')}
      text={t('pages.notAuthorizedText')}
      actions={action}
    />
  );
}
