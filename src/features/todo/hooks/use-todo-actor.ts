import { createContext, useContext } from 'react';
import type { TodoListActorRef } from '@machines/todo/todo-list.machine';

export const TodoActorContext = createContext<TodoListActorRef | null>(null);

/** The to-do list actor of the page. */
export function useTodoActor(): TodoListActorRef {
  const actor = useContext(TodoActorContext);
  if (!actor) throw new Error('useTodoActor must be used inside the to-do page');
  return actor;
}
