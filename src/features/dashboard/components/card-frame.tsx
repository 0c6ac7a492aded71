import { useId, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Skeleton, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where one dashboard card's request is: each card loads, fails and retries on its own. */
export type CardStatus = 'loading' | 'failed' | 'loaded';

/**
 * A titled dashboard card (a region named by its title) with its own loading skeleton, error and Retry,
 * used by the cards of both dashboards. `hasData` shows the content; while loading without data the card
 * shows `skeleton` (a plain block by default). A failed card keeps any data it had below its error.
 */
export function CardFrame({
  title,
  status,
  hasData,
  onRetry,
  action,
  skeleton,
  children,
}: {
  title: string;
  status: CardStatus;
  hasData: boolean;
  onRetry: () => void;
  action?: ReactNode;
  skeleton?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card withBorder padding="md" h="100%" component="section" aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      {status === 'failed' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('dashboard.cardError')}
          role="alert"
          mb={hasData ? 'sm' : 0}
        >
          <Button size="xs" color="red" variant="outline" onClick={onRetry} aria-label={t('dashboard.retryCard', { label: title })}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {hasData ? children : status === 'loading' && (skeleton ?? <Skeleton height={160} radius="sm" aria-hidden />)}
    </Card>
  );
}
