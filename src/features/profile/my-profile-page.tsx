import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './components/password-form';
import { ProfileForm } from './components/profile-form';
import { useProfile, type ProfileActor } from './hooks/use-profile';

type Snap = ReturnType<ProfileActor['getSnapshot']>;
const selectProfile = (s: Snap) => s.context.profile;
const selectFailed = (s: Snap) => s.hasTag('details.failed');

/** /user/my-profile and /admin/my-profile: the signed-in user's own details, photo and password. */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const actor = useProfile();
  const profile = useSelector(actor, selectProfile);
  const failed = useSelector(actor, selectFailed);
  if (failed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('profile.loadFailed')} role="alert" maw={880}>
        <Button size="xs" color="red" variant="outline" onClick={() => actor.send({ type: 'profile.retry' })}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (!profile) return <Skeleton height={420} radius="md" maw={880} aria-label={t('common.loading')} />;
  return (
    <Stack gap="lg" maw={880}>
      <ProfileForm actor={actor} profile={profile} />
      <PasswordForm actor={actor} />
    </Stack>
  );
}
