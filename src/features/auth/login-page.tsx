import { useTranslation } from 'react-i18next';
import { AuthShell } from './components/auth-shell';
import { LoginForm } from './components/login-form';
import { isDemoMode } from './demo-accounts';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm demo={isDemoMode()} />
    </AuthShell>
  );
}
