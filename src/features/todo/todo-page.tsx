import { useMemo } from 'react';
import { Redirect, useRoute } from 'wouter';
import { isTaskFilter } from '@machines/todo/types';
import { TodoScreen } from './components/todo-screen/todo-screen';
import { createTodoLogic } from './hooks/todo-machine';

/** /apps/todo (all) and /apps/todo/:filter, where the filter is a view or a tag value. */
export default function TodoPage() {
  const [match, params] = useRoute<{ filter: string }>('/apps/todo/:filter');
  const logic = useMemo(() => createTodoLogic(), []);
  const filter = match ? params.filter : 'all';
  if (!isTaskFilter(filter)) return <Redirect to="/apps/todo" replace />;
  return <TodoScreen logic={logic} filter={filter} />;
}
