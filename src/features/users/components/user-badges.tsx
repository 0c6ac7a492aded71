import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountStatus } from '../api/types';

export const STATUS_COLORS: Record<AccountStatus, string> = { active: 'teal', invited: 'blue', disabled: 'gray' };

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`users.status.${status}`)}
    </Badge>
  );
}
