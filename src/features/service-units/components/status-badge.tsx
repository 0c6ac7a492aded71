import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitStatus } from '@machines/domain/types';

const COLOR: Record<UnitStatus, string> = { online: 'teal', offline: 'gray', maintenance: 'orange' };

export function StatusBadge({ status }: { status: UnitStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant={status === 'offline' ? 'outline' : 'light'} radius="sm">
      {t(`service-units.status.${status}`)}
    </Badge>
  );
}
