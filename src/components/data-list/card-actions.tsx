import type { TFunction } from 'i18next';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { CardAction } from './list-cards';

/**
 * A card's menu as every list orders it: Edit first, the screen's own actions, Delete last in the danger colour,
 * each only when the viewer may (the caller passes `null` for an action it may not take).
 */
export function cardActions(
  t: TFunction,
  { onEdit, middle = [], onDelete }: { onEdit: (() => void) | null; middle?: CardAction[]; onDelete: (() => void) | null },
): CardAction[] {
  return [
    ...(onEdit ? [{ key: 'edit', label: t('common.edit'), icon: <IconEdit size={16} aria-hidden />, onClick: onEdit }] : []),
    ...middle,
    ...(onDelete
      ? [{ key: 'delete', label: t('common.delete'), color: 'danger', icon: <IconTrash size={16} aria-hidden />, onClick: onDelete }]
      : []),
  ];
}
