import type { StateValue } from 'xstate';
import { MASKED, type RecordedStep, type Recording } from './recording';
import { sequenceMermaid, sequenceOf } from './sequence';

/**
 * A recording as a Vitest file a person could have written (docs/testing-machines.md § "From a bug report
 * to a test"): the real machine with deferred fakes that answer what was recorded, in order, delays on the
 * kit's simulated clock, the recorded events sent, and after each step the state value (and the marked
 * context fields) compared with the recording, in a table of steps.
 */
export interface RecordedTestOptions {
  /** The `describe` title. */
  name: string;
  /** The actor sources to fake (`replaySources(machine).faked`: what is no machine, in it and its child machines). */
  sources: readonly string[];
  /** Context fields asserted after the steps that change them. */
  marked: readonly string[];
  /** Where the machine is imported from (default: its file under `@machines/`). */
  importFrom?: string;
}

/** `<machine>.recorded.test.ts`. */
export const recordedTestFileName = (recording: Recording) => `${recording.start.machine}.recorded.test.ts`;

/** Whether a test can be made: the machine is exported as such from a known file (not built by a factory). */
export function canExportTest(recording: Recording): boolean {
  return recording.start.file !== null && recording.start.exportName !== null && !recording.start.exportName.startsWith('create');
}

type PlaceholderKind = 'PASSWORD' | 'TOKEN' | 'SESSION_KEY' | 'SECRET';

const kindOfKey = (key: string): PlaceholderKind =>
  /password/i.test(key) ? 'PASSWORD' : /session.?key/i.test(key) ? 'SESSION_KEY' : /token/i.test(key) ? 'TOKEN' : 'SECRET';

const placeholderValue = (kind: PlaceholderKind, n: number) =>
  kind === 'PASSWORD' ? `Placeholder-Passw0rd-${n}!` : `placeholder-${kind.toLowerCase().replace('_', '-')}-${n}`;

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
const keyText = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key));

