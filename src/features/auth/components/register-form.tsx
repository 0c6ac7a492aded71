import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import { isInternalPath } from '@/lib/session';
import { normalizeText, textProblem } from '@/lib/text-rules';
import { USER_TEXT_RULES } from '../../../../core/user-input';
import { registerAccount } from '../api/register';
import { useAuthForm } from '../hooks/use-auth-form';
import { translateServerMessage } from '../server-messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;
/** The backend's limit (core/user-input.ts). */
const FULL_NAME_RULE = USER_TEXT_RULES.fullName;

/** Registration: local checks first (a mismatch never reaches the server), then one request. */
export function RegisterForm() {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText('auth');
  const counter = useCharacterCounter();
  const [, navigate] = useLocation();
  const search = useSearch();
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', phoneNumber: '', email: '', password: '', rePassword: '' },
    validate: {
      fullName: (v) => {
        const problem = textProblem(normalizeText(v), FULL_NAME_RULE);
        if (problem === 'required') return t('auth.register.fullNameRequired');
        return problem ? (fieldErrorText(problem, { label: t('auth.register.fullName'), max: FULL_NAME_RULE.max }) ?? null) : null;
      },
      email: (v) => (EMAIL.test(v.trim()) ? null : t('auth.register.emailInvalid')),
      password: (v) => (v.length >= MIN_PASSWORD_LENGTH ? null : t('auth.register.passwordTooShort', { count: MIN_PASSWORD_LENGTH })),
      rePassword: (v, values) => (v === values.password ? null : t('auth.register.mismatch')),
    },
  });
  const { actor, busy, fieldErrors } = useAuthForm(
    (values) =>
      registerAccount({
        fullName: values['fullName'] ?? '',
        phoneNumber: values['phoneNumber'] ?? '',
        email: values['email'] ?? '',
        password: values['password'] ?? '',
        rePassword: values['rePassword'] ?? '',
      }),
    {
      succeeded: () => {
        notifications.show({ color: 'green', title: t('auth.register.createdTitle'), message: t('auth.register.created') });
        const to = new URLSearchParams(search).get('to');
        navigate(isInternalPath(to) ? to : '/pages/login');
      },
      failed: (message) => {
        notifications.show({ color: 'red', title: t('auth.register.failedTitle'), message: translateServerMessage(t, message) });
      },
    },
  );

  // The server's field errors land on their fields; what was typed stays.
  const { setErrors } = form;
  useEffect(() => {
    const translated: Record<string, string> = {};
    for (const [field, message] of Object.entries(fieldErrors)) translated[field] = translateServerMessage(t, message);
    if (Object.keys(translated).length > 0) setErrors(translated);
  }, [fieldErrors, setErrors, t]);

  const submit = form.onSubmit((values) => {
    actor.send({
      type: 'form.submit',
      values: { ...values, fullName: normalizeText(values.fullName), email: values.email.trim(), phoneNumber: values.phoneNumber.trim() },
    });
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.register.fullName')}
            description={counter(form.values.fullName, FULL_NAME_RULE.max)}
            autoComplete="name"
            required
            withAsterisk={false}
            {...form.getInputProps('fullName')}
          />
          <TextInput label={t('auth.register.phoneNumber')} autoComplete="tel" type="tel" {...form.getInputProps('phoneNumber')} />
          <TextInput
            label={t('auth.register.email')}
            autoComplete="email"
            type="email"
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.register.password')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.register.confirmPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('rePassword')}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} href={search ? `/login?${search}` : '/login'} underline="always">
          {t('auth.register.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
