import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitStatus } from '@machines/domain/types';

const COLOR: Record<UnitStatus, string> = { online: 'teal', offline: 'gray', maintenance: 'orange' };

/** The badge's look for a status (the table draws it with `useBadgeLook`, the same look without a Badge per cell). */
export function statusBadgeLook(status: UnitStatus, size?: 'sm' | 'md') {
  return { color: COLOR[status], variant: status === 'offline' ? 'outline' : 'light', radius: 'sm', size } as const;
}

export function StatusBadge({ status }: { status: UnitStatus }) {
  const { t } = useTranslation();
  return <StatusBadgeLabel status={status} label={t(`service-units.status.${status}`)} />;
}

/** The badge with its words given: for table cells, which know the language without a translation hook per cell. */
export function StatusBadgeLabel({ status, label, size }: { status: UnitStatus; label: string; size?: 'sm' | 'md' }) {
  return <Badge {...statusBadgeLook(status, size)}>{label}</Badge>;
}
