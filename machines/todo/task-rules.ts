import type { TextRule } from '../text/text-rules';

/** A task's text limits: the form and machines check drafts with them, the backend refuses with them (mirage/domains/todo.ts). */
export const TASK_TEXT_RULES = {
  title: { max: 200, required: true },
  desc: { max: 5000, multiline: true },
} satisfies Record<string, TextRule>;
