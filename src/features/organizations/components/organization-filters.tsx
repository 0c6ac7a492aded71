import { memo } from 'react';
import { MultiSelect } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef } from '@/components/data-list';
import { ORGANIZATION_STATUSES, type OrganizationRow } from '../api/types';
import { filterValues } from '@/lib/list-query';

/** The status filter; every change goes to the list machine (and so to the URL). */
// Memoised: its props are stable, so the list screen's URL, loading and answer renders skip its selects.
export const OrganizationFilters = memo(function OrganizationFilters({ list }: { list: ListActorRef<OrganizationRow> }) {
  const { t } = useTranslation();
  const filters = useSelector(list, (s) => s.context.query.filters);
  return (
    <MultiSelect
      label={t('organizations.filters.status')}
      placeholder={filterValues(filters['status']).length ? undefined : t('data-list.all')}
      data={ORGANIZATION_STATUSES.map((s) => ({ value: s, label: t(`organizations.status.${s}`) }))}
      value={filterValues(filters['status'])}
      onChange={(v) => list.send({ type: 'list.query.change', query: { filters: { ...filters, status: v } } })}
      clearable
      w={{ base: '100%', sm: 240 }}
    />
  );
});
