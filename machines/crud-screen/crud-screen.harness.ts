import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Page } from '../domain/types';
import { createEditorMachine, type DeleteTarget, type FieldErrors, type SaveInput, type ValidateInput } from '../editor/editor.machine';
import { createListMachine, type BulkRequest, type ListQuery } from '../list/list.machine';
import { callbackActor } from '../testing/deferred';
import { createCrudScreenMachine, type CrudScreenEmitted, type JobRequest } from './crud-screen.machine';

/** Shared by crud-screen.machine.test.ts and crud-screen.model-walk.test.ts (split to keep each file under 450 lines). */
export interface Row {
  id: string;
  name: string;
}
export interface Values {
  name: string;
}

export const machine = createCrudScreenMachine<Row, Values, Row>();
export const UNDO_MS = 5000;
export const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: `r${i + 1}`, name: `Row ${i + 1}` }));

interface Deferred<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Fake actors the test settles by hand, and everything the parent emits. */
export function harness(jobs: { onStart?: JobRequest[]; afterChange?: JobRequest[]; refreshAfter?: string[] } = {}) {
  const calls = {
    fetchPage: [] as Deferred<{ query: ListQuery }, Page<Row>>[],
    bulk: [] as Deferred<BulkRequest, unknown>[],
    save: [] as Deferred<SaveInput<Values>, Row>[],
    remove: [] as Deferred<DeleteTarget, unknown>[],
    job: [] as Deferred<JobRequest, unknown>[],
  };
  const deferred =
    <I, O>(into: Deferred<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => {
        into.push({ input, resolve, reject });
      });
  const clock = new SimulatedClock();
  // The screen's live stream (docs/live.md): what it sends the list.
  const live = callbackActor();
  const provided = machine.provide({
    actors: {
      list: createCrudListFake(deferred(calls.fetchPage), deferred(calls.bulk), live.logic),
      editor: createCrudEditorFake(deferred(calls.save), deferred(calls.remove)),
      job: fromPromise<unknown, JobRequest>(deferred(calls.job)),
    },
  });
  const actor = createActor(provided, {
    input: { list: { query: { pageSize: 10 } }, editor: { empty: { name: '' }, undoMs: UNDO_MS }, jobs },
    clock,
  });
  const emitted: CrudScreenEmitted<Row>[] = [];
  for (const type of [
    'crud.saved',
    'crud.delete.pending',
    'crud.delete.undone',
    'crud.deleted',
    'crud.delete.failed',
    'crud.bulk.done',
    'crud.bulk.failed',
    'crud.job.done',
    'crud.job.failed',
  ] as const) {
    actor.on(type, (e) => emitted.push(e));
  }
  actor.start();
  const child = () => {
    const { list, editor } = actor.getSnapshot().context;
    return { list, editor };
  };
  const last = <I, O>(into: Deferred<I, O>[]): Deferred<I, O> => {
    const d = into.at(-1);
    if (!d) throw new Error('no pending call');
    return d;
  };
  return { actor, calls, clock, emitted, child, last, live };
}

// The real list and editor logic, with their outside-world actors replaced (what the app's provide() does).
export function createCrudListFake(
  fetchPage: (a: { input: { query: ListQuery } }) => Promise<Page<Row>>,
  bulk: (a: { input: BulkRequest }) => Promise<unknown>,
  liveEvents?: ReturnType<typeof callbackActor>['logic'],
) {
  const actors = { fetchPage: fromPromise(fetchPage), bulkAction: fromPromise(bulk) };
  return createListMachine<Row>().provide({ actors: liveEvents ? { ...actors, liveEvents } : actors });
}
function createCrudEditorFake(
  save: (a: { input: SaveInput<Values> }) => Promise<Row>,
  remove: (a: { input: DeleteTarget }) => Promise<unknown>,
) {
  return createEditorMachine<Values, Row>().provide({
    actors: {
      validate: fromPromise<FieldErrors, ValidateInput<Values>>(async ({ input }): Promise<FieldErrors> =>
        input.values.name.trim() === '' ? { name: 'required' } : {},
      ),
      save: fromPromise(save),
      remove: fromPromise(remove),
    },
  });
}

/** `confirmation/deletion/jobs/form`, e.g. `idle/pending/idle/open`. */
export const label = (value: unknown) => {
  const v = value as { confirmation: string; deletion: string; jobs: string; form: string };
  return `${v.confirmation}/${v.deletion}/${v.jobs}/${v.form}`;
};

export const settle = () => new Promise((r) => setTimeout(r, 0));
export type H = ReturnType<typeof harness>;

export async function loaded(h: H, rows = ROWS.slice(0, 10)) {
  h.last(h.calls.fetchPage).resolve({ items: rows, total: rows.length, page: 1, pageSize: 10 });
  await settle();
}

export const visible = (h: H) => {
  const { items, hidden } = h.child().list.getSnapshot().context;
  return items.filter((r) => !hidden.includes(r.id)).map((r) => r.id);
};
