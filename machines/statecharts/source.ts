/**
 * Reads event payload types and emitted events from a machine's source text. The types exist only at
 * compile time, so the charts take them from the `{ type: '...'; field: T }` literals the file declares.
 */
const EVENT_LITERAL = /\{\s*type:\s*'([^']+)'\s*((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}/g;

function clean(payload: string): string {
  return payload
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s;,]+|[\s;,]+$/g, '')
    .replace(/\s*,\s*(?=[\w$]+\??:)/g, '; ');
}

/** `event type → payload fields` (`''` when the event carries nothing), first declaration wins. */
export function eventPayloadsFromSource(source: string): Map<string, string> {
  const payloads = new Map<string, string>();
  for (const match of source.matchAll(EVENT_LITERAL)) {
    const type = match[1] ?? '';
    const payload = clean(match[2] ?? '');
    // A declaration holds types (`id: string`); a value literal (`id: context.id`) does not count.
    if (payloads.has(type)) continue;
    if (payload && !/^[\w$]+\??:\s*(string|number|boolean|readonly|null|undefined|unknown|[A-Z]|'|\{|\[)/.test(payload)) continue;
    payloads.set(type, payload);
  }
  return payloads;
}

/** Event types the machine emits with `emit({ type: '...' })` (static or from an expression). */
export function emittedFromSource(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/emit\(\s*(?:\([^)]*\)\s*=>\s*\(?\s*)?\{\s*type:\s*'([^']+)'/g)) {
    if (match[1]) found.add(match[1]);
  }
  const declared = /emitted:\s*((?:\{[^{}]*\}\s*\|?\s*)+)/.exec(source);
  if (declared?.[1]) for (const m of declared[1].matchAll(/type:\s*'([^']+)'/g)) if (m[1]) found.add(m[1]);
  // `emitted: EditorReport<T>`: the union is a type alias of the same file.
  const named = /emitted:\s*([A-Za-z_]\w*)(?:<[^<>]*>)?\s*[;,}]/.exec(source)?.[1];
  const alias = named ? new RegExp(`type ${named}(?:<[^<>]*>)?\\s*=\\s*((?:\\|?\\s*\\{[^{}]*\\}\\s*)+)`).exec(source) : null;
  if (alias?.[1]) for (const m of alias[1].matchAll(/type:\s*'([^']+)'/g)) if (m[1]) found.add(m[1]);
  return [...found].sort((a, b) => a.localeCompare(b));
}
