import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts a whole value into a field at once: a click, then a paste at the caret. For tests about what a form does with
 * a value, not about typing it: every keystroke re-renders the whole form (and Mantine's textarea autosize measures
 * again), ~50–100 ms apiece in jsdom on a shared machine.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
