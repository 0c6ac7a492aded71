import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The empty state of a screen whose feature has not landed yet. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  return (
    <Center mih={320}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconHourglassEmpty size={36} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('common.emptyTitle')}
        </Title>
        <Text c="dimmed">{t('common.emptyText')}</Text>
      </Stack>
    </Center>
  );
}
