import { createRequire } from 'node:module';

interface DocumentImpl {
  _styleCache?: object | null;
}

interface StyleDeclaration {
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
}

interface JsdomStyleRules {
  getDeclarationForElement(elementImpl: object): StyleDeclaration;
  getResolvedValue(elementImpl: object, property: string): string;
}

const isDocumentImpl = (value: unknown): value is DocumentImpl => typeof value === 'object' && value !== null && '_styleCache' in value;

const MEMOIZED = Symbol.for('sua.memoizedComputedStyle');

/** What the testing libraries read of a computed style (hidden checks, pointer-events): the CSS names… */
const ON_DEMAND = new Set(['display', 'visibility', 'pointer-events']);
/** …and the declaration's properties that give them. */
const ON_DEMAND_KEYS: ReadonlyMap<string, string> = new Map([
  ['display', 'display'],
  ['visibility', 'visibility'],
  ['pointerEvents', 'pointer-events'],
  ['pointer-events', 'pointer-events'],
]);

/** jsdom's own cascade and resolution, or null when another jsdom keeps them elsewhere. */
function jsdomStyleRules(): { rules: JsdomStyleRules; Declaration: new () => StyleDeclaration } | null {
  try {
    const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
    const rules = jsdomRequire('./jsdom/living/helpers/style-rules.js') as Partial<JsdomStyleRules>;
    const { CSSStyleDeclaration } = jsdomRequire('cssstyle') as { CSSStyleDeclaration?: new () => StyleDeclaration };
    if (typeof rules.getDeclarationForElement !== 'function' || typeof rules.getResolvedValue !== 'function' || !CSSStyleDeclaration)
      return null;
    return { rules: rules as JsdomStyleRules, Declaration: CSSStyleDeclaration };
  } catch {
    return null;
  }
}

/**
 * jsdom's getComputedStyle copies the element's cascaded declaration into a new object and resolves the inherited
 * properties up its ancestors on every call, ~1 ms each: 15–23 % of a screen test's CPU (accessible names and hidden
 * checks in every query by role, Mantine's textarea autosize, floating-ui). jsdom already keeps each element's cascaded
 * declaration in a per-document cache that it drops on any change to an attached node or a style sheet
 * (`_styleCache`), and computes the result from those declarations alone. So the result is kept per element for as
 * long as that cache stands: the same values as before, computed once per element between two DOM changes.
 *
 * Most calls read display, visibility or pointer-events only, yet jsdom resolves sixteen properties each time, thirteen
 * of them colours that walk up to the root and parse every colour on the way. Those three are resolved on their own,
 * by jsdom's functions, when read; reading anything else builds jsdom's whole result, as before. Values are computed
 * when read rather than when asked for (as a browser's live declaration is); every caller reads them at once.
 */
export function memoizeComputedStyle(window: Window & { [MEMOIZED]?: true }): void {
  // Setup files run again for every test file of a worker: installed once.
  if (window[MEMOIZED]) return;
  const implSymbol = Object.getOwnPropertySymbols(window.document).find((symbol) => symbol.description === 'impl');
  const documentImpl: unknown = implSymbol ? Reflect.get(window.document, implSymbol) : undefined;
  // Another jsdom keeps its internals elsewhere: every call computes (slower, same results).
  if (!implSymbol || !isDocumentImpl(documentImpl)) return;
  window[MEMOIZED] = true;
  const { getComputedStyle } = window;
  const jsdom = jsdomStyleRules();

  /** A computed style whose display, visibility and pointer-events are resolved when read, and the rest when first needed. */
  const onDemand = (element: Element, elementImpl: object, rules: JsdomStyleRules, Declaration: new () => StyleDeclaration) => {
    let full: CSSStyleDeclaration | null = null;
    const whole = () => (full ??= getComputedStyle(element));
    const resolved = new Map<string, string>();
    const valueOf = (property: string) => {
      let value = resolved.get(property);
      if (value === undefined) {
        // As jsdom sets it: the cascaded value first, then the resolved one over it, through the same parser.
        const cascaded = rules.getDeclarationForElement(elementImpl);
        const declaration = new Declaration();
        declaration.setProperty(property, cascaded.getPropertyValue(property), cascaded.getPropertyPriority(property));
        declaration.setProperty(property, rules.getResolvedValue(elementImpl, property));
        value = declaration.getPropertyValue(property);
        resolved.set(property, value);
      }
      return value;
    };
    const getPropertyValue = (property: string) => (ON_DEMAND.has(property) ? valueOf(property) : whole().getPropertyValue(property));
    return new Proxy(Object.create(Declaration.prototype as object) as CSSStyleDeclaration, {
      get(_target, key) {
        if (key === 'getPropertyValue') return getPropertyValue;
        const name = typeof key === 'string' ? ON_DEMAND_KEYS.get(key) : undefined;
        if (name) return valueOf(name);
        const target = whole();
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
      has: (_target, key) => key in whole(),
      ownKeys: () => Reflect.ownKeys(whole()),
      getOwnPropertyDescriptor: (_target, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(whole(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
      set: (_target, key, value) => Reflect.set(whole(), key, value),
    });
  };

  let kept: { cache: object; styles: WeakMap<Element, CSSStyleDeclaration> } | null = null;
  window.getComputedStyle = (element: Element) => {
    const cache = documentImpl._styleCache;
    const known = cache && kept?.cache === cache ? kept.styles.get(element) : undefined;
    if (known) return known;
    const elementImpl: unknown = Reflect.get(element, implSymbol);
    // Pseudo-elements are not passed on: jsdom only reports them as not implemented.
    let computed: CSSStyleDeclaration;
    if (jsdom && typeof elementImpl === 'object' && elementImpl !== null) {
      computed = onDemand(element, elementImpl, jsdom.rules, jsdom.Declaration);
      // jsdom's cache for this document, made now if there was none (getComputedStyle makes it too).
      jsdom.rules.getDeclarationForElement(elementImpl);
    } else {
      computed = getComputedStyle(element);
    }
    const after = documentImpl._styleCache;
    if (after) {
      if (kept?.cache !== after) kept = { cache: after, styles: new WeakMap() };
      kept.styles.set(element, computed);
    }
    return computed;
  };
}
