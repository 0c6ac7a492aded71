import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { recordContract, type ContractRecorder } from './contract-recorder';
import { signedInState, type DemoAccount, type StorageState } from './auth';

/**
 * The shared fixture of every browser spec: `import { expect, test, type Page } from './support/test'`.
 *
 * It fails a test on any Content-Security-Policy violation the app causes (the preview server enforces
 * the production policy, see docs/security.md). Every page of every context, including those a spec opens
 * itself with `browser.newContext()`/`browser.newPage()`, reports its `securitypolicyviolation` events.
 * A violation it must not count is allowed by the test itself through `csp.allow(...)` (tests/e2e/csp.spec.ts
 * injects attacks on purpose). The mailbox's seeded hostile HTML causes none: its on… attributes are dropped
 * from the text before anything parses it (src/features/email), so it needs no allowance here.
 *
 * It also records every API call the app makes and fails the test on any that does not match the contract,
 * docs/api/openapi.yaml (tests/e2e/support/contract-recorder.ts).
 */
export * from '@playwright/test';

/** One `securitypolicyviolation` event, as the page saw it. */
export interface CspViolation {
  /** The directive that blocked it, e.g. `script-src-elem`, `require-trusted-types-for`. */
  directive: string;
  /** `inline`, `eval`, `trusted-types-sink` or the URL that was blocked. */
  blocked: string;
  /** The first 40 characters of the blocked code ('report-sample'). */
  sample: string;
  /** The script that caused it and where, when the browser knows. */
  source: string;
  line: number;
  /** The page it happened on. */
  url: string;
  disposition: string;
}

type Allow = (violation: CspViolation) => boolean;

/** Everything reported since the last test ended (a `beforeAll` page's reports go to the next test). */
let reported: CspViolation[] = [];
const instrumented = new WeakSet<BrowserContext>();
const contractRecorders = new Map<BrowserContext, ContractRecorder>();
const BINDING = '__e2eReportCspViolation';

async function instrument(context: BrowserContext): Promise<void> {
  if (instrumented.has(context)) return;
  instrumented.add(context);
  contractRecorders.set(context, await recordContract(context));
  context.on('close', () => contractRecorders.delete(context));
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
    reported.push(violation);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const violation = {
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          sample: e.sample,
          source: e.sourceFile,
          line: e.lineNumber,
          url: e.documentURI,
          disposition: e.disposition,
        };
        const send = (window as unknown as Record<string, unknown>)[binding];
        if (typeof send === 'function') void (send as (v: typeof violation) => Promise<void>)(violation);
      },
      true,
    );
  }, BINDING);
}

/** Lets the binding calls still in flight arrive: one round trip to every open page. */
async function flush(browser: Browser): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  await Promise.all(pages.map((page) => page.evaluate(() => 0).catch(() => 0)));
}

export interface CspGuard {
  /** What the app's pages reported during this test so far. */
  violations(): CspViolation[];
  /** Marks violations this test causes on purpose (an injected attack): they do not fail it. */
  allow(match: Allow): void;
}

/**
 * How long one sign-in's storage is reused. The snapshot holds the demo backend's units as they were then, and
 * their simulated agents do not run while no page is open: a unit counts as online for 90 s after its last
 * heartbeat (3 × 30 s, machines/service-units/unit-status.ts), and seeded units last reported up to 25 s before
 * the snapshot. An older snapshot opened every unit offline (`?status=online` empty, layout.spec's phone test,
 * flaky on CI); one made within 45 s still has every unit it saw online online for 20 s, while the page's own
 * agents start beating again.
 */
const SIGNED_IN_STATE_MAX_AGE_MS = 45_000;

interface SignInFixtures {
  /**
   * The demo account a test starts signed in as: `test.use({ signedInAs: 'user' })`. Its page opens any screen
   * at once (`page.goto`), with no login form (the seed is made again, tests/e2e/support/auth.ts); the state is made
   * once per worker and account, and again once it is older than SIGNED_IN_STATE_MAX_AGE_MS.
   * Tests that are about signing in (the form, its errors, the redirects) sign in themselves.
   */
  signedInAs: DemoAccount | null;
}

export const test = base.extend<
  { csp: CspGuard; apiContract: null } & SignInFixtures,
  { cspInstrumentation: null; signedInStates: (account: DemoAccount) => Promise<StorageState> }
>({
  signedInAs: [null, { option: true }],
  signedInStates: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? '';
      // madeAt: when the snapshot was taken (NaN while it is being made).
      const states = new Map<DemoAccount, { state: Promise<StorageState>; madeAt: number }>();
      await use((account) => {
        const known = states.get(account);
        if (known && (Number.isNaN(known.madeAt) || Date.now() - known.madeAt <= SIGNED_IN_STATE_MAX_AGE_MS)) return known.state;
        const entry = { state: signedInState(browser, baseURL, account), madeAt: NaN };
        void entry.state.then(
          () => (entry.madeAt = Date.now()),
          () => states.get(account) === entry && states.delete(account),
        );
        states.set(account, entry);
        return entry.state;
      });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInAs, signedInStates, storageState }, provide) => {
    await provide(signedInAs ? await signedInStates(signedInAs) : storageState);
  },
  cspInstrumentation: [
    async ({ browser }, use) => {
      // Contexts a spec opens itself report too (browser.newPage() goes through newContext()).
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        await instrument(context);
        return context;
      };
      await use(null);
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
  csp: [
    async ({ context, browser }, use) => {
      await instrument(context);
      const allowed: Allow[] = [];
      await use({ violations: () => [...reported], allow: (match) => allowed.push(match) });
      await flush(browser);
      const own = reported.filter((v) => !allowed.some((match) => match(v)));
      reported = [];
      const lines = own.map((v) => `${v.directive} blocked ${v.blocked} "${v.sample}" at ${v.source}:${v.line} on ${v.url}`);
      expect(own, `Content-Security-Policy violations caused by the app:\n${lines.join('\n')}`).toHaveLength(0);
    },
    { auto: true },
  ],
  apiContract: [
    async ({ context }, use) => {
      await instrument(context);
      await use(null);
      const mismatches: string[] = [];
      for (const recorder of contractRecorders.values()) mismatches.push(...(await recorder.finish()));
      expect(mismatches, `API calls that break docs/api/openapi.yaml:\n${mismatches.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
