import { useMemo } from 'react';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizationOption } from '@machines/prediction/prediction-report.machine';
import type { ReportQuery } from '@machines/prediction/report-query';
import { RISK_BANDS, type RiskBand } from '@machines/prediction/types';
import { UnitPicker, type UnitPickerText, type UnitSource } from '@/components/unit-picker';
import { getReportUnit, searchReportUnits } from '../api/search-report-units';

const isBand = (value: string | null): value is RiskBand => value !== null && (RISK_BANDS as readonly string[]).includes(value);

/** Organization, unit and band; every choice is a query change (and so a URL change). */
export function ReportFilters({
  query,
  organizations,
  onChange,
}: {
  query: ReportQuery;
  organizations: OrganizationOption[];
  onChange: (change: Partial<ReportQuery>) => void;
}) {
  const { t } = useTranslation();
  const organizationData = useMemo(() => organizations.map((o) => ({ value: o.id, label: o.name })), [organizations]);
  const source: UnitSource = useMemo(
    () => ({
      search: (search, signal) => searchReportUnits(search, query.organizationId, signal),
      fetchOne: (id, signal) => getReportUnit(id, signal),
    }),
    [query.organizationId],
  );
  const unitText: UnitPickerText = useMemo(
    () => ({
      label: t('reports.filters.unit'),
      placeholder: t('reports.filters.anyUnit'),
      nothingFound: t('reports.filters.noUnits'),
      notFound: t('reports.filters.unitNotFound'),
      loadFailed: t('reports.filters.unitsFailed'),
      status: (status) => t(`reports.unitStatus.${status}`),
    }),
    [t],
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {organizations.length > 0 && (
        <Select
          label={t('reports.filters.organization')}
          placeholder={t('reports.filters.allOrganizations')}
          data={organizationData}
          value={query.organizationId || null}
          onChange={(id) => onChange({ organizationId: id ?? '', unitId: '' })}
          searchable
          clearable
          limit={100}
          nothingFoundMessage={t('reports.filters.noOrganizations')}
          w={{ base: '100%', xs: 240 }}
        />
      )}
      {/* A new organization gives the unit search a new scope: the key starts a fresh picker. */}
      <UnitPicker
        key={query.organizationId}
        value={query.unitId || null}
        onChange={(id) => onChange({ unitId: id ?? '' })}
        text={unitText}
        source={source}
        clearable
        w={{ base: '100%', xs: 280 }}
      />
      <Select
        label={t('reports.filters.band')}
        placeholder={t('reports.filters.allBands')}
        data={RISK_BANDS.map((band) => ({ value: band, label: t(`reports.band.${band}`) }))}
        value={query.band || null}
        onChange={(band) => onChange({ band: isBand(band) ? band : '' })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
}
