import { useTranslation } from 'react-i18next';
import { AuthShell } from './components/auth-shell';
import { LockScreen } from './components/lock-screen';

export default function LockScreenPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.lock.title')} subtitle={t('auth.lock.subtitle')}>
      <LockScreen />
    </AuthShell>
  );
}
