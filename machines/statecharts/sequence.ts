import type { StateValue } from 'xstate';
import type { RecordedCall, RecordedStep, Recording } from './recording';

/**
 * A recording as a sequence (the explorer's Sequence tab, and its Mermaid `sequenceDiagram` export): lifelines for
 * the app's screens, the recorded actor, each parallel region of it (the session's token region), the machines it
 * spawned, the actors it invoked (the identity callback, a refresh) and the API client; events, answers, delays and
 * HTTP calls as arrows in the order they happened, and the state each step led to as notes.
 */

export type LifelineKind = 'app' | 'machine' | 'region' | 'child' | 'invoked' | 'api';

export interface Lifeline {
  /** A short id, as Mermaid wants it (`app`, `m`, `r0`, `c0`, `a0`, `api`). */
  id: string;
  kind: LifelineKind;
  /** The recorded machine's name, a region's path (`signedIn.token`), a spawned actor's path or an invoke id. */
  name: string;
}

export type SequenceRow =
  | {
      kind: 'message';
      from: string;
      to: string;
      /** `session.unauthorized`, `done(refreshToken)`, `GET /api/units`. */
      label: string;
      style: 'event' | 'reply' | 'error' | 'delay' | 'request' | 'response';
      /** HTTP calls: the answer's status (0: none) and duration. */
      status?: number;
      ms?: number;
      /** The recorded step (1-based), for steps. */
      step?: number;
    }
  | { kind: 'note'; over: string; text: string };

export interface Sequence {
  lifelines: Lifeline[];
  rows: SequenceRow[];
}

/** `signedIn.(access.active, token.valid)`. */
export function stateLine(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : typeof child === 'string' ? `${key}.${child}` : `${key}.(${stateLine(child)})`))
    .join(', ');
}

/** The parallel regions a state value shows (more than one key side by side), by path, with each one's state. */
function regionsOf(value: StateValue | undefined, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (value === undefined || typeof value === 'string') return found;
  const entries = Object.entries(value);
  for (const [key, child] of entries) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (entries.length > 1) found.set(path, child === undefined ? key : typeof child === 'string' ? child : stateLine(child));
    else for (const [inner, text] of regionsOf(child, path)) found.set(inner, text);
  }
  return found;
}

