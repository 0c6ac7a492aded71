interface CheckResult {
  match: boolean;
  pseudoElement: string | null;
}
interface DomSelector {
  check(selector: string, elementImpl: object, options?: object): CheckResult;
}
interface ElementImpl {
  _localName?: unknown;
}

const PATCHED = Symbol.for('sua.quickRejectSelectors');
const TYPE = /^[a-zA-Z][a-zA-Z0-9-]*/;

/** The selector list split at its top-level commas, or null when it has quotes or escapes (left to jsdom). */
function splitList(list: string): string[] | null {
  if (/["'\\]/.test(list)) return null;
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const char = list[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

/** The element name the last compound of `selector` requires ("summary" for "details > summary:first-of-type"), or null. */
function requiredName(selector: string): string | null {
  let depth = 0;
  let last = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i] ?? '';
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0 && /[\s>+~]/.test(char)) last = i + 1;
  }
  const compound = selector.slice(last);
  // A namespace prefix (svg|a, *|a) is left to jsdom.
  if (compound.includes('|')) return null;
  return TYPE.exec(compound)?.[0].toLowerCase() ?? null;
}

/**
 * The names one of which an element must have to match `list`, or null when some selector of it names none
 * ("[hidden]", ".x", ":root").
 */
function requiredNames(list: string): ReadonlySet<string> | null {
  const selectors = splitList(list);
  if (!selectors) return null;
  const names = new Set<string>();
  for (const selector of selectors) {
    const name = requiredName(selector);
    if (!name) return null;
    names.add(name);
  }
  return names;
}

/**
 * jsdom's getComputedStyle matches an element against every rule of its default style sheet and the page's, with
 * dom-selector, each time its style cache was dropped (any DOM change): ~10 % of a screen test's CPU. Most of
 * those rules name elements ("td, th", "details > summary:first-of-type") that the element is not. Such a check
 * answers "no match" at once when the element's name is none of them; every other check goes to dom-selector as
 * before, so each answer is the same.
 */
export function quickRejectSelectors(document: Document & { [PATCHED]?: true }): void {
  if (document[PATCHED]) return;
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const domSelector: unknown = implSymbol ? Reflect.get(Reflect.get(document, implSymbol) as object, '_domSelector') : undefined;
  // Another jsdom keeps its selector engine elsewhere: every check goes to it (slower, same results).
  if (typeof domSelector !== 'object' || domSelector === null || typeof (domSelector as DomSelector).check !== 'function') return;
  document[PATCHED] = true;
  const engine = domSelector as DomSelector;
  const check = engine.check.bind(engine);
  const names = new Map<string, ReadonlySet<string> | null>();
  const NO_MATCH: CheckResult = Object.freeze({ match: false, pseudoElement: null });
  engine.check = (selector, elementImpl, options) => {
    let required = names.get(selector);
    if (required === undefined) {
      required = requiredNames(selector);
      names.set(selector, required);
    }
    const name = (elementImpl as ElementImpl)._localName;
    if (required && typeof name === 'string' && !required.has(name.toLowerCase())) return NO_MATCH;
    return check(selector, elementImpl, options);
  };
}
