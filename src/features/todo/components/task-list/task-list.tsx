import {
  Alert,
  Button,
  Center,
  CloseButton,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconChecklist, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TaskSort } from '@machines/todo/todo-list.machine';
import { VIEW_FILTERS, type TaskFilter } from '@machines/todo/types';
import {
  failureKey,
  sameEntries,
  selectFilter,
  selectListError,
  selectListStatus,
  selectSearch,
  selectSort,
  selectTags,
  selectTotal,
  selectVisibleTasks,
} from '../../selectors';
import { useTodoActor } from '../../hooks/use-todo-actor';
import { TaskRow } from '../task-row/task-row';

const SORTS: TaskSort[] = ['newest', 'titleAsc', 'titleDesc'];

const emptyKey = (filter: TaskFilter) => ((VIEW_FILTERS as readonly string[]).includes(filter) ? filter : 'tag');

/** The tasks of the current view, with search and sort, and its loading, error and empty states. */
export function TaskList() {
  const { t } = useTranslation();
  const actor = useTodoActor();
  const status = useSelector(actor, selectListStatus);
  const filter = useSelector(actor, selectFilter);
  const search = useSelector(actor, selectSearch);
  const sort = useSelector(actor, selectSort);
  const tags = useSelector(actor, selectTags);
  const error = useSelector(actor, selectListError);
  const total = useSelector(actor, selectTotal);
  const rows = useSelector(actor, selectVisibleTasks, sameEntries);
  const filterLabel = (VIEW_FILTERS as readonly string[]).includes(filter) ? t(`todo.filters.${filter}`) : t(`todo.tags.${filter}`);

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="todo-list-heading">
      <VisuallyHidden>
        <Title order={2} id="todo-list-heading">
          {t('todo.list.heading', { view: filterLabel })}
        </Title>
      </VisuallyHidden>
      <Group p="md" gap="sm" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          type="search"
          aria-label={t('todo.search.label')}
          placeholder={t('todo.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => actor.send({ type: 'search.change', search: event.currentTarget.value })}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label={t('todo.search.clear')}
                onClick={() => actor.send({ type: 'search.change', search: '' })}
              />
            ) : null
          }
        />
        {/* Wide enough for the longest label ("Mais recentes primeiro"); on a phone it has a line of its own. */}
        <Select
          w={{ base: '100%', xs: 230 }}
          aria-label={t('todo.sort.label')}
          data={SORTS.map((value) => ({ value, label: t(`todo.sort.${value}`) }))}
          value={sort}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          onChange={(value) => {
            if (value) actor.send({ type: 'sort.change', sort: value as TaskSort });
          }}
        />
      </Group>

      {status === 'loading' ? (
        <Stack p="md" gap="md" aria-busy="true" aria-label={t('todo.list.loading')} role="status">
          {[0, 1, 2, 3].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap">
              <Skeleton height={20} width={20} radius="sm" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={12} width="60%" />
                <Skeleton height={10} width="35%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : null}

      {status === 'failed' ? (
        <Stack p="md">
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={t('todo.list.errorTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(failureKey(error))}</Text>
              <Button size="xs" color="red" variant="outline" onClick={() => actor.send({ type: 'list.retry' })}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        </Stack>
      ) : null}

      {status === 'empty' ? (
        <EmptyState
          icon={<IconChecklist size={30} />}
          title={t(`todo.empty.${emptyKey(filter)}.title`, { tag: filterLabel })}
          text={t(`todo.empty.${emptyKey(filter)}.text`, { tag: filterLabel })}
          action={
            filter === 'trashed' ? null : (
              <Button variant="light" onClick={() => actor.send({ type: 'create.open' })}>
                {t('todo.addTask')}
              </Button>
            )
          }
        />
      ) : null}

      {status === 'loaded' && rows.length === 0 ? (
        <EmptyState
          icon={<IconSearchOff size={30} />}
          title={t('todo.list.noResultsTitle')}
          text={t('todo.list.noResultsText', { search })}
          action={
            <Button variant="light" onClick={() => actor.send({ type: 'search.change', search: '' })}>
              {t('todo.search.clear')}
            </Button>
          }
        />
      ) : null}

      {status === 'loaded' && rows.length > 0 ? (
        <>
          <ul aria-label={t('todo.list.label', { view: filterLabel })} style={{ margin: 0, padding: 0 }}>
            {rows.map((entry) => (
              <TaskRow key={entry.id} taskRef={entry.ref} tags={tags} onOpen={(id) => actor.send({ type: 'task.open', id })} />
            ))}
          </ul>
          <Text size="xs" c="dimmed" px="md" py="xs" role="status" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            {search ? t('todo.list.countFiltered', { count: rows.length, total }) : t('todo.list.count', { count: total })}
          </Text>
        </>
      ) : null}
    </Paper>
  );
}

function EmptyState({ icon, title, text, action }: { icon: React.ReactNode; title: string; text: string; action: React.ReactNode }) {
  return (
    <Center mih={240} p="md" role="status">
      <Stack align="center" gap="xs" maw={380} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}
