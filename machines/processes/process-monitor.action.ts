import { and } from 'xstate';
import type { UnitProcess } from '../domain/types';
import { processMonitorSetup } from './process-monitor.setup';

/** The `action` region (confirmation): end a process or block its executable, each behind a confirmation. */
export const actionRegion = processMonitorSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'process.end': { guard: and(['hasTargetInList', 'isNotEnding']), target: 'confirmingEnd', actions: 'assignTarget' },
        'process.block': { guard: 'hasTargetInList', target: 'confirmingBlock', actions: 'assignTarget' },
      },
    },
    confirmingEnd: {
      on: {
        'process.action.confirm': { target: 'ending' },
        'process.action.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    ending: {
      tags: ['acting'],
      invoke: {
        id: 'endProcess',
        src: 'endProcess',
        input: ({ context }) => ({ process: context.target as UnitProcess }),
        onDone: [
          {
            guard: { type: 'isCommandFinished', params: ({ event }) => ({ command: event.output }) },
            target: 'idle',
            actions: [
              { type: 'addPendingEnd', params: ({ event }) => ({ command: event.output }) },
              { type: 'settleEnds', params: ({ event }) => ({ commands: [event.output] }) },
              'clearTarget',
            ],
          },
          // Accepted: the agent ends it later; the row shows "ending…" until the `commands` region learns the result.
          { target: 'idle', actions: [{ type: 'addPendingEnd', params: ({ event }) => ({ command: event.output }) }, 'clearTarget'] },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitEndFailed', params: ({ event }) => ({ error: event.error }) },
            'clearTarget',
          ],
        },
      },
    },
    confirmingBlock: {
      on: {
        'process.action.confirm': { target: 'blocking' },
        'process.action.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    blocking: {
      tags: ['acting'],
      invoke: {
        id: 'blockExecutable',
        src: 'blockExecutable',
        input: ({ context }) => ({ unitId: (context.target as UnitProcess).serviceUnitId, process: context.target as UnitProcess }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'removeBlocked', params: ({ event }) => ({ result: event.output }) },
            { type: 'emitBlocked', params: ({ event }) => ({ result: event.output }) },
            'clearTarget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitBlockFailed', params: ({ event }) => ({ error: event.error }) },
            'clearTarget',
          ],
        },
      },
    },
  },
});
