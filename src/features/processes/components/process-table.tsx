import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconPlayerStop, IconSearch } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { UnitProcess } from '@machines/domain/types';
import type { ProcessSortColumn } from '@machines/processes/process-monitor.machine';
import { useMemo } from 'react';
import { ConfirmModal, ListCards, RelativeTime, SETTLED_TABLE_VARS, usePhoneLayout, type CardLayout } from '@/components/data-list';
import { ApiError } from '@/lib/api-client';
import { processSelectors, useErrorText, type processMonitorWithApi } from '../hooks/use-process-monitor';
import { formatMemory, formatPercent } from './format';

type MonitorRef = ActorRefFrom<typeof processMonitorWithApi>;

export function ProcessTable({ actor }: { actor: MonitorRef }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const rows = useSelector(actor, processSelectors.rows);
  const totals = useSelector(actor, processSelectors.totals);
  const sort = useSelector(actor, processSelectors.sort);
  const search = useSelector(actor, processSelectors.search);
  const isFirstLoad = useSelector(actor, processSelectors.isFirstLoad);
  const hasData = useSelector(actor, processSelectors.hasData);
  const isFailing = useSelector(actor, processSelectors.isFailing);
  const isStalled = useSelector(actor, processSelectors.isStalled);
  const error = useSelector(actor, processSelectors.error);
  const target = useSelector(actor, processSelectors.target);
  const confirmingEnd = useSelector(actor, processSelectors.isConfirmingEnd);
  const confirmingBlock = useSelector(actor, processSelectors.isConfirmingBlock);
  const acting = useSelector(actor, processSelectors.isActing);
  const canAct = useSelector(actor, (s) => s.matches({ action: 'idle' }));
  const pendingEnds = useSelector(actor, processSelectors.ending);
  const ending = useMemo(() => new Set(pendingEnds.map((e) => e.process.id)), [pendingEnds]);

  const sortStatus: DataTableSortStatus<UnitProcess> = { columnAccessor: sort.column, direction: sort.direction };
  const phone = usePhoneLayout();
  const language = i18n.language;
  // A phone's card: the name, PID and user, CPU, memory and start; ending and blocking in the menu.
  const cards = useMemo<CardLayout<UnitProcess>>(
    () => ({
      primary: (p) => (ending.has(p.id) ? `${p.name} · ${t('processes.ending')}` : p.name),
      // Two lines a card (the start time stays in the table): four processes on a phone's first screen under the monitor.
      secondary: (p) => (
        <Text span fz="xs">
          {`${t('processes.columns.pid')} ${p.pid} · ${p.user} · ${t('processes.columns.cpu')} ${formatPercent(p.cpuPercent, language)} · ${formatMemory(p.memoryMb, language)}`}
        </Text>
      ),
      actionsLabel: (p) => t('data-list.rowActions', { name: `${p.name} (${t('processes.columns.pid')} ${p.pid})` }),
      actions: (p) => [
        {
          key: 'end',
          label: t('processes.endProcess'),
          color: 'danger',
          disabled: !canAct || ending.has(p.id),
          icon: <IconPlayerStop size={16} aria-hidden />,
          onClick: () => actor.send({ type: 'process.end', process: p }),
        },
        {
          key: 'block',
          label: t('processes.blockExecutable'),
          disabled: !canAct,
          icon: <IconBan size={16} aria-hidden />,
          onClick: () => actor.send({ type: 'process.block', process: p }),
        },
      ],
      stamp: (p) => `${canAct ? '1' : '0'}${ending.has(p.id) ? 'e' : ''}`,
    }),
    [t, language, canAct, actor, ending],
  );
  const noRecordsText = hasData
    ? search
      ? t('processes.noMatch')
      : t('processes.noProcesses')
    : isFailing
      ? t('processes.pollFailed')
      : t('common.loading');

  return (
    <Stack gap="sm">
      {isFailing && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('processes.pollFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {error instanceof ApiError && error.status === 404
                ? t('processes.unitNotFound')
                : `${errorText(error)} ${isStalled ? t('processes.stalledHint') : t('processes.retryingHint')}`}
            </Text>
            <Button size="xs" color="red" variant="outline" onClick={() => actor.send({ type: 'process.retry' })}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('processes.search')}
          placeholder={t('processes.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => actor.send({ type: 'process.search', search: e.currentTarget.value })}
          w={280}
        />
        {phone ? (
          // One line on a phone: three boxes took a line of their own above the first process.
          <Text size="xs" c="dimmed" role="group" aria-label={t('processes.totals')}>
            {t('processes.totalProcesses')}:{' '}
            <Text span inherit fw={700} c="var(--mantine-color-text)" data-testid="total-count">
              {hasData ? totals.count : '—'}
            </Text>
            {' · '}
            {t('processes.totalCpu')}:{' '}
            <Text span inherit fw={700} c="var(--mantine-color-text)" data-testid="total-cpu">
              {hasData ? formatPercent(totals.cpuPercent, i18n.language) : '—'}
            </Text>
            {' · '}
            {t('processes.totalMemory')}:{' '}
            <Text span inherit fw={700} c="var(--mantine-color-text)" data-testid="total-memory">
              {hasData ? formatMemory(totals.memoryMb, i18n.language) : '—'}
            </Text>
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing="xs" aria-label={t('processes.totals')} role="group">
            <Paper withBorder px="sm" py={6}>
              <Text size="xs" c="dimmed">
                {t('processes.totalProcesses')}
              </Text>
              <Text fw={700} data-testid="total-count">
                {hasData ? totals.count : '—'}
              </Text>
            </Paper>
            <Paper withBorder px="sm" py={6}>
              <Text size="xs" c="dimmed">
                {t('processes.totalCpu')}
              </Text>
              <Text fw={700} data-testid="total-cpu">
                {hasData ? formatPercent(totals.cpuPercent, i18n.language) : '—'}
              </Text>
            </Paper>
            <Paper withBorder px="sm" py={6}>
              <Text size="xs" c="dimmed">
                {t('processes.totalMemory')}
              </Text>
              <Text fw={700} data-testid="total-memory">
                {hasData ? formatMemory(totals.memoryMb, i18n.language) : '—'}
              </Text>
            </Paper>
          </SimpleGrid>
        )}
      </Group>
      {phone ? (
        <ListCards records={rows} layout={cards} label={t('processes.tabProcesses')} fetching={isFirstLoad} noRecordsText={noRecordsText} />
      ) : (
        <DataTable<UnitProcess>
          style={SETTLED_TABLE_VARS}
          withTableBorder
          borderRadius="md"
          // Rows of one line: tighter than the lists' default, so 8 processes show at 1280×800 under the monitor.
          verticalSpacing={4}
          striped
          highlightOnHover
          minHeight={rows.length === 0 ? 220 : undefined}
          records={rows}
          idAccessor="id"
          fetching={isFirstLoad}
          noRecordsText={noRecordsText}
          sortStatus={sortStatus}
          onSortStatusChange={(status) =>
            actor.send({ type: 'process.sort', sort: { column: status.columnAccessor as ProcessSortColumn, direction: status.direction } })
          }
          columns={[
            {
              accessor: 'name',
              title: t('processes.columns.name'),
              sortable: true,
              render: (p) => (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {p.name}
                  </Text>
                  {ending.has(p.id) && (
                    // The agent has the command; the row leaves when it reports the process ended.
                    <Badge variant="light" color="orange" size="sm" leftSection={<Loader size={10} color="orange" aria-hidden />}>
                      {t('processes.ending')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { accessor: 'pid', title: t('processes.columns.pid'), sortable: true, textAlign: 'right' },
            { accessor: 'user', title: t('processes.columns.user'), sortable: true },
            {
              accessor: 'cpuPercent',
              title: t('processes.columns.cpu'),
              sortable: true,
              textAlign: 'right',
              render: (p) => formatPercent(p.cpuPercent, i18n.language),
            },
            {
              accessor: 'memoryMb',
              title: t('processes.columns.memory'),
              sortable: true,
              textAlign: 'right',
              render: (p) => formatMemory(p.memoryMb, i18n.language),
            },
            {
              accessor: 'startedAt',
              title: t('processes.columns.started'),
              sortable: true,
              render: (p) => <RelativeTime value={p.startedAt} />,
            },
            {
              accessor: 'actions',
              title: t('processes.columns.actions'),
              textAlign: 'right',
              render: (p) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('processes.endProcess')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('processes.endProcessOf', { name: p.name, pid: p.pid })}
                      disabled={!canAct || ending.has(p.id)}
                      onClick={() => actor.send({ type: 'process.end', process: p })}
                    >
                      <IconPlayerStop size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('processes.blockExecutable')}>
                    <ActionIcon
                      variant="subtle"
                      color="orange"
                      aria-label={t('processes.blockExecutableOf', { name: p.name })}
                      disabled={!canAct}
                      onClick={() => actor.send({ type: 'process.block', process: p })}
                    >
                      <IconBan size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
      )}
      <ConfirmModal
        opened={confirmingEnd}
        title={t('processes.confirmEndTitle', { name: target?.name ?? '' })}
        confirmLabel={t('processes.endProcess')}
        danger
        busy={acting}
        onConfirm={() => actor.send({ type: 'process.action.confirm' })}
        onCancel={() => actor.send({ type: 'process.action.cancel' })}
      >
        {t('processes.confirmEndText', { name: target?.name ?? '', pid: target?.pid ?? '' })}
      </ConfirmModal>
      <ConfirmModal
        opened={confirmingBlock}
        title={t('processes.confirmBlockTitle', { name: target?.name ?? '' })}
        confirmLabel={t('processes.blockExecutable')}
        danger
        busy={acting}
        onConfirm={() => actor.send({ type: 'process.action.confirm' })}
        onCancel={() => actor.send({ type: 'process.action.cancel' })}
      >
        {t('processes.confirmBlockText', { name: target?.name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
