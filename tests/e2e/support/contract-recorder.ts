import type { BrowserContext } from '@playwright/test';
import { contractValidator } from '../../contract/support/openapi-validator';

/**
 * Records every API call the app makes in a browser context and checks it against the contract
 * (docs/api/openapi.yaml), with the same Ajv setup as the contract tests (tests/contract/support).
 *
 * The embedded backend answers inside the page (Pretender replaces `window.fetch`), so the network
 * never sees those calls: an init script wraps `window.fetch` — including the one Pretender installs
 * later, through a setter — and reports each `/api/` call (method, URL, request body, status, response
 * text) through a binding. A remote build's real network calls go through the same wrapper.
 *
 * Checked: the operation exists, the status is documented for it, the response body matches its schema,
 * and, for a call the server accepted (2xx), the request body matches the request schema.
 * Usage (tests/e2e/support/test.ts): `const contract = await recordContract(context)` before the test,
 * `expect(await contract.finish()).toEqual([])` after it.
 */

export interface RecordedCall {
  method: string;
  url: string;
  requestBody: string | null;
  status: number;
  responseText: string;
}

export interface ContractRecorder {
  /** Every call recorded so far. */
  readonly calls: readonly RecordedCall[];
  /** One line per call that does not match the contract (empty: all matched). Resets the recording. */
  finish(): Promise<string[]>;
}

const BINDING = '__e2eRecordApiCall';
const recorders = new WeakMap<BrowserContext, RecordedCall[]>();

function parse(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The mismatches of one call, as readable lines. */
export function checkCall(call: RecordedCall): string[] {
  const validator = contractValidator();
  const url = new URL(call.url, 'http://localhost');
  const problems = validator.checkResponse(call.method, url.pathname, call.status, parse(call.responseText));
  if (call.status >= 200 && call.status < 300 && call.requestBody !== null) {
    problems.push(...validator.checkRequest(call.method, url.pathname, parse(call.requestBody)));
  }
  return problems.map((p) => `${call.method} ${url.pathname}${url.search} → ${call.status}: ${p.what}: ${p.message}`);
}

export async function recordContract(context: BrowserContext): Promise<ContractRecorder> {
  let calls = recorders.get(context);
  if (!calls) {
    const list: RecordedCall[] = [];
    calls = list;
    recorders.set(context, list);
    await context.exposeBinding(BINDING, (_source, call: RecordedCall) => {
      list.push(call);
    });
    await context.addInitScript((binding: string) => {
      const w = window as unknown as Record<string, unknown> & { fetch: typeof fetch };
      const native: typeof fetch = w.fetch.bind(window);
      let inner: typeof fetch = native;
      const report = (call: unknown) => {
        const send = w[binding];
        if (typeof send === 'function') void (send as (c: unknown) => Promise<void>)(call);
      };
      const wrapped: typeof fetch = async (input, init) => {
        const response = await inner(input, init);
        try {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const absolute = new URL(url, location.href);
          if (absolute.pathname.startsWith('/api/')) {
            const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
            const body = typeof init?.body === 'string' ? init.body : null;
            void response
              .clone()
              .text()
              .then((text) => report({ method, url: absolute.href, requestBody: body, status: response.status, responseText: text }))
              .catch(() => undefined);
          }
        } catch {
          // Recording must never break the app.
        }
        return response;
      };
      // Pretender (the embedded backend) assigns window.fetch after this script: keep wrapping whatever is set.
      Object.defineProperty(window, 'fetch', {
        configurable: true,
        get: () => wrapped,
        // Pretender saves `window.fetch` (this wrapper) as the native one and puts it back on shutdown:
        // then the real native fetch is the inner one again (not the wrapper itself, which would loop).
        set: (next: typeof fetch) => {
          inner = next === wrapped ? native : next;
        },
      });
    }, BINDING);
  }
  const recorded = calls;
  return {
    get calls() {
      return recorded;
    },
    async finish() {
      // Let binding calls still in flight arrive: one round trip to every open page.
      await Promise.all(context.pages().map((page) => page.evaluate(() => 0).catch(() => 0)));
      const lines = recorded.flatMap(checkCall);
      recorded.length = 0;
      return lines;
    },
  };
}
