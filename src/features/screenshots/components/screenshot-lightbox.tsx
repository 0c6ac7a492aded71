import { Alert, Badge, Button, Flex, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { ConfirmModal } from '@/components/data-list';
import { useErrorText, type viewerMachine } from '../hooks/use-screenshots';
import { textLength } from '@/lib/text-rules';
import { ScreenshotPicture } from './screenshot-picture';

dayjs.extend(localizedFormat);

/** The lightbox: the screenshot large, previous/next (buttons and arrow keys), flag with a note, delete. */
export function ScreenshotLightbox({
  viewer,
  offset,
  total,
  onTurnPage,
}: {
  viewer: ActorRefFrom<typeof viewerMachine>;
  /** Screenshots before this page, and in all pages: the lightbox walks on across pages. */
  offset: number;
  total: number;
  onTurnPage: (direction: 'next' | 'prev') => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const open = useSelector(viewer, (s) => s.hasTag('open'));
  const shot = useSelector(viewer, (s) => s.context.items[s.context.index]);
  const position = useSelector(
    viewer,
    (s) => ({ index: s.context.index, count: s.context.items.length }),
    (a, b) => a.index === b.index && a.count === b.count,
  );
  const draft = useSelector(viewer, (s) => s.context.draft);
  const error = useSelector(viewer, (s) => s.context.error);
  const busy = useSelector(viewer, (s) => s.hasTag('busy'));
  const stepPrev = useSelector(viewer, (s) => s.can({ type: 'viewer.prev' }));
  const stepNext = useSelector(viewer, (s) => s.can({ type: 'viewer.next' }));
  const browsing = useSelector(viewer, (s) => s.matches({ open: 'browsing' }));
  const overall = offset + position.index;
  const canPrev = stepPrev || (browsing && overall > 0);
  const canNext = stepNext || (browsing && overall < total - 1);
  const prev = () => {
    if (stepPrev) viewer.send({ type: 'viewer.prev' });
    else if (canPrev) {
      viewer.send({ type: 'viewer.page.prev' });
      onTurnPage('prev');
    }
  };
  const next = () => {
    if (stepNext) viewer.send({ type: 'viewer.next' });
    else if (canNext) {
      viewer.send({ type: 'viewer.page.next' });
      onTurnPage('next');
    }
  };
  const confirmingDelete = useSelector(viewer, (s) => s.matches({ open: 'confirmingDelete' }) || s.matches({ open: 'deleting' }));
  const dirty = shot !== undefined && (draft.flagged !== shot.flagged || draft.note !== (shot.note ?? ''));
  const time = shot ? dayjs(shot.capturedAt).locale(i18n.language).format('LLL') : '';

  return (
    <>
      <Modal
        opened={open && !confirmingDelete}
        onClose={() => viewer.send({ type: 'viewer.close' })}
        size={1200}
        centered
        title={shot ? `${shot.unitName} · ${time}` : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {shot && (
          // Side by side from md up: the picture on the left (as tall as the window allows), the details and
          // Save/Delete beside it, so every action is in view at 1280×800. Stacked on phones, with the actions
          // in a bar that sticks to the bottom of the dialog.
          <Flex
            direction={{ base: 'column', md: 'row' }}
            gap="md"
            align={{ base: 'stretch', md: 'flex-start' }}
            onKeyDown={(e) => {
              // Arrow keys step through the page, except while typing the note.
              if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
              if (e.key === 'ArrowLeft') prev();
              if (e.key === 'ArrowRight') next();
            }}
          >
            <Stack gap="sm" style={{ flex: '1 1 0', minWidth: 0 }}>
              <ScreenshotPicture
                shot={shot}
                alt={t('screenshots.imageAlt', { unit: shot.unitName, title: shot.activeWindowTitle || t('screenshots.unknownWindow') })}
                radius="sm"
                fit="contain"
                mah="calc(100dvh - 12rem)"
              />
              {/* The buttons keep their words on a phone ("Zurück"/"Weiter" were cut); the position wraps between them. */}
              <Group justify="space-between" wrap="nowrap">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={16} aria-hidden />}
                  disabled={!canPrev}
                  onClick={prev}
                  style={{ flexShrink: 0 }}
                >
                  {t('screenshots.previous')}
                </Button>
                <Text size="sm" c="dimmed" ta="center" aria-live="polite">
                  {t('screenshots.position', { index: overall + 1, count: total })}
                </Text>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  disabled={!canNext}
                  onClick={next}
                  data-autofocus
                  style={{ flexShrink: 0 }}
                >
                  {t('screenshots.next')}
                </Button>
              </Group>
            </Stack>
            <Stack gap="md" w={{ base: '100%', md: 300 }} style={{ flexShrink: 0 }}>
              <Group gap="xs">
                {/* Empty where the agent could not read them (no X tools, no window in front): said, not left blank. */}
                <Badge variant="light" color={shot.processName ? undefined : 'gray'}>
                  {shot.processName || t('screenshots.unknownProcess')}
                </Badge>
                <Text size="sm" fs={shot.activeWindowTitle ? undefined : 'italic'}>
                  {shot.activeWindowTitle || t('screenshots.unknownWindow')}
                </Text>
                <Text size="sm" c="dimmed">
                  {shot.width} × {shot.height}
                </Text>
              </Group>
              {error !== null && (
                <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
                  {errorText(error)}
                </Alert>
              )}
              <Switch
                label={t('screenshots.flagLabel')}
                checked={draft.flagged}
                onChange={(e) => viewer.send({ type: 'viewer.draft', flagged: e.currentTarget.checked })}
              />
              <Textarea
                label={t('screenshots.note')}
                placeholder={t('screenshots.notePlaceholder')}
                value={draft.note}
                description={t('text-input.counter', { count: textLength(draft.note), max: 500 })}
                autosize
                minRows={2}
                maxRows={6}
                onChange={(e) => viewer.send({ type: 'viewer.draft', note: e.currentTarget.value })}
              />
              <Group
                justify="space-between"
                pos="sticky"
                bottom={0}
                py="xs"
                bg="var(--mantine-color-body)"
                style={{ zIndex: 2 }}
                data-sticky-actions
              >
                <Button
                  color="red"
                  variant="subtle"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => viewer.send({ type: 'viewer.delete' })}
                  disabled={busy}
                >
                  {t('screenshots.delete')}
                </Button>
                <Button onClick={() => viewer.send({ type: 'viewer.save' })} loading={busy} disabled={!dirty}>
                  {t('screenshots.saveFlag')}
                </Button>
              </Group>
            </Stack>
          </Flex>
        )}
      </Modal>
      <ConfirmModal
        opened={open && confirmingDelete}
        title={t('screenshots.confirmDeleteTitle')}
        confirmLabel={t('screenshots.delete')}
        danger
        busy={busy}
        onConfirm={() => viewer.send({ type: 'viewer.delete.confirm' })}
        onCancel={() => viewer.send({ type: 'viewer.delete.cancel' })}
      >
        {t('screenshots.confirmDeleteText', { unit: shot?.unitName ?? '', time })}
      </ConfirmModal>
    </>
  );
}
