import { Avatar, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { PROFILE_RULES } from '@machines/profile/profile.machine';
import type { ProfileRecord } from '@machines/profile/types';
import { initialsOf } from '@/components/avatar-initials';
import { FormConflict } from '@/components/form-drawer';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import type { ProfileActor } from '../hooks/use-profile';

type Snap = ReturnType<ProfileActor['getSnapshot']>;
const selectValues = (s: Snap) => s.context.values;
const selectErrors = (s: Snap) => s.context.errors;
const selectPhotoProblem = (s: Snap) => s.context.photoProblem;
const selectSaving = (s: Snap) => s.hasTag('details.saving');
const selectProcessing = (s: Snap) => s.hasTag('photo.processing');
const selectConflict = (s: Snap) => (s.hasTag('details.conflict') ? s.context.conflict : null);
/** The fields a conflict compares, in the form's order. */
const CONFLICT_FIELDS = ['displayName', 'phoneNumber', 'about', 'photoURL'] as const;
const selectDirty = (s: Snap) => {
  const p = s.context.profile;
  const v = s.context.values;
  return (
    p !== null && (p.displayName !== v.displayName || p.about !== v.about || p.phoneNumber !== v.phoneNumber || p.photoURL !== v.photoURL)
  );
};

/** Name, phone, about and photo; the account's fixed facts beside them. */
export function ProfileForm({ actor, profile }: { actor: ProfileActor; profile: ProfileRecord }) {
  const { t } = useTranslation();
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const photoProblem = useSelector(actor, selectPhotoProblem);
  const saving = useSelector(actor, selectSaving);
  const processing = useSelector(actor, selectProcessing);
  const dirty = useSelector(actor, selectDirty);
  const conflictState = useSelector(actor, selectConflict);
  const errorText = useFieldErrorText('profile');
  const counter = useCharacterCounter();
  const change = (patch: Partial<Pick<typeof values, 'displayName' | 'about' | 'phoneNumber'>>) =>
    actor.send({ type: 'profile.change', patch });
  const nameLabel = t('profile.displayName');
  const aboutLabel = t('profile.about');
  const conflictLabels = { displayName: nameLabel, phoneNumber: t('profile.phone'), about: aboutLabel, photoURL: t('profile.photo') };
  // A picture is a long data URL: the table says whether there is one, not its text.
  const shown = (key: (typeof CONFLICT_FIELDS)[number], value: string) =>
    key === 'photoURL' && value !== '' ? t('profile.conflictPhoto') : value;
  const conflict = conflictState && {
    changedBy: conflictState.changedBy,
    changedAt: conflictState.changedAt,
    fields: CONFLICT_FIELDS.filter((key) => conflictState.theirs[key] !== values[key]).map((key) => ({
      key,
      label: conflictLabels[key],
      theirs: shown(key, conflictState.theirs[key]),
      mine: shown(key, values[key]),
    })),
    takeTheirs: () => actor.send({ type: 'profile.conflict.takeTheirs' }),
    keepMine: () => actor.send({ type: 'profile.conflict.keepMine' }),
    cancel: () => actor.send({ type: 'profile.conflict.cancel' }),
  };
  const facts: [string, string][] = [
    [t('profile.username'), profile.username],
    [t('profile.email'), profile.email],
    [t('profile.role'), t(`profile.roles.${profile.roleId}`)],
    [t('profile.organization'), profile.organizationName || '—'],
  ];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-details-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'profile.save' });
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-details-title">
            {t('profile.details')}
          </Title>
          <Group gap="md" align="center" wrap="wrap">
            <Avatar
              src={values.photoURL || null}
              alt={t('profile.photoOf', { name: values.displayName || profile.displayName })}
              size={88}
              radius="xl"
              color="primary"
            >
              {initialsOf(values.displayName || profile.displayName)}
            </Avatar>
            <Stack gap={6}>
              <Group gap="xs">
                <FileButton
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  onChange={(file) => file && actor.send({ type: 'profile.photo.choose', file })}
                >
                  {(props) => (
                    <Button {...props} variant="default" size="sm" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={processing}>
                      {t('profile.uploadPhoto')}
                    </Button>
                  )}
                </FileButton>
                {values.photoURL && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="sm"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => actor.send({ type: 'profile.photo.remove' })}
                  >
                    {t('profile.removePhoto')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c={photoProblem || errors.photoURL ? 'red' : 'dimmed'} role={photoProblem ? 'alert' : undefined}>
                {photoProblem
                  ? t(`profile.photoProblem.${photoProblem}`)
                  : errors.photoURL
                    ? errorText(errors.photoURL, { label: t('profile.photo') })
                    : t('profile.photoHint')}
              </Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={nameLabel}
              required
              value={values.displayName}
              onChange={(e) => change({ displayName: e.currentTarget.value })}
              description={counter(values.displayName, PROFILE_RULES.displayName.max)}
              error={errorText(errors.displayName, { label: nameLabel, max: PROFILE_RULES.displayName.max })}
              autoComplete="name"
            />
            <TextInput
              label={t('profile.phone')}
              type="tel"
              // A format example; it also gives the field the line the name's counter takes, so both inputs line up.
              description={t('profile.phoneHint')}
              value={values.phoneNumber}
              onChange={(e) => change({ phoneNumber: e.currentTarget.value })}
              error={errorText(errors.phoneNumber, { label: t('profile.phone') })}
              autoComplete="tel"
            />
          </SimpleGrid>
          <Textarea
            label={aboutLabel}
            value={values.about}
            onChange={(e) => change({ about: e.currentTarget.value })}
            description={counter(values.about, PROFILE_RULES.about.max)}
            error={errorText(errors.about, { label: aboutLabel, max: PROFILE_RULES.about.max })}
            autosize
            minRows={3}
            maxRows={8}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" spacing="sm" m={0}>
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="sm" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {conflict && <FormConflict conflict={conflict} />}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || saving || conflict !== null}
              onClick={() => actor.send({ type: 'profile.reset' })}
            >
              {t('profile.reset')}
            </Button>
            <Button type="submit" loading={saving} disabled={processing || conflict !== null}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
