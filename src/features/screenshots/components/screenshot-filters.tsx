import { Button, Group, Input, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconCamera } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { UnitPicker } from '@/components/unit-picker';
import type { captureMachine, screenshotsListMachine } from '../hooks/use-screenshots';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** Unit, date range, flag and order filters, and "Capture now" for the chosen unit. */
export function ScreenshotFilters({
  list,
  capture,
}: {
  list: ActorRefFrom<typeof screenshotsListMachine>;
  capture: ActorRefFrom<typeof captureMachine>;
}) {
  const { t, i18n } = useTranslation();
  const filters = useSelector(list, (s) => s.context.query.filters);
  const direction = useSelector(list, (s) => s.context.query.sort?.direction ?? 'desc');
  const capturing = useSelector(capture, (s) => s.hasTag('pending'));
  const unit = one(filters['unit']);
  const from = one(filters['from']);
  const to = one(filters['to']);
  const flagged = one(filters['flagged']) ?? 'all';
  const setFilters = (patch: Record<string, string | null>) => {
    const merged: Record<string, string | string[] | null> = { ...filters, ...patch };
    const next = Object.fromEntries(
      Object.entries(merged).filter((entry): entry is [string, string | string[]] => entry[1] !== null && entry[1] !== ''),
    );
    list.send({ type: 'list.query.change', query: { filters: next } });
  };
  const toDay = (value: string | Date | null) => (value ? dayjs(value).format('YYYY-MM-DD') : null);

  return (
    <Group align="flex-end" gap="md" wrap="wrap" justify="space-between">
      <Group align="flex-end" gap="md" wrap="wrap">
        <UnitPicker
          value={unit}
          onChange={(id) => setFilters({ unit: id })}
          clearable
          // Full width on a phone, like the other stacked fields; fixed widths side by side from xs.
          w={{ base: '100%', xs: 280 }}
          text={{
            label: t('screenshots.unit'),
            placeholder: t('screenshots.allUnits'),
            nothingFound: t('screenshots.noUnitsFound'),
            notFound: t('screenshots.unitNotFound'),
            loadFailed: t('screenshots.unitsLoadFailed'),
            status: (status) => t(`screenshots.status.${status}`),
          }}
        />
        <DatePickerInput
          type="range"
          label={t('screenshots.dateRange')}
          placeholder={t('screenshots.anyDate')}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={[from, to]}
          onChange={([start, end]) => {
            // Apply once the range is complete, or when it is cleared.
            if ((start && end) || (!start && !end)) setFilters({ from: toDay(start), to: toDay(end) });
          }}
          clearable
          allowSingleDateInRange
          maxDate={new Date()}
          locale={i18n.language}
          valueFormat="ll"
          w={{ base: '100%', xs: 260 }}
          clearButtonProps={{ 'aria-label': t('screenshots.clearDates') }}
        />
        <Stack gap={4}>
          {/* The same label look as the fields beside it (a plain Text was lighter than their labels). */}
          <Input.Label id="flag-filter-label">{t('screenshots.flagFilter')}</Input.Label>
          <SegmentedControl
            aria-labelledby="flag-filter-label"
            value={flagged}
            onChange={(value) => setFilters({ flagged: value === 'all' ? null : value })}
            data={[
              { value: 'all', label: t('screenshots.flagAll') },
              { value: 'true', label: t('screenshots.flagOnly') },
              { value: 'false', label: t('screenshots.flagNone') },
            ]}
          />
        </Stack>
        <Select
          label={t('screenshots.order')}
          value={direction}
          allowDeselect={false}
          onChange={(value) =>
            list.send({ type: 'list.query.change', query: { sort: { column: 'capturedAt', direction: value === 'asc' ? 'asc' : 'desc' } } })
          }
          data={[
            { value: 'desc', label: t('screenshots.newestFirst') },
            { value: 'asc', label: t('screenshots.oldestFirst') },
          ]}
          // 230 px: "Mais recentes primeiro" / "Plus anciennes d’abord" whole (170 cut them to "Mais recentes pri").
          w={{ base: '100%', xs: 230 }}
        />
      </Group>
      {/* Left-aligned: when the filters take the whole row, the button starts under them, not indented by its hint. */}
      <Stack gap={2} align="flex-start">
        <Button
          leftSection={<IconCamera size={16} aria-hidden />}
          disabled={!unit}
          loading={capturing}
          onClick={() => unit && capture.send({ type: 'capture.request', unitId: unit })}
        >
          {t('screenshots.captureNow')}
        </Button>
        {!unit && (
          <Text size="xs" c="dimmed">
            {t('screenshots.captureHint')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