/** Writes values as TypeScript, masked ones as their placeholder constant. */
function createWriter() {
  const placeholders = new Map<number, { name: string; value: string }>();
  const masked = (text: string, key: string): string | null => {
    if (!text.startsWith(MASKED)) return null;
    const n = Number(text.slice(MASKED.length));
    if (!Number.isInteger(n)) return null;
    let found = placeholders.get(n);
    if (!found) {
      const kind = kindOfKey(key);
      found = { name: `${kind}_${n}`, value: placeholderValue(kind, n) };
      placeholders.set(n, found);
    }
    return found.name;
  };
  const write = (value: unknown, key = ''): string => {
    if (value === null || value === undefined) return String(value);
    if (typeof value === 'string') return masked(value, key) ?? quote(value);
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
    if (typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return `[${value.map((item) => write(item, key)).join(', ')}]`;
    if (typeof value === 'object') {
      const entries = Object.entries(value).filter(([, item]) => item !== undefined);
      if (entries.length === 0) return '{}';
      return `{ ${entries.map(([k, item]) => `${keyText(k)}: ${write(item, k)}`).join(', ')} }`;
    }
    return 'null';
  };
  return { write, placeholders };
}

const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function contextOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The plain context fields (strings, numbers, booleans, null) that change during the recording: what is marked by default. */
export function changingFields(recording: Recording): string[] {
  const start = contextOf(contextOf(recording.start.snapshot)['context']);
  const fields = new Set<string>();
  let previous = start;
  for (const step of recording.steps) {
    const context = contextOf(step.context);
    for (const [key, value] of Object.entries(context)) if (isPlain(value) && previous[key] !== value) fields.add(key);
    previous = context;
  }
  return [...fields].sort();
}

/** The step as the test's table row. */
function rowOf(step: RecordedStep, write: (value: unknown, key?: string) => string, context: string | null): string {
  let what = step.to === undefined ? '' : `to: ${quote(step.to)}, `;
  if (step.kind === 'done') what += `done: ${quote(step.actorId ?? '')}, output: ${write(step.payload['output'])}`;
  else if (step.kind === 'error')
    what += `fail: ${quote(step.actorId ?? '')}, error: ${write(step.error ?? { name: 'Error', message: '', details: {} })}`;
  else if (step.kind === 'after') what += `fire: ${quote(step.type)}`;
  else what += `send: ${write({ type: step.type, ...step.payload })}`;
  const its = step.to === undefined ? '' : `, its: ${write(step.its ?? null)}`;
  return `  { at: ${step.at}, ${what}${its}, state: ${write(step.state)}${context ? `, context: ${context}` : ''} },`;
}

const moduleOf = (file: string) => `@${file.replace(/\.ts$/, '')}`;

export function recordedTestFile(recording: Recording, options: RecordedTestOptions): string {
  const { start } = recording;
  const exportName = start.exportName ?? 'machine';
  const from = options.importFrom ?? (start.file ? moduleOf(start.file) : '');
  const { write, placeholders } = createWriter();
  const marked = new Set(options.marked);
  const rows: string[] = [];
  let previous = contextOf(contextOf(start.snapshot)['context']);
  for (const step of recording.steps) {
    const context = contextOf(step.context);
    const changed = Object.keys(context).filter((key) => marked.has(key) && JSON.stringify(previous[key]) !== JSON.stringify(context[key]));
    const picked = changed.length ? `{ ${changed.map((key) => `${keyText(key)}: ${write(context[key], key)}`).join(', ')} }` : null;
    rows.push(rowOf(step, write, picked));
    previous = context;
  }
  // Steps that went to an actor it spawned or invoked (a task, an opened email): kept real in the test.
  const children = recording.steps.some((step) => step.to !== undefined);
  // A snapshot as `createActor` takes it: its output and error are part of its type.
  const startLine = start.snapshot === null ? null : `{ output: undefined, error: undefined, ${write(start.snapshot).slice(2)}`;
  const when = new Date(start.startedAt).toISOString().replace('T', ' ').slice(0, 16);
  const constants = [...placeholders.values()].sort((a, b) => a.name.localeCompare(b.name));
  const sources = [...new Set(options.sources)].sort();
  const initial: StateValue = start.state;
  const xstateTypes = [
    ...(children ? ['type AnyActorRef', 'type AnyEventObject'] : []),
    'type EventFromLogic',
    ...(start.input === undefined ? [] : ['type InputFrom']),
    'type StateValue',
  ];

  return `import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, ${xstateTypes.join(', ')} } from 'xstate';
import { ${exportName} } from '${from}';
import { withFakes } from '@machines/statecharts/replay';
import { createTestClock } from '@machines/testing/clock';
import { deferredActors, flush } from '@machines/testing/deferred';

// Recorded in the machine explorer on ${when} UTC: ${recording.steps.length} steps of \`${start.machine}\`${recording.capped ? ' (the recording reached its cap)' : ''}.
// Each step runs at its recorded time (\`at\`, ms after the start), so delays computed from the clock come out as they did.
const STARTED_AT = ${start.startedAt};
${
  constants.length
    ? `// Masked when recorded: placeholders that still drive the machine (each secret keeps its own).
${constants.map((c) => `const ${c.name} = ${quote(c.value)};`).join('\n')}
`
    : ''
}
${
  startLine
    ? `/** The actor when the recording started (its persisted snapshot, in ${write(initial)}). */
const START = ${startLine} as const;
`
    : ''
}
${
  start.input === undefined
    ? ''
    : `/** The input the actor was created with (a restored snapshot does not read it). */
const INPUT: InputFrom<typeof ${exportName}> = ${write(start.input)};
`
}
type Step = (
  | { send: EventFromLogic<typeof ${exportName}> }
${children ? '  | { to: string; send: AnyEventObject }\n' : ''}  | { done: string; output: unknown }
  | { fail: string; error: { name: string; message: string; details: object } }
  | { fire: string }
) & { at: number; state: StateValue; context?: Record<string, unknown>${children ? '; to?: string; its?: StateValue | null' : ''} };

/** What happened, in order, and the state (and context fields) each step led to${children ? "; `to`: the actor it spawned or invoked that the step went to, `its`: that actor's state then (null: stopped)" : ''}. */
const STEPS: Step[] = [
${rows.join('\n')}
];

/** \`signedIn.(access.active, token.valid)\`: both states read in a failure's message. */
const stateText = (value: StateValue${children ? ' | null' : ''}): string =>
  ${children ? "value === null\n    ? '(stopped)'\n    : " : ''}typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) =>
          child === undefined ? key : typeof child === 'string' ? \`\${key}.\${child}\` : \`\${key}.(\${stateText(child)})\`,
        )
        .join(', ');

const what = (step: Step) =>
  ${children ? '(' : ''}'send' in step ? step.send.type : 'done' in step ? \`done(\${step.done})\` : 'fail' in step ? \`error(\${step.fail})\` : step.fire${children ? ") + (step.to ? ` in ${step.to}` : '')" : ''};
${
  children
    ? `
/** The recorded actor or one it spawned: a step sends the event as the app did. */
const sendTo = (ref: AnyActorRef | undefined, event: AnyEventObject) => ref?.send(event);

/** An actor the recorded one spawned or invoked, by its path (\`task-12\`); undefined once it has stopped. */
const childAt = (root: AnyActorRef, path: string): AnyActorRef | undefined =>
  path
    .split('/')
    .reduce<AnyActorRef | undefined>((ref, id) => (ref?.getSnapshot() as { children: Record<string, AnyActorRef | undefined> } | undefined)?.children[id], root);
`
    : ''
}
describe(${quote(options.name)}, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('replays the recording on the real machine', async () => {
    // Every actor it invokes is a fake that answers only when a step says so${children ? '; the machines it spawns or invokes are real' : ''}.
    const fakes = deferredActors(${write(sources)});
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(STARTED_AT);
    const clock = createTestClock();
    const actor = createActor(withFakes(${exportName}, fakes.actors), { clock${start.input === undefined ? '' : ', input: INPUT'}${startLine ? ', snapshot: START' : ''} }).start();

    for (const [index, step] of STEPS.entries()) {
      vi.setSystemTime(STARTED_AT + step.at);
      if ('send' in step) ${children ? 'sendTo(step.to ? childAt(actor, step.to) : actor, step.send)' : 'actor.send(step.send)'};
      else if ('done' in step) fakes.resolve(step.done, step.output);
      else if ('fail' in step) fakes.reject(step.fail, Object.assign(new Error(step.error.message), { name: step.error.name }, step.error.details));
      else clock.fire(actor, step.fire);
      await flush();

      const at = \`step \${index + 1} of \${STEPS.length}, \${what(step)}\`;
      const snapshot = actor.getSnapshot();
${
  children
    ? `      if (step.to) {
        const [actual, expected] = [stateText((childAt(actor, step.to)?.getSnapshot() as { value: StateValue } | undefined)?.value ?? null), stateText(step.its ?? null)];
        expect(actual, \`\${at}: \${step.to} is \${actual}, the recording says \${expected}\`).toBe(expected);
      }
`
    : ''
}      const [actual, expected] = [stateText(snapshot.value), stateText(step.state)];
      expect(actual, \`\${at}: the state is \${actual}, the recording says \${expected}\`).toBe(expected);
      if (step.context) expect(snapshot.context, \`\${at}: the context\`).toMatchObject(step.context);
    }
  });
});
`;
}

/** What a step did, for a person: `session.login`, `done(login)`, `xstate.after.…`. */
export function stepLabel(step: RecordedStep): string {
  const what = step.kind === 'done' ? `done(${step.actorId ?? ''})` : step.kind === 'error' ? `error(${step.actorId ?? ''})` : step.type;
  return step.to === undefined ? what : `${what} in ${step.to}`;
}

/**
 * The explorer's scenario JSON (`<machine>.scenarios.json`, as the Scenarios tab exports it) for a recording:
 * one scenario whose steps carry the recorded outcomes (`output`, `error`), and the API calls beside them.
 */
export function recordingScenarioJson(recording: Recording): string {
  const { start, steps, calls } = recording;
  return JSON.stringify(
    {
      machine: start.machine,
      id: start.machineId,
      file: start.file,
      scenarios: [
        {
          reaches: 'recording',
          state: steps.at(-1)?.state ?? start.state,
          from: start.snapshot,
          steps: steps.map((step) => ({
            event: step.type,
            label: stepLabel(step),
            guard: null,
            kind: step.kind,
            ...(step.to === undefined ? {} : { to: step.to, its: step.its ?? null }),
            state: step.state,
            ...(step.kind === 'event' ? { payload: step.payload } : {}),
            ...(step.kind === 'done' ? { output: step.payload['output'] } : {}),
            ...(step.kind === 'error' ? { error: step.error } : {}),
          })),
        },
      ],
      calls,
      capped: recording.capped,
    },
    null,
    2,
  );
}

/**
 * A recording as a Mermaid `sequenceDiagram` (for a bug report or the docs): the app, the recorded actor and its
 * parallel regions, the machines it spawned, the actors it invoked and the API client as lifelines (sequence.ts).
 */
export const recordingMermaid = (recording: Recording): string => sequenceMermaid(sequenceOf(recording));
