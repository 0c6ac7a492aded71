import { useTranslation } from 'react-i18next';
import { AuthShell } from './components/auth-shell';
import { ForgotPasswordForm } from './components/forgot-password-form';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <ForgotPasswordForm />
    </AuthShell>
  );
}
