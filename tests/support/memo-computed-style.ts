interface DocumentImpl {
  _styleCache?: object | null;
}

const isDocumentImpl = (value: unknown): value is DocumentImpl => typeof value === 'object' && value !== null && '_styleCache' in value;

const MEMOIZED = Symbol.for('sua.memoizedComputedStyle');

/**
 * jsdom's getComputedStyle copies the element's cascaded declaration into a new object and resolves the inherited
 * properties up its ancestors on every call, ~1 ms each: 15–23 % of a screen test's CPU (accessible names and hidden
 * checks in every query by role, Mantine's textarea autosize, floating-ui). jsdom already keeps each element's cascaded
 * declaration in a per-document cache that it drops on any change to an attached node or a style sheet
 * (`_styleCache`), and computes the result from those declarations alone. So the result is kept per element for as
 * long as that cache stands: the same values as before, computed once per element between two DOM changes.
 */
export function memoizeComputedStyle(window: Window & { [MEMOIZED]?: true }): void {
  // Setup files run again for every test file of a worker: installed once.
  if (window[MEMOIZED]) return;
  const implSymbol = Object.getOwnPropertySymbols(window.document).find((symbol) => symbol.description === 'impl');
  const documentImpl: unknown = implSymbol ? Reflect.get(window.document, implSymbol) : undefined;
  // Another jsdom keeps its internals elsewhere: every call computes (slower, same results).
  if (!isDocumentImpl(documentImpl)) return;
  window[MEMOIZED] = true;
  const { getComputedStyle } = window;
  let kept: { cache: object; styles: WeakMap<Element, CSSStyleDeclaration> } | null = null;
  window.getComputedStyle = (element: Element) => {
    const cache = documentImpl._styleCache;
    const known = cache && kept?.cache === cache ? kept.styles.get(element) : undefined;
    if (known) return known;
    // Pseudo-elements are not passed on: jsdom only reports them as not implemented.
    const computed = getComputedStyle(element);
    // jsdom made its cache for this call if there was none.
    const after = documentImpl._styleCache;
    if (after) {
      if (kept?.cache !== after) kept = { cache: after, styles: new WeakMap() };
      kept.styles.set(element, computed);
    }
    return computed;
  };
}
