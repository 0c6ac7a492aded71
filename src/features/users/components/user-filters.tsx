import { memo } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { sameJson } from '@machines/shared/same-json';
import type { ListActorRef } from '@/components/data-list';
import { ACCOUNT_STATUSES, ROLE_IDS, type OrganizationOption, type UserRow } from '../api/types';
import { filterValues } from '@/lib/list-query';

/** The filters by value: every query change builds a new filters object, and a page change must not render the selects. */
const sameFilters = (a: Record<string, string | string[]>, b: Record<string, string | string[]>) => sameJson(a, b);

/** Organization (when the viewer sees several), role and status; every change goes to the list machine and the URL. */
// Memoised: its props are stable, so the list screen's URL, loading and answer renders skip its selects.
export const UserFilters = memo(function UserFilters({
  list,
  organizations,
}: {
  list: ListActorRef<UserRow>;
  organizations: OrganizationOption[] | null;
}) {
  const { t } = useTranslation();
  const filters = useSelector(list, (s) => s.context.query.filters, sameFilters);
  const change = (key: string, value: string | string[]) =>
    list.send({ type: 'list.query.change', query: { filters: { ...filters, [key]: value } } });
  const orgValue = filterValues(filters['organizationId'])[0] ?? null;
  return (
    <>
      {organizations && (
        <Select
          label={t('users.filters.organization')}
          placeholder={t('data-list.all')}
          data={organizations.map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))}
          value={orgValue}
          onChange={(v) => change('organizationId', v ?? '')}
          searchable
          clearable
          limit={50}
          nothingFoundMessage={t('users.filters.noOrganization')}
          w={{ base: '100%', sm: 240 }}
        />
      )}
      <MultiSelect
        label={t('users.filters.role')}
        placeholder={filterValues(filters['role']).length ? undefined : t('data-list.all')}
        data={ROLE_IDS.map((r) => ({ value: String(r), label: t(`users.roles.${r}`) }))}
        value={filterValues(filters['role'])}
        onChange={(v) => change('role', v)}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <MultiSelect
        label={t('users.filters.status')}
        placeholder={filterValues(filters['status']).length ? undefined : t('data-list.all')}
        data={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
        value={filterValues(filters['status'])}
        onChange={(v) => change('status', v)}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
    </>
  );
});
