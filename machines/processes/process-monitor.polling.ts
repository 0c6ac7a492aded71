import { processMonitorSetup } from './process-monitor.setup';

/**
 * The `monitor` region (polling): noUnit → watching; `watching.live` polls (loading → waiting → loading…), backs off
 * after a failure and stops in `stalled`, rests in `suspended` while nobody sees the table; `watching.paused` polls nothing.
 */
export const pollingRegion = processMonitorSetup.createStateConfig({
  initial: 'start',
  on: {
    'process.unit.select': [
      { guard: 'isUnitChosen', target: '.watching', reenter: true, actions: 'assignUnit' },
      { target: '.noUnit', actions: 'assignUnit' },
    ],
    // Only recorded here; `live` reacts through its eventless transitions.
    'process.visibility.hidden': { actions: 'assignDocumentHidden' },
    'process.visibility.visible': { actions: 'assignDocumentVisible' },
    'process.view.change': { actions: 'assignView' },
  },
  states: {
    start: {
      always: [{ guard: 'hasUnit', target: 'watching' }, { target: 'noUnit' }],
    },
    noUnit: {
      on: { 'process.interval.change': { guard: 'isValidInterval', actions: 'assignInterval' } },
    },
    watching: {
      initial: 'choose',
      states: {
        choose: {
          always: [{ guard: 'isStartPaused', target: 'paused', actions: 'clearStartPaused' }, { target: 'live' }],
        },
        live: {
          tags: ['live'],
          initial: 'loading',
          on: {
            'process.pause': { target: 'paused' },
            'process.interval.change': { guard: 'isValidInterval', actions: 'assignInterval' },
          },
          states: {
            loading: {
              tags: ['polling'],
              always: { guard: 'isUnseen', target: 'suspended' },
              invoke: {
                id: 'fetchProcesses',
                src: 'fetchProcesses',
                input: ({ context }) => ({ unitId: context.unitId as string }),
                onDone: [
                  {
                    guard: { type: 'isForCurrentUnit', params: ({ event }) => ({ sample: event.output }) },
                    target: 'waiting',
                    actions: { type: 'assignSample', params: ({ event }) => ({ sample: event.output }) },
                  },
                  // An answer for a unit no longer shown: drop it and ask again.
                  { target: 'loading', reenter: true },
                ],
                onError: [
                  {
                    guard: { type: 'canRetryAutomatically', params: ({ event }) => ({ error: event.error }) },
                    target: 'backoff',
                    actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) },
                  },
                  { target: 'stalled', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            waiting: {
              always: { guard: 'isUnseen', target: 'suspended' },
              after: { pollInterval: { target: 'loading' } },
              on: {
                'process.refresh': { target: 'loading' },
                // A new interval applies from now, not after the old one runs out.
                'process.interval.change': { guard: 'isValidInterval', target: 'waiting', reenter: true, actions: 'assignInterval' },
              },
            },
            backoff: {
              tags: ['failing'],
              always: { guard: 'isUnseen', target: 'suspended' },
              after: { retryDelay: { target: 'loading' } },
              on: {
                'process.retry': { target: 'loading' },
                'process.refresh': { target: 'loading' },
              },
            },
            // Nobody sees the table: no requests until it is seen again, then one at once.
            suspended: {
              tags: ['suspended'],
              always: { guard: 'isSeen', target: 'loading' },
            },
            stalled: {
              tags: ['failing', 'stalled'],
              on: {
                'process.retry': { target: 'loading', actions: 'resetFailures' },
                'process.refresh': { target: 'loading', actions: 'resetFailures' },
              },
            },
          },
        },
        paused: {
          tags: ['paused'],
          on: {
            'process.resume': { target: 'live', actions: 'resetFailures' },
            'process.interval.change': { guard: 'isValidInterval', actions: 'assignInterval' },
          },
        },
      },
    },
  },
});
