import { assign, fromPromise, setup } from 'xstate';

/**
 * One piece of data that is loaded, may fail, and is retried or reloaded: a dashboard card, say.
 * `load` is provided by the app (the request) or by a test (a fake). A reload keeps the data that is
 * shown until the new answer arrives; a failed reload keeps it too, with the error beside it.
 */
export interface ResourceContext<T> {
  data: T | null;
  error: unknown;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

export function createResourceMachine<T>(id: string) {
  return setup({
    types: {} as { context: ResourceContext<T>; events: ResourceEvent },
    actors: {
      load: fromPromise<T>(async () => {
        throw new Error(`${id}: load not provided`);
      }),
    },
    actions: {
      assignData: assign((_, params: { data: T }) => ({ data: params.data, error: null })),
      assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    },
  }).createMachine({
    id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'loaded', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
          onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
        on: { 'resource.reload': { target: 'loading', reenter: true } },
      },
      loaded: { on: { 'resource.reload': 'loading' } },
      failed: {
        tags: ['failed'],
        on: { 'resource.retry': 'loading', 'resource.reload': 'loading' },
      },
    },
  });
}

/** What a card shows: loading (first load or a reload), loaded, or failed. */
export type ResourceStatus = 'loading' | 'loaded' | 'failed';
export const resourceStatusOf = (snapshot: { hasTag(tag: string): boolean }): ResourceStatus =>
  snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('loading') ? 'loading' : 'loaded';
