import { Button, ColorSwatch, NavLink, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconList, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { isTaskFilter, type ViewFilter } from '@machines/todo/types';
import { selectFilter, selectTags, selectTagsFailed } from '../../selectors';
import { useTodoActor } from '../../hooks/use-todo-actor';

const FILTER_ICONS: Record<ViewFilter, typeof IconList> = {
  all: IconList,
  starred: IconStar,
  important: IconAlertCircle,
  completed: IconCheck,
  trashed: IconTrash,
};

export const filterPath = (filter: string) => (filter === 'all' ? '/apps/todo' : `/apps/todo/${filter}`);

/** "Add task", the views and the tags. Links, so every view has its own address. */
export function TodoSidebar() {
  const { t } = useTranslation();
  const actor = useTodoActor();
  const current = useSelector(actor, selectFilter);
  const tags = useSelector(actor, selectTags);
  const tagsFailed = useSelector(actor, selectTagsFailed);
  const [, navigate] = useLocation();
  const views = Object.keys(FILTER_ICONS) as ViewFilter[];

  return (
    <Paper withBorder radius="md" p="md" component="nav" aria-label={t('todo.nav')}>
      <Stack gap="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} fullWidth onClick={() => actor.send({ type: 'create.open' })}>
          {t('todo.addTask')}
        </Button>
        {/* Small screens: one select instead of two link lists above the tasks. */}
        <Select
          hiddenFrom="md"
          label={t('todo.viewSelect')}
          value={current}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          data={[
            { group: t('todo.filters.title'), items: views.map((v) => ({ value: v, label: t(`todo.filters.${v}`) })) },
            { group: t('todo.tags.title'), items: tags.map((tag) => ({ value: tag.value, label: t(`todo.tags.${tag.value}`) })) },
          ]}
          onChange={(value) => {
            if (value && isTaskFilter(value)) navigate(filterPath(value));
          }}
        />
        <Stack visibleFrom="md" gap="md">
          <Stack gap={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="todo-filters-heading">
              {t('todo.filters.title')}
            </Text>
            <ul aria-labelledby="todo-filters-heading" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {views.map((filter) => {
                const Icon = FILTER_ICONS[filter];
                const active = current === filter;
                return (
                  <li key={filter}>
                    <NavLink
                      component={Link}
                      href={filterPath(filter)}
                      label={t(`todo.filters.${filter}`)}
                      leftSection={<Icon size={18} aria-hidden />}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                    />
                  </li>
                );
              })}
            </ul>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="todo-tags-heading">
              {t('todo.tags.title')}
            </Text>
            {tagsFailed ? (
              <Stack gap={4} align="flex-start">
                <Text size="sm" c="dimmed">
                  {t('todo.tags.loadFailed')}
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => actor.send({ type: 'tags.retry' })}>
                  {t('common.retry')}
                </Button>
              </Stack>
            ) : (
              <ul aria-labelledby="todo-tags-heading" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
                {tags.map((tag) => {
                  const active = current === tag.value;
                  return (
                    <li key={tag.value}>
                      <NavLink
                        component={Link}
                        href={filterPath(tag.value)}
                        label={t(`todo.tags.${tag.value}`)}
                        leftSection={<ColorSwatch size={12} color={`var(--mantine-color-${tag.color}-filled)`} aria-hidden />}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
