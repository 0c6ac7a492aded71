-- The to-do app's tasks leave the JSON log (`rows`) for a table of their own (server/db/todo-tasks.ts):
-- typed columns, a task's number its owner's once, and the owner a foreign key, so an account's tasks go with it.
CREATE TABLE todo_tasks (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  -- The contract's id: counted per owner (the owner's last + 1).
  task_id integer NOT NULL CHECK (task_id >= 1),
  title text NOT NULL,
  -- HTML, as the client sent it (sanitized before display).
  description text NOT NULL,
  -- In the order the client gave them; only the app's tags (machines/todo/types.ts, TAG_VALUES).
  tags text[] NOT NULL CHECK (tags <@ ARRAY['frontend', 'backend', 'doc', 'bug']::text[]),
  is_important boolean NOT NULL,
  is_starred boolean NOT NULL,
  is_completed boolean NOT NULL,
  is_trashed boolean NOT NULL,
  CONSTRAINT todo_tasks_number_unique UNIQUE (owner_id, task_id)
);

-- Field for field. A value the schema refuses (never written by the backend) is read as the domain would: a
-- missing text as empty, a missing flag as false, a tag the app does not know left out. A number another task
-- of the owner already had (or none) goes to the later task as the next ones after the owner's last, in id order.
INSERT INTO todo_tasks (
  id, owner_id, task_id, title, description, tags, is_important, is_starred, is_completed, is_trashed
)
SELECT
  r.id,
  n.owner_id,
  CASE WHEN n.rank = 1 AND n.task_id IS NOT NULL THEN n.task_id
    ELSE coalesce(n.last, 0) + row_number() OVER (PARTITION BY n.owner_id, (n.rank = 1 AND n.task_id IS NOT NULL) ORDER BY r.id)
  END,
  coalesce(r.data ->> 'title', ''),
  coalesce(r.data ->> 'desc', ''),
  coalesce(
    ARRAY(
      SELECT t.tag FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data -> 'tags') = 'array' THEN r.data -> 'tags' ELSE '[]' END)
        WITH ORDINALITY AS t(tag, i)
      WHERE t.tag IN ('frontend', 'backend', 'doc', 'bug') ORDER BY t.i
    ),
    '{}'
  ),
  coalesce((r.data -> 'isImportant') = 'true'::jsonb, false),
  coalesce((r.data -> 'isStarred') = 'true'::jsonb, false),
  coalesce((r.data -> 'isCompleted') = 'true'::jsonb, false),
  coalesce((r.data -> 'isTrashed') = 'true'::jsonb, false)
FROM rows r
JOIN (
  SELECT
    id,
    coalesce(data ->> 'ownerId', '') AS owner_id,
    CASE WHEN data ->> 'taskId' ~ '^\d{1,9}$' AND (data ->> 'taskId')::integer >= 1 THEN (data ->> 'taskId')::integer END AS task_id,
    row_number() OVER (
      PARTITION BY coalesce(data ->> 'ownerId', ''), CASE WHEN data ->> 'taskId' ~ '^\d{1,9}$' THEN (data ->> 'taskId')::integer END
      ORDER BY id
    ) AS rank,
    max(CASE WHEN data ->> 'taskId' ~ '^\d{1,9}$' THEN (data ->> 'taskId')::integer END) OVER (PARTITION BY coalesce(data ->> 'ownerId', '')) AS last
  FROM rows WHERE collection = 'tasks' AND NOT deleted
) n ON n.id = r.id
WHERE r.collection = 'tasks' AND NOT r.deleted;

DROP INDEX rows_task_by_owner;
DELETE FROM rows WHERE collection = 'tasks';

-- A task belongs to an account, and goes with it. Checked at commit (a seed stores tasks and accounts in one
-- transaction, in any order); NOT VALID: tasks a database stored before keep their rows whatever owner they
-- name, every one written since is checked. The unique constraint's index finds an owner's tasks.
ALTER TABLE todo_tasks ADD CONSTRAINT todo_tasks_owner_fk
  FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
