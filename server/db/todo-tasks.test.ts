import { describe, expect, it } from 'vitest';
import type { TaskRecord, TaskRepository } from '../../core/todo-tasks';
import { createRandom } from '../../core/random';
import { table } from '../../mirage/db';
import { memoryTasks } from '../../mirage/domains/todo';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlTasks, TASKS } from './todo-tasks';

/*
 * The to-do tasks in PostgreSQL answer what the embedded backend answers from memory, over the same
 * generated tasks (owners with numeric and UUID ids, task numbers that repeat across owners): an owner's
 * tasks, one task by its number, and the writes. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const OWNERS = ['1', '2', '10', '0192f3a0-0002-7abc-8def-000000000002'];

function generate(): TaskRecord[] {
  const random = createRandom(5);
  const next = new Map<string, number>();
  return Array.from({ length: 80 }, (_, i) => {
    const ownerId = OWNERS[Math.floor(random() * OWNERS.length)] as string;
    const taskId = (next.get(ownerId) ?? 0) + 1;
    next.set(ownerId, taskId);
    return {
      id: i % 4 === 0 ? `0192f3a1-${String(i).padStart(4, '0')}-7abc-8def-000000000000` : String(i + 1),
      ownerId,
      taskId,
      title: `Task ${i}`,
      desc: '',
      tags: random() < 0.5 ? ['bug'] : [],
      isImportant: random() < 0.3,
      isStarred: random() < 0.3,
      isCompleted: random() < 0.3,
      isTrashed: random() < 0.1,
    };
  });
}

const records = generate();
const ids = (rows: readonly { id: string | number }[]) => rows.map((row) => String(row.id)).sort();

describe.each(sqlTargets())('the to-do tasks in PostgreSQL on $name', (target) => {
  // The accounts that own the tasks (a task's owner must exist), in one organization.
  const organizations = [{ id: 'o1', name: 'Organization', domain: 'o.example', createdAt: '2025-01-01T00:00:00.000Z' }];
  const users = OWNERS.map((id) => ({ id, organizationId: 'o1', username: `user-${id}`, email: `user-${id}@o.example`, roleId: 4 }));
  const suite = repositoryParity(target, { organizations, users, [TASKS]: records });
  const { write } = suite;
  const { memory, stored } = repositoryPair<TaskRepository>(suite, memoryTasks, createSqlTasks);

  const expectAlike = async () => {
    for (const owner of [...OWNERS, 'nobody', 'a\0b']) {
      expect(ids(await stored.ofOwner(owner)), owner).toEqual(ids(await memory.ofOwner(owner)));
      for (const taskId of [1, 2, 7, 999])
        expect(await stored.get(owner, taskId), `${owner} #${taskId}`).toEqual(await memory.get(owner, taskId));
    }
  };

  it('answer an owner’s tasks and one task by its number as memory does', async () => {
    await expectAlike();
    expect((await stored.ofOwner('1')).length).toBeGreaterThan(5);
  });

  it('store a new task and a change as memory does', async () => {
    const task = { ...(records[0] as TaskRecord), ownerId: '2', taskId: 100, title: 'New' };
    const { id: _id, ...fresh } = task;
    const created = await write(() => stored.insert(fresh));
    table<TaskRecord>(suite.mirage.db, TASKS).insert({ ...created });
    const target = records.find((r) => r.ownerId === '10') as TaskRecord;
    const changed = await write(() => stored.update(String(target.id), { isCompleted: true, title: 'Done' }));
    await memory.update(String(target.id), { isCompleted: true, title: 'Done' });

    expect(changed).toMatchObject({ taskId: target.taskId, ownerId: '10', isCompleted: true, title: 'Done' });
    expect(await stored.get('2', 100)).toEqual(created);
    await expectAlike();
  });

  it('keep a task’s number its owner’s once, its tags the app’s, and an account’s tasks go with it', async () => {
    const [first] = await stored.ofOwner('1');
    if (!first) throw new Error('Owner 1 has no task');
    const { id: _id, ...copy } = first;
    await expect(write(() => stored.insert(copy))).rejects.toMatchObject({ constraint: 'todo_tasks_number_unique' });
    await expect(write(() => stored.insert({ ...copy, ownerId: 'nobody', taskId: 1 }))).rejects.toMatchObject({ code: '23503' });
    await expect(write(() => stored.update(String(first.id), { tags: ['urgent' as 'bug'] }))).rejects.toMatchObject({ code: '23514' });
    expect(await stored.get('1', first.taskId)).toEqual(first);

    await suite.sql.query(`DELETE FROM users WHERE id = '10'`);
    expect(await stored.ofOwner('10')).toEqual([]);
    expect((await stored.ofOwner('1')).length).toBeGreaterThan(5);
  });
});
