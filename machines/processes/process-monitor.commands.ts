import { processMonitorSetup } from './process-monitor.setup';

/** The `commands` region (command tracking): while an end command is unfinished, asks for its status every `commandPollMs`. */
export const commandsRegion = processMonitorSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasPendingEnds', target: 'watching' },
    },
    watching: {
      tags: ['ending'],
      initial: 'waiting',
      always: { guard: 'hasNoPendingEnds', target: 'idle' },
      states: {
        waiting: {
          after: { commandPoll: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'checkCommands',
            src: 'checkCommands',
            input: ({ context }) => ({ commandIds: context.ending.map((e) => e.commandId) }),
            onDone: {
              target: 'waiting',
              actions: [{ type: 'settleEnds', params: ({ event }) => ({ commands: event.output }) }, 'countCheck'],
            },
            // A failed status check is not a failed command: ask again (the wait stays bounded).
            onError: { target: 'waiting', actions: 'countCheck' },
          },
        },
      },
    },
  },
});
