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
  const suite = repositoryParity(target, { [TASKS]: records });
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
});
