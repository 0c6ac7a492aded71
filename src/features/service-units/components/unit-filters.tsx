import { memo } from 'react';
import { MultiSelect } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActorRef } from '@/components/data-list';
import type { UnitRow } from '../api/types';
import { OPERATING_SYSTEMS, UNIT_STATUSES } from '../hooks/use-service-units';
import { filterValues } from '@/lib/list-query';

/** Status, OS and tag filters; every change goes to the list machine (and so to the URL). */
// Memoised: its props are stable, so the list screen's URL, loading and answer renders skip its selects.
export const UnitFilters = memo(function UnitFilters({ list, tags }: { list: ListActorRef<UnitRow>; tags: string[] }) {
  const { t } = useTranslation();
  const filters = useSelector(list, (s) => s.context.query.filters);
  const change = (key: string, values: string[]) =>
    list.send({ type: 'list.query.change', query: { filters: { ...filters, [key]: values } } });
  const tagOptions = [...new Set([...tags, ...filterValues(filters['tag'])])];
  return (
    <>
      <MultiSelect
        label={t('service-units.filters.status')}
        placeholder={filterValues(filters['status']).length ? undefined : t('data-list.all')}
        data={UNIT_STATUSES.map((s) => ({ value: s, label: t(`service-units.status.${s}`) }))}
        value={filterValues(filters['status'])}
        onChange={(v) => change('status', v)}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <MultiSelect
        label={t('service-units.filters.os')}
        placeholder={filterValues(filters['os']).length ? undefined : t('data-list.all')}
        data={OPERATING_SYSTEMS.map((os) => ({ value: os, label: t(`service-units.os.${os}`) }))}
        value={filterValues(filters['os'])}
        onChange={(v) => change('os', v)}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <MultiSelect
        label={t('service-units.filters.tag')}
        placeholder={filterValues(filters['tag']).length ? undefined : t('data-list.all')}
        data={tagOptions}
        value={filterValues(filters['tag'])}
        onChange={(v) => change('tag', v)}
        searchable
        clearable
        nothingFoundMessage={t('service-units.filters.noTags')}
        w={{ base: '100%', sm: 220 }}
      />
    </>
  );
});
