import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLiveStatus, type LiveStatus } from '@/lib/live';

// The dot carries the colour; the word is in the text colour, so it reads at AA in every theme.
const DOT: Record<LiveStatus, string> = {
  live: 'var(--mantine-color-teal-6)',
  reconnecting: 'var(--mantine-color-yellow-6)',
  offline: 'var(--mantine-color-gray-6)',
};

/**
 * The header's "Live / Reconnecting / Offline" (offline: polling). Nothing while no live connection runs.
 * A status (announced when it changes), focusable so the tooltip's explanation reaches keyboard users too.
 */
export function LiveIndicator() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === null) return null;
  const word = t(`live.status.${status}`);
  const explanation = t(`live.tooltip.${status}`);
  return (
    <Tooltip label={explanation} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Group
        gap={6}
        wrap="nowrap"
        px="xs"
        py={4}
        role="status"
        tabIndex={0}
        aria-label={`${word}: ${explanation}`}
        data-live-status={status}
        style={{ borderRadius: 'var(--mantine-radius-xl)', cursor: 'default' }}
      >
        <Box
          aria-hidden
          w={10}
          h={10}
          style={{ borderRadius: '50%', flex: 'none', background: DOT[status], boxShadow: '0 0 0 1px var(--mantine-color-body)' }}
        />
        <Text size="sm" fw={500} c="var(--mantine-color-text)" visibleFrom="sm">
          {word}
        </Text>
      </Group>
    </Tooltip>
  );
}
