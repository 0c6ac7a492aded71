import { ActionIcon, Badge, Checkbox, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconAlertCircleFilled, IconRestore, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TaskActorRef } from '@machines/todo/task.machine';
import type { TaskTag } from '@machines/todo/types';
import { stripHtml } from '@/lib/text';
import { selectTask, selectTaskBusy } from '../../selectors';
import classes from './task-row.module.css';

export interface TaskRowProps {
  taskRef: TaskActorRef;
  tags: TaskTag[];
  onOpen: (id: number) => void;
}

/** One task: complete, open, star, important and trash/restore, all on the task's own actor. */
export function TaskRow({ taskRef, tags, onOpen }: TaskRowProps) {
  const { t } = useTranslation();
  const task = useSelector(taskRef, selectTask);
  const busy = useSelector(taskRef, selectTaskBusy);
  const title = task.title;
  const desc = stripHtml(task.desc);
  const colorOf = (value: string) => tags.find((tag) => tag.value === value)?.color ?? 'gray';

  return (
    <Group
      component="li"
      className={classes.row}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="md"
      py="sm"
      aria-busy={busy}
      data-completed={task.isCompleted || undefined}
    >
      <Checkbox
        mt={2}
        checked={task.isCompleted}
        aria-label={t('todo.row.complete', { title })}
        onChange={() => taskRef.send({ type: 'task.toggle', flag: 'isCompleted' })}
      />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <UnstyledButton className={classes.title} onClick={() => onOpen(task.id)} aria-label={t('todo.row.open', { title })}>
          <Text fw={500} td={task.isCompleted ? 'line-through' : undefined} c={task.isCompleted ? 'dimmed' : undefined} lineClamp={2}>
            {title}
          </Text>
        </UnstyledButton>
        {desc ? (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {desc}
          </Text>
        ) : null}
        {task.tags.length > 0 ? (
          <Group gap={6} aria-label={t('todo.row.tags')} role="list">
            {task.tags.map((value) => (
              <Badge key={value} role="listitem" size="sm" variant="light" color={colorOf(value)}>
                {t(`todo.tags.${value}`)}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t(task.isImportant ? 'todo.row.importantOn' : 'todo.row.importantOff')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color={task.isImportant ? 'warning' : 'gray'}
            aria-label={t('todo.row.important', { title })}
            aria-pressed={task.isImportant}
            onClick={() => taskRef.send({ type: 'task.toggle', flag: 'isImportant' })}
          >
            {task.isImportant ? <IconAlertCircleFilled size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t(task.isStarred ? 'todo.row.starOn' : 'todo.row.starOff')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color={task.isStarred ? 'warning' : 'gray'}
            aria-label={t('todo.row.star', { title })}
            aria-pressed={task.isStarred}
            onClick={() => taskRef.send({ type: 'task.toggle', flag: 'isStarred' })}
          >
            {task.isStarred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        {task.isTrashed ? (
          <Tooltip label={t('todo.row.restoreHint')} withinPortal={false}>
            <ActionIcon
              variant="subtle"
              color="primary"
              aria-label={t('todo.row.restore', { title })}
              onClick={() => taskRef.send({ type: 'task.restore' })}
            >
              <IconRestore size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={t('todo.row.trashHint')} withinPortal={false}>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('todo.row.trash', { title })}
              onClick={() => taskRef.send({ type: 'task.trash' })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
