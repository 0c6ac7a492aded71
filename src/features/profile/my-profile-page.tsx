import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '@/lib/session';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** The signed-in user's account, read from the session. */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) {
    return (
      <Card withBorder padding="xl" role="status">
        <Group gap="sm">
          <IconUserOff size={24} aria-hidden />
          <Text>{t('profile.notSignedIn')}</Text>
        </Group>
      </Card>
    );
  }
  const fields: [string, string][] = [
    [t('profile.name'), user.displayName],
    [t('profile.email'), user.email],
    [t('profile.role'), user.userRole],
  ];
  return (
    <Card withBorder padding="xl" maw={720}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.photoURL || null} alt={user.displayName} size={72} radius="xl" color="primary">
            {initialsOf(user.displayName)}
          </Avatar>
          <div>
            <Title order={2} size="h3">
              {user.displayName}
            </Title>
            {user.status ? (
              <Badge variant="light" color="success" mt={4} aria-label={`${t('profile.status')}: ${user.status}`}>
                {user.status}
              </Badge>
            ) : null}
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" spacing="md" m={0}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value || '—'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <div>
          <Text size="sm" c="dimmed">
            {t('profile.about')}
          </Text>
          <Text>{user.about || t('profile.noAbout')}</Text>
        </div>
      </Stack>
    </Card>
  );
}
