import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';

/*
 * Every test fails when it writes to console.error, or when React or Recharts writes to console.warn: a React
 * warning (an update outside act(...), invalid markup such as <div> inside <p>, a missing key) is a
 * defect, not noise, and so is a Recharts warning (a chart drawn 0×0). Nothing is allow-listed. A test whose behaviour *is* an error being logged spies on
 * the console itself and asserts the call:
 *
 *   const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
 *   ...
 *   expect(logged).toHaveBeenCalledWith(...);
 *
 * The message is still printed where it happened (Vitest shows it under the test's name); the test then
 * fails in afterEach with a summary. Used by both Vitest projects (see vite.config.ts).
 */

const FAILING_WARN_FRAME = /[\\/]node_modules[\\/](react|react-dom|scheduler|recharts)[\\/]/;
const HINT =
  'Fix the cause instead of hiding it: await what updates state (findBy*, await user.click(...)), ' +
  'advance fake timers inside act, unmount what keeps running. If the error is the behaviour under test, ' +
  "spy on it (vi.spyOn(console, 'error').mockImplementation(() => undefined)) and assert the call.";

const logged: string[] = [];
const print = { error: console.error.bind(console), warn: console.warn.bind(console) };

function record(kind: string, args: unknown[]): void {
  const text = format(...args).split('\n')[0] ?? '';
  logged.push(`${kind}: ${text}`);
}

const guardedError = (...args: unknown[]) => {
  record('console.error', args);
  print.error(...args);
};

/** True when React or Recharts itself called console.warn (its direct caller is their code, not code React renders). */
function calledByReactOrRecharts(): boolean {
  // The first frame outside this file is whoever called console.warn (line 0 is "Error", then this guard's own frames).
  const caller =
    (new Error().stack ?? '')
      .split('\n')
      .slice(1)
      .find((frame) => !frame.includes('console-guard')) ?? '';
  return FAILING_WARN_FRAME.test(caller);
}

const guardedWarn = (...args: unknown[]) => {
  // React's and Recharts' own warnings fail; another library's or the app's console.warn is printed as usual.
  if (calledByReactOrRecharts()) record('console.warn from React or Recharts', args);
  print.warn(...args);
};

// Installed again before every test: a spy an earlier test left in place never silences a later one.
function install(): void {
  console.error = guardedError;
  console.warn = guardedWarn;
}
install();
beforeEach(install);

function failOnLogged(when: string): void {
  if (logged.length === 0) return;
  const lines = logged.splice(0).map((line, i) => `  ${i + 1}. ${line}`);
  throw new Error(`${lines.length} console error(s) ${when}. ${HINT}\n${lines.join('\n')}`);
}

// Registered before tests/setup.ts's hooks, so it runs after them (Vitest runs afterEach hooks in reverse):
// what React logs while the DOM is cleaned up counts for the test too.
afterEach(() => failOnLogged('during this test'));
afterAll(() => failOnLogged('after the last test of this file (something kept running)'));
