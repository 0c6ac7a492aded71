import { Badge, Card, Checkbox, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import type { ScreenshotItem } from '../api/types';
import { ScreenshotThumbnail } from './screenshot-thumbnail';

dayjs.extend(localizedFormat);

/** One thumbnail: select box, the image (opens the lightbox), unit, time and window title. */
export function ScreenshotCard({
  shot,
  selected,
  onToggle,
  onOpen,
}: {
  shot: ScreenshotItem;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = dayjs(shot.capturedAt).locale(i18n.language).format('lll');
  return (
    <Card withBorder padding="xs" radius="md" style={selected ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined}>
      <Card.Section pos="relative">
        <UnstyledButton onClick={onOpen} aria-label={t('screenshots.open', { unit: shot.unitName, time })} display="block" w="100%">
          {/* Units have different screen sizes: every thumbnail gets the same 16:9 box, so the cards of a row line up. */}
          <ScreenshotThumbnail
            shot={shot}
            alt=""
            fit="contain"
            h="auto"
            // Tiles below the fold are decoded when scrolled to; a new page also commits without waiting for them.
            loading="lazy"
            style={{ aspectRatio: '16 / 9', background: 'var(--mantine-color-dark-7)' }}
          />
        </UnstyledButton>
        {/* size md: a 24 px target (WCAG 2.2 Target Size, 2.5.8); sm is 20 px. */}
        <Checkbox
          size="md"
          pos="absolute"
          top={8}
          left={8}
          checked={selected}
          onChange={onToggle}
          aria-label={t('screenshots.select', { unit: shot.unitName, time })}
          styles={{ input: { cursor: 'pointer' } }}
        />
        {shot.flagged && (
          <Badge pos="absolute" top={8} right={8} color="red" leftSection={<IconFlag size={12} aria-hidden />}>
            {t('screenshots.flagged')}
          </Badge>
        )}
      </Card.Section>
      <Stack gap={2} mt="xs">
        {/* The unit's name has its own line(s): beside the time it kept ~110 px at 1280 (Rotterdam …), and cut to
            one line it lost the number that tells the units apart (… Printer Host 0…). */}
        <Text size="sm" fw={600} lineClamp={2} title={shot.unitName}>
          {shot.unitName}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={shot.capturedAt}>
          {time}
        </Text>
        {/* A real agent sends no title where the display has none to read: "unknown", not an empty line. */}
        <Text size="xs" c="dimmed" truncate title={shot.activeWindowTitle || undefined} fs={shot.activeWindowTitle ? undefined : 'italic'}>
          {shot.activeWindowTitle || t('screenshots.unknownWindow')}
        </Text>
      </Stack>
    </Card>
  );
}
