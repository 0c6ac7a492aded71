import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Skeleton, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResourceStatus } from '@machines/resource/resource.machine';

/** A titled dashboard card with its own loading skeleton, error and Retry. */
export function CardFrame({
  title,
  status,
  hasData,
  onRetry,
  action,
  children,
}: {
  title: string;
  status: ResourceStatus;
  hasData: boolean;
  onRetry: () => void;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={title} aria-busy={status === 'loading'}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('dashboard.cardError')} role="alert" mb={hasData ? 'sm' : 0}>
          <Button size="xs" color="red" variant="outline" onClick={onRetry} aria-label={t('dashboard.retryCard', { label: title })}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {hasData ? children : status === 'loading' && <Skeleton height={160} radius="sm" aria-hidden />}
    </Card>
  );
}
