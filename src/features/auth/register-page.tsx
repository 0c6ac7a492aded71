import { useTranslation } from 'react-i18next';
import { AuthShell } from './components/auth-shell';
import { RegisterForm } from './components/register-form';

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <RegisterForm />
    </AuthShell>
  );
}
