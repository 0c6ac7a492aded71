import { Alert, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A list that could not load: what happened and a Retry. */
export function ListError({ onRetry, message }: { onRetry: () => void; message?: string | null }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('data-list.errorTitle')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message || t('data-list.errorText')}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * An empty list. With filters or a search active it says "no results" and offers to clear them;
 * otherwise it says there is nothing yet (and shows the screen's create action, if any).
 */
export function ListEmpty({
  filtered,
  onClearFilters,
  title,
  text,
  action,
}: {
  filtered: boolean;
  onClearFilters?: () => void;
  title?: string;
  text?: string;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center mih={220} role="status">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {filtered ? <IconFilterOff size={30} /> : <IconInbox size={30} />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {filtered ? t('data-list.noResultsTitle') : (title ?? t('data-list.emptyTitle'))}
        </Title>
        <Text c="dimmed" size="sm">
          {filtered ? t('data-list.noResultsText') : (text ?? t('data-list.emptyText'))}
        </Text>
        {filtered && onClearFilters ? (
          <Button variant="light" onClick={onClearFilters}>
            {t('data-list.clearFilters')}
          </Button>
        ) : (
          action
        )}
      </Stack>
    </Center>
  );
}
