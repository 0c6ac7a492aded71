import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';

/**
 * "3 new units — Show": rows created elsewhere that the list does not move in under the pointer (another
 * page, a search or a filter is shown). Show reloads page 1. `label` is the screen's own words with the count.
 */
export function NewRowsBar({ count, label, showLabel, onShow }: { count: number; label: string; showLabel: string; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" radius="md" role="status" aria-label={label} bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fw={500}>{label}</Text>
        <Button size="xs" variant="light" leftSection={<IconArrowUp size={14} aria-hidden />} onClick={onShow}>
          {showLabel}
        </Button>
      </Group>
    </Paper>
  );
}
