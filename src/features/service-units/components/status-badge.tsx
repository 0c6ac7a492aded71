import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitStatus } from '@machines/domain/types';

const COLOR: Record<UnitStatus, string> = { online: 'teal', offline: 'gray', maintenance: 'orange' };

export function StatusBadge({ status }: { status: UnitStatus }) {
  const { t } = useTranslation();
  return <StatusBadgeLabel status={status} label={t(`service-units.status.${status}`)} />;
}

/** The badge with its words given: for table cells, which know the language without a translation hook per cell. */
export function StatusBadgeLabel({ status, label, size }: { status: UnitStatus; label: string; size?: 'sm' | 'md' }) {
  return (
    <Badge color={COLOR[status]} variant={status === 'offline' ? 'outline' : 'light'} radius="sm" size={size}>
      {label}
    </Badge>
  );
}
