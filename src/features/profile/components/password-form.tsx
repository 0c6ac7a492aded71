import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { PasswordValues } from '@machines/profile/types';
import { useFieldErrorText } from '@/lib/field-error-text';
import type { ProfileActor } from '../hooks/use-profile';

type Snap = ReturnType<ProfileActor['getSnapshot']>;
const selectPassword = (s: Snap) => s.context.password;
const selectPasswordErrors = (s: Snap) => s.context.passwordErrors;
const selectChanging = (s: Snap) => s.hasTag('password.changing');

const FIELDS: { key: keyof PasswordValues; label: string; autoComplete: string }[] = [
  { key: 'currentPassword', label: 'profile.password.current', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'profile.password.new', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'profile.password.confirm', autoComplete: 'new-password' },
];

/** Current, new and confirmed password. */
export function PasswordForm({ actor }: { actor: ProfileActor }) {
  const { t } = useTranslation();
  const values = useSelector(actor, selectPassword);
  const errors = useSelector(actor, selectPasswordErrors);
  const changing = useSelector(actor, selectChanging);
  const errorText = useFieldErrorText('profile');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-password-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'profile.password.submit' });
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-password-title">
            {t('profile.password.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {FIELDS.map((field) => (
              <PasswordInput
                key={field.key}
                label={t(field.label)}
                required
                value={values[field.key]}
                onChange={(e) => actor.send({ type: 'profile.password.change', patch: { [field.key]: e.currentTarget.value } })}
                error={errorText(errors[field.key], { label: t(field.label) })}
                autoComplete={field.autoComplete}
                // The rule before the first try (as on the set-password page); under the field, so the three inputs stay in line.
                description={field.key === 'newPassword' ? t('profile.password.hint') : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={changing}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
