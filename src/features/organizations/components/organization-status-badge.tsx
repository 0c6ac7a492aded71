import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizationStatus } from '../api/types';

const COLORS: Record<OrganizationStatus, string> = { active: 'teal', suspended: 'orange', archived: 'gray' };

export function OrganizationStatusBadge({ status }: { status: OrganizationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`organizations.status.${status}`)}
    </Badge>
  );
}
