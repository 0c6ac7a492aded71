import { Box, Grid } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TaskFilter } from '@machines/todo/types';
import { useTodoList } from '../../hooks/use-todo-list';
import { selectEditingRef } from '../../selectors';
import { TodoActorContext } from '../../hooks/use-todo-actor';
import type { TodoLogic } from '../../hooks/todo-machine';
import { CreateTaskDrawer, EditTaskDrawer } from '../task-drawer/task-drawer';
import { TaskList } from '../task-list/task-list';
import { TodoSidebar } from '../todo-sidebar/todo-sidebar';

/** The whole to-do app for one filter; `logic` carries the API calls (fakes in tests). */
export function TodoScreen({ logic, filter }: { logic: TodoLogic; filter: TaskFilter }) {
  const actor = useTodoList(logic, filter);
  const editingRef = useSelector(actor, selectEditingRef);
  return (
    <TodoActorContext.Provider value={actor}>
      <Grid gap="md">
        {/* A fixed 260 px column beside the list, as in the mailbox: a quarter of the page (230 px at 1280) cut the
            German button to "Aufgabe hinzufüg". */}
        <Grid.Col span={{ base: 12, md: 'content' }}>
          <Box w={{ base: '100%', md: 260 }}>
            <TodoSidebar />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 'auto' }} miw={0}>
          <TaskList />
        </Grid.Col>
      </Grid>
      <CreateTaskDrawer />
      {editingRef ? <EditTaskDrawer key={editingRef.id} taskRef={editingRef} /> : null}
    </TodoActorContext.Provider>
  );
}
