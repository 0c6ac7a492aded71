import { configure, getConfig, type Config } from '@testing-library/dom';

/**
 * A waitFor (or findBy) check that fails (not rendered yet) builds an error whose message prints the whole DOM, on every
 * DOM change and every 50 ms until it passes: 12 % of the CPU of a screen test (screenshots-page.test.tsx). Inside
 * waitFor (Testing Library marks it with `_disableExpensiveErrorDiagnostics`) the message is printed only when
 * something reads it: waitFor's time-out reads its last error's message at once, so a failure still shows the DOM as
 * it was then. Outside waitFor the error is built as before (a failed getBy* is reported after the DOM is cleaned up).
 */
export function makeElementErrorsLazy(): void {
  const { getElementError } = getConfig();
  configure({
    getElementError(message, container) {
      if (!(getConfig() as Config & { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics)
        return getElementError(message, container);
      const error = new Error();
      // The name waitFor looks for to give the error the test's own stack.
      error.name = 'TestingLibraryElementError';
      let text: string | undefined;
      Object.defineProperty(error, 'message', {
        configurable: true,
        get: () => (text ??= getElementError(message, container).message),
        set: (value: string) => {
          text = value;
        },
      });
      return error;
    },
  });
}
