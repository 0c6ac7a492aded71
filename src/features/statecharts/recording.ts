import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { createRecorder, type Recording } from '@machines/statecharts/recording';
import { recordingMachine } from '@machines/statecharts/recording.machine';
import { replaySources } from '@machines/statecharts/replay';
import { openerInspection, tapInspection, type LiveActor } from '@/lib/inspection';
import { entryFor } from './explorer';

/**
 * The explorer's one recording (docs/statecharts.md § Recording): a recording machine fed from the inspection
 * tap while Record runs. It lives with the explorer's chunk, so it survives moving between machines; it is
 * not inspected itself (recording the recorder would feed itself).
 */
let actor: Actor<typeof recordingMachine> | null = null;
let untap: (() => void) | null = null;
let recordedSources: string[] = [];
/** Completes the step under way of the running recording. */
let settle: (() => void) | null = null;

export function recordingActor(): Actor<typeof recordingMachine> {
  actor ??= createActor(recordingMachine, { input: {} }).start();
  return actor;
}

/** Starts recording one live actor from now on (what it is now is where the exported test starts). */
export function startRecording(live: LiveActor, now: () => number = Date.now): void {
  stopRecording();
  const entry = entryFor(live.machine);
  // What the exported test fakes and keeps real is decided by the machine it imports (the registry's), not the app's.
  const sources = replaySources(entry?.machine ?? live.machine);
  const recorder = createRecorder(live.ref, now, { realSources: sources.real });
  recordedSources = sources.faked;
  const recording = recordingActor();
  settle = () => {
    const step = recorder.settle();
    if (step) recording.send({ type: 'record.step', step });
  };
  recording.send({
    type: 'record.start',
    start: {
      machine: entry?.name ?? live.machine.id,
      machineId: live.machine.id,
      file: entry?.file ?? null,
      exportName: entry?.exports[0] ?? null,
      startedAt: recorder.startedAt,
      ...recorder.snapshot(),
    },
  });
  // A window of its own feeds from its opener's tab: it stops recording when it closes.
  if (openerInspection()) window.addEventListener('pagehide', stopRecording, { once: true });
  untap = tapInspection((event) => {
    if (event.type === 'api.call') {
      // A call is noted beside the step that made it: that step is complete by then.
      settle?.();
      recording.send({ type: 'record.call', call: recorder.call(event) });
      return;
    }
    const step = recorder.observe(event);
    if (step) recording.send({ type: 'record.step', step });
    // What the actors tell each other in reply happens before the next task: then the step has settled.
    queueMicrotask(() => settle?.());
  });
}

export function stopRecording(): void {
  untap?.();
  untap = null;
  settle?.();
  settle = null;
  if (actor?.getSnapshot().can({ type: 'record.stop' })) actor.send({ type: 'record.stop' });
}

export function discardRecording(): void {
  stopRecording();
  recordingActor().send({ type: 'record.clear' });
}

/** The actor sources of the recorded machine (all are faked in its test). */
export const recordedActorSources = (): readonly string[] => recordedSources;

/** The finished recording of a snapshot, or null while there is none. */
export function recordingOf(snapshot: SnapshotFrom<typeof recordingMachine>): Recording | null {
  const { start, steps, calls } = snapshot.context;
  return start ? { start, steps, calls, capped: snapshot.context.dropped > 0 || steps.length >= snapshot.context.cap } : null;
}

export function download(name: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
