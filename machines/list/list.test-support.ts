import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import type { Page } from '../domain/types';
import { createListMachine, type ListQuery } from './list.machine';

/** Shared by list.machine.test.ts and list.live.test.ts (split to keep each file under 450 lines). */
interface Row {
  id: string;
  name: string;
}

export const rows = (n: number, prefix = 'r'): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, name: `${prefix} ${i + 1}` }));
export const page = (items: Row[], total = items.length, p = 1): Page<Row> => ({ items, total, page: p, pageSize: 25 });

/** A fetchPage fake whose answers the test resolves by hand, in any order. */
export function controllablePages() {
  const calls: { query: ListQuery; signal: AbortSignal; resolve: (p: Page<Row>) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<Page<Row>, { query: ListQuery }>(
    ({ input, signal }) =>
      new Promise<Page<Row>>((resolve, reject) => {
        calls.push({ query: input.query, signal, resolve, reject });
      }),
  );
  return { actor, calls };
}

export const machine = createListMachine<Row>();
export const flush = () => new Promise((r) => setTimeout(r, 0));
export const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));

export function start(
  fetchPage = fromPromise<Page<Row>, { query: ListQuery }>(async () => page(rows(3))),
  extra: Partial<Parameters<typeof machine.provide>[0]['actors']> = {},
  query?: Partial<ListQuery>,
) {
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors: { fetchPage, ...extra } }), { input: { query }, clock });
  actor.start();
  return { actor, clock };
}
