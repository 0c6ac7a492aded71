/** Keys whose values never leave the app unmasked: tokens, passwords, secrets, session keys (any nesting, any event). */
export const SENSITIVE_KEY = /token|password|secret|session.?key/i;
export const MASK = '••••••';

const MAX_DEPTH = 6;
const MAX_ITEMS = 50;

function isActorLike(value: object): value is { id: string; send: unknown; getSnapshot: unknown } {
  return 'send' in value && 'getSnapshot' in value && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * A copy of a value that is safe to show and keep: sensitive keys masked, functions and actors named
 * instead of held, errors as name and message, cycles and depth cut. The input is never changed.
 */
export function maskValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'function') return '[function]';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (isActorLike(value)) return `[actor ${value.id}]`;
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => maskValue(item, depth + 1, seen));
      return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
    }
    if (value instanceof Map) return maskValue(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return maskValue([...value], depth, seen);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SENSITIVE_KEY.test(key) && item !== null && item !== undefined && item !== '' ? MASK : maskValue(item, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
