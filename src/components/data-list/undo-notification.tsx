import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/**
 * The "deleted — Undo" notification shown while a deletion waits (the machine owns the 5 s timer;
 * the notification only closes itself a moment after it).
 */
export function showUndoNotification({
  id,
  message,
  onUndo,
  t,
  durationMs = 5000,
}: {
  id: string;
  message: string;
  onUndo: () => void;
  t: TFunction;
  durationMs?: number;
}): void {
  notifications.show({
    id,
    autoClose: durationMs,
    withCloseButton: true,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {t('data-list.undo')}
        </Button>
      </Group>
    ),
  });
}

export function hideNotification(id: string): void {
  notifications.hide(id);
}
