import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { jobMachine as machine } from './job.machine';

describe('job machine', () => {
  it('runs once at a time and reports the result', async () => {
    const job = vi.fn(async ({ input }: { input: unknown }): Promise<unknown> => (input as { n: number }).n * 2);
    const actor = createActor(machine.provide({ actors: { job: fromPromise(job) } })).start();
    const done = vi.fn();
    actor.on('job.done', done);
    actor.send({ type: 'job.start', input: { n: 2 } });
    actor.send({ type: 'job.start', input: { n: 5 } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(job).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ output: 4 }));
  });

  it('reports a failure and can run again', async () => {
    let calls = 0;
    const actor = createActor(
      machine.provide({
        actors: {
          job: fromPromise<unknown, unknown>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('x');
            return 1;
          }),
        },
      }),
    ).start();
    const failed = vi.fn();
    actor.on('job.failed', failed);
    actor.send({ type: 'job.start', input: { n: 1 } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(failed).toHaveBeenCalled();
    actor.send({ type: 'job.start', input: { n: 1 } });
    await waitFor(actor, (s) => s.context.output === 1);
  });
});

describe('job machine started with `start`', () => {
  it('runs the job with its input as soon as the actor starts, once', async () => {
    const job = vi.fn(async ({ input }: { input: unknown }): Promise<unknown> => `checked ${String(input)}`);
    const actor = createActor(machine.provide({ actors: { job: fromPromise(job) } }), { input: { start: { input: 'token-1' } } }).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(job).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.output).toBe('checked token-1');
  });

  it('without `start` waits for job.start', () => {
    const job = vi.fn(async (): Promise<unknown> => 1);
    const actor = createActor(machine.provide({ actors: { job: fromPromise(job) } })).start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(job).not.toHaveBeenCalled();
  });
});
