import { memo, useState } from 'react';
import { Box, Button, Card, Center, Group, Loader, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ScreenshotItem } from './api/types';
import { BulkActionBar, ConfirmModal, ListEmpty, ListError, listSelectors, NewRowsBar, useFirstRowsDeferred } from '@/components/data-list';
import { ScreenshotCard } from './components/screenshot-card';
import { ScreenshotFilters } from './components/screenshot-filters';
import { ScreenshotLightbox } from './components/screenshot-lightbox';
import {
  SCREENSHOT_PAGE_SIZES,
  type screenshotsListMachine,
  type viewerMachine,
  useErrorText,
  useScreenshots,
} from './hooks/use-screenshots';

export default function ScreenshotsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { list, viewer, capture } = useScreenshots();
  const items = useSelector(list, (s) => s.context.items);
  // The first page's tiles (a card, picture, checkbox and menu each) render off the screen's load.
  const { rows: tiles } = useFirstRowsDeferred(items);
  const total = useSelector(list, (s) => s.context.total);
  const query = useSelector(list, (s) => s.context.query);
  const selected = useSelector(list, (s) => s.context.selected);
  const isFailed = useSelector(list, listSelectors.isFailed);
  const isEmpty = useSelector(list, listSelectors.isEmpty);
  const isFirstLoad = useSelector(list, listSelectors.isFirstLoad);
  const isBusy = useSelector(list, listSelectors.isBusy);
  const error = useSelector(list, (s) => s.context.error);
  const pendingCapture = useSelector(capture, (s) => (s.hasTag('pending') ? s.context.unitId : null));
  // Only whether the confirmation is open lives here; the deletion itself runs in the list machine.
  const [confirmBulk, setConfirmBulk] = useState(false);
  const filtered = Object.keys(query.filters).length > 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <ScreenshotFilters list={list} capture={capture} />
      </Paper>
      <BulkActionBar count={selected.length} onClear={() => list.send({ type: 'list.select.clear' })} busy={isBusy}>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmBulk(true)}>
          {t('screenshots.deleteSelected')}
        </Button>
      </BulkActionBar>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {isFirstLoad ? t('common.loading') : t('screenshots.count', { count: total })}
        </Text>
        <Group gap="xs">
          {items.length > 0 && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => list.send({ type: selected.length === items.length ? 'list.select.clear' : 'list.select.all' })}
            >
              {selected.length === items.length ? t('screenshots.selectNone') : t('screenshots.selectPage')}
            </Button>
          )}
          {isBusy && !isFirstLoad && <Loader size="xs" aria-label={t('common.loading')} />}
        </Group>
      </Group>
      <ScreenshotsNewBar list={list} />
      {/* The list machine keeps new captures behind the bar while the pointer is over the tiles (none moves under it). */}
      <Box
        onPointerEnter={() => list.send({ type: 'list.pointer.enter' })}
        onPointerLeave={() => list.send({ type: 'list.pointer.leave' })}
      >
        {isFailed ? (
          <ListError onRetry={() => list.send({ type: 'list.retry' })} message={errorText(error)} />
        ) : isEmpty && !pendingCapture ? (
          <ListEmpty
            filtered={filtered}
            onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {} } })}
            title={t('screenshots.emptyTitle')}
            text={t('screenshots.emptyText')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" aria-busy={isBusy}>
            {pendingCapture && (
              <Card withBorder padding="xs" radius="md" role="status" aria-label={t('screenshots.capturing')}>
                <Card.Section>
                  <Skeleton height={160} radius={0} />
                </Card.Section>
                <Group gap="xs" mt="xs">
                  <Loader size="xs" aria-hidden />
                  <Text size="sm">{t('screenshots.capturing')}</Text>
                </Group>
              </Card>
            )}
            {isFirstLoad ? (
              Array.from({ length: 8 }, (_, i) => <Skeleton key={i} height={220} radius="md" aria-hidden />)
            ) : (
              <ScreenshotTiles tiles={tiles} selected={selected} list={list} viewer={viewer} />
            )}
          </SimpleGrid>
        )}
      </Box>
      {total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Select
            label={t('screenshots.pageSize')}
            value={String(query.pageSize)}
            allowDeselect={false}
            data={SCREENSHOT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(value) => list.send({ type: 'list.query.change', query: { pageSize: Number(value) } })}
            w={110}
          />
          <Center>
            <Pagination
              total={pages}
              value={Math.min(query.page, pages)}
              onChange={(page) => list.send({ type: 'list.query.change', query: { page } })}
              withEdges
              getControlProps={(control) => ({ 'aria-label': t(`data-list.pagination.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('data-list.pagination.page', { page }) })}
            />
          </Center>
        </Group>
      )}
      <ScreenshotLightbox
        viewer={viewer}
        offset={(query.page - 1) * query.pageSize}
        total={total}
        onTurnPage={(direction) => list.send({ type: 'list.query.change', query: { page: query.page + (direction === 'next' ? 1 : -1) } })}
      />
      <ConfirmModal
        opened={confirmBulk}
        title={t('screenshots.bulkDeleteTitle', { count: selected.length })}
        confirmLabel={t('common.delete')}
        danger
        busy={isBusy}
        onConfirm={() => {
          setConfirmBulk(false);
          list.send({ type: 'list.bulk', action: 'delete' });
        }}
        onCancel={() => setConfirmBulk(false)}
      >
        {t('screenshots.bulkDeleteText')}
      </ConfirmModal>
    </Stack>
  );
}

/** "3 new screenshots — Show": captures that wait off this page or order, under a filter, or behind the pointer; Show opens page 1, newest first. */
/** Memoised: while a new page renders in the background, the urgent render skips the tiles still shown. */
const ScreenshotTiles = memo(function ScreenshotTiles({
  tiles,
  selected,
  list,
  viewer,
}: {
  tiles: readonly ScreenshotItem[];
  selected: readonly string[];
  list: ActorRefFrom<typeof screenshotsListMachine>;
  viewer: ActorRefFrom<typeof viewerMachine>;
}) {
  return tiles.map((shot) => (
    <ScreenshotCard
      key={shot.id}
      shot={shot}
      selected={selected.includes(shot.id)}
      onToggle={() => list.send({ type: 'list.select', id: shot.id })}
      onOpen={() => {
        // The viewer counts in the list machine's page, which a tile shown a frame behind may no longer match.
        const index = list.getSnapshot().context.items.findIndex((item) => item.id === shot.id);
        if (index >= 0) viewer.send({ type: 'viewer.open', index });
      }}
    />
  ));
});

function ScreenshotsNewBar({ list }: { list: ActorRefFrom<typeof screenshotsListMachine> }) {
  const { t } = useTranslation();
  const count = useSelector(list, (s) => s.context.newCount);
  return (
    <NewRowsBar
      count={count}
      label={t('screenshots.newScreenshots', { count })}
      showLabel={t('live.showNew')}
      onShow={() => list.send({ type: 'list.live.show' })}
    />
  );
}