export function sequenceOf(recording: Recording): Sequence {
  const machine = recording.start.machine;
  const regions = [...new Set([recording.start.state, ...recording.steps.map((s) => s.state)].flatMap((v) => [...regionsOf(v).keys()]))];
  const children = [...new Set(recording.steps.flatMap((s) => (s.to !== undefined ? [s.to] : [])))];
  const invoked = [...new Set(recording.steps.flatMap((s) => (s.actorId ? [s.actorId] : [])))];
  const regionIds = new Map(regions.map((path, i): [string, string] => [path, `r${i}`]));
  const childIds = new Map(children.map((path, i): [string, string] => [path, `c${i}`]));
  const invokedIds = new Map(invoked.map((id, i): [string, string] => [id, `a${i}`]));
  const lifelines: Lifeline[] = [
    { id: 'app', kind: 'app', name: 'App' },
    { id: 'm', kind: 'machine', name: machine },
    ...regions.map((path, i): Lifeline => ({ id: `r${i}`, kind: 'region', name: path })),
    ...children.map((path, i): Lifeline => ({ id: `c${i}`, kind: 'child', name: path })),
    ...invoked.map((id, i): Lifeline => ({ id: `a${i}`, kind: 'invoked', name: id })),
    ...(recording.calls.length ? [{ id: 'api', kind: 'api', name: 'API client' } satisfies Lifeline] : []),
  ];

  const ordered: ({ step: RecordedStep; call?: never } | { call: RecordedCall; step?: never })[] = [
    ...recording.steps.map((step) => ({ order: step.n, at: step.at, step })),
    ...recording.calls.map((call) => ({ order: call.afterStep + 0.5, at: call.at, call })),
  ].sort((a, b) => a.order - b.order || a.at - b.at);

  const rows: SequenceRow[] = [];
  let state: StateValue = recording.start.state;
  for (const { step, call } of ordered) {
    if (call) {
      rows.push({ kind: 'message', from: 'app', to: 'api', label: `${call.method} ${call.path}`, style: 'request' });
      rows.push({
        kind: 'message',
        from: 'api',
        to: 'app',
        label: String(call.status),
        style: 'response',
        status: call.status,
        ms: call.ms,
      });
      continue;
    }
    if (!step) continue;
    const from = step.actorId ? (invokedIds.get(step.actorId) ?? 'app') : 'app';
    const to = step.to !== undefined ? (childIds.get(step.to) ?? 'm') : 'm';
    if (step.kind === 'done') rows.push({ kind: 'message', from, to, label: `done(${step.actorId ?? ''})`, style: 'reply', step: step.n });
    else if (step.kind === 'error')
      rows.push({
        kind: 'message',
        from,
        to,
        label: `error(${step.actorId ?? ''})${step.error?.message ? `: ${step.error.message}` : ''}`,
        style: 'error',
        step: step.n,
      });
    else if (step.kind === 'after')
      rows.push({
        kind: 'message',
        from: to,
        to,
        label: step.type.replace(/^xstate\.after\.([^.]+).*$/, 'after($1)'),
        style: 'delay',
        step: step.n,
      });
    else rows.push({ kind: 'message', from: 'app', to, label: step.type, style: 'event', step: step.n });
    if (step.to !== undefined)
      rows.push({ kind: 'note', over: to, text: step.its === null || step.its === undefined ? 'stopped' : stateLine(step.its) });
    if (JSON.stringify(step.state) !== JSON.stringify(state)) {
      const before = regionsOf(state);
      const after = regionsOf(step.state);
      const sameRegions = after.size > 0 && [...after.keys()].every((path) => before.has(path)) && before.size === after.size;
      if (sameRegions) {
        for (const [path, text] of after)
          if (before.get(path) !== text) rows.push({ kind: 'note', over: regionIds.get(path) ?? 'm', text });
      } else rows.push({ kind: 'note', over: 'm', text: stateLine(step.state) });
      state = step.state;
    }
  }
  return { lifelines, rows };
}

/** Mermaid text is line-based: a label keeps to one line and leaves out what the syntax reads (`;`, `#`). */
const mermaidText = (text: string) => text.replace(/[\n\r]+/g, ' ').replace(/[;#]/g, ',');

const ARROWS = { event: '->>', reply: '-->>', error: '--x', delay: '->>', request: '->>', response: '-->>' } as const;

/** The lifeline as a person reads it: `App (screens)`, `session`, `token region`, `API client`. */
export function lifelineLabel(lifeline: Lifeline): string {
  if (lifeline.kind === 'app') return 'App (screens)';
  if (lifeline.kind === 'region') return `${lifeline.name.split('.').at(-1) ?? lifeline.name} region`;
  return lifeline.name;
}

/** The sequence as a Mermaid `sequenceDiagram`, for a bug report or the docs. */
export function sequenceMermaid(sequence: Sequence): string {
  const lines = ['sequenceDiagram', ...sequence.lifelines.map((l) => `  participant ${l.id} as ${mermaidText(lifelineLabel(l))}`)];
  for (const row of sequence.rows) {
    if (row.kind === 'note') lines.push(`  Note over ${row.over}: ${mermaidText(row.text)}`);
    else if (row.style === 'response') lines.push(`  ${row.from}-->>${row.to}: ${row.status ?? 0} (${row.ms ?? 0} ms)`);
    else lines.push(`  ${row.from}${ARROWS[row.style]}${row.to}: ${mermaidText(row.label)}`);
  }
  return `${lines.join('\n')}\n`;
}
