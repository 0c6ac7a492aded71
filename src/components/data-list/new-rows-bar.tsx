import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';

/**
 * "3 new units — Show": rows created elsewhere that the list does not move in (another page, a search or a filter
 * is shown). It floats below the app's header, at the right of the breadcrumb's line (empty there), instead of taking a
 * line above the table, so its arrival moves no row either; drawers and modals cover it. Show reloads page 1. `label` is the screen's own words with the count.
 */
export function NewRowsBar({ count, label, showLabel, onShow }: { count: number; label: string; showLabel: string; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Affix position={{ top: 86, right: 24 }} zIndex={150}>
      <Paper withBorder shadow="md" radius="xl" py={6} pl="md" pr={6} role="status" aria-label={label}>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Button size="xs" radius="xl" variant="light" leftSection={<IconArrowUp size={14} aria-hidden />} onClick={onShow}>
            {showLabel}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
