-- The to-do app's tasks live in PostgreSQL only (server/db/todo-tasks.ts): an owner's are found by the
-- owner, without reading every task (every to-do request reads the signed-in user's).
CREATE INDEX rows_task_by_owner ON rows ((data ->> 'ownerId')) WHERE collection = 'tasks';
