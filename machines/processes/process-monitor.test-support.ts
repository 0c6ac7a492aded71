import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { UnitProcess } from '../domain/types';
import { processMonitorMachine, type ProcessSample } from './process-monitor.machine';

/** Shared by process-monitor.machine.test.ts and process-monitor.actions.test.ts (split to keep each file under 450 lines). */
export const proc = (id: string, patch: Partial<UnitProcess> = {}): UnitProcess => ({
  id,
  serviceUnitId: 'u1',
  name: `app${id}.exe`,
  pid: Number(id) * 10,
  user: 'j.smith',
  cpuPercent: 1,
  memoryMb: 100,
  startedAt: '2026-01-01T00:00:00.000Z',
  state: 'running',
  ...patch,
});

export const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

/** A fetchProcesses fake that answers each call by hand. */
export function manualFetch() {
  const calls: { unitId: string; resolve: (s: ProcessSample) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<ProcessSample, { unitId: string }>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ unitId: input.unitId, resolve, reject })),
  );
  return { actor, calls };
}

/** A fetchProcesses fake answering at once (`items` of the nth call), spied on with the test's own `spy`. */
export function autoFetchWith<S extends FetchFn>(
  spy: (fetch: FetchFn) => S,
  items: (n: number) => UnitProcess[] = (n) => [proc('1', { cpuPercent: n })],
) {
  let n = 0;
  const fn = spy(async ({ input }) => {
    n += 1;
    return { unitId: input.unitId, items: items(n), sampledAt: `t${n}` };
  });
  return { actor: fromPromise(fn), fn };
}

type FetchFn = (args: { input: { unitId: string } }) => Promise<ProcessSample>;

export function start(fetchProcesses: ReturnType<typeof autoFetchWith>['actor'], input = {}, extra = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(processMonitorMachine.provide({ actors: { fetchProcesses, ...extra } }), {
    input: { unitId: 'u1', ...input },
    clock,
  });
  actor.start();
  return { actor, clock };
}
