import { Grid } from '@mantine/core';
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
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TodoSidebar />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <TaskList />
        </Grid.Col>
      </Grid>
      <CreateTaskDrawer />
      {editingRef ? <EditTaskDrawer key={editingRef.id} taskRef={editingRef} /> : null}
    </TodoActorContext.Provider>
  );
}
