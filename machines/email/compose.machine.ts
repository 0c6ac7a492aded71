import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from './errors';
import { textToHtml } from './plain-text';
import { normalizeText, textProblem } from '../text/text-rules';
import { COMPOSE_TEXT_RULES } from './compose-rules';
import type { ComposeInput } from './types';

/** What the person types: addresses as free text ("a@x.example, b@y.example"), the message as plain text (sent as HTML). */
export interface ComposeFields {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  message: string;
}
export type ComposeField = keyof ComposeFields;

/** Validation codes, translated by the view: `email.fieldErrors.<code>`. */
export type ComposeFieldErrors = Partial<Record<ComposeField, string>>;

export interface ComposeMachineInput {
  fields?: Partial<ComposeFields>;
  /** Editing an existing draft: saving updates it, sending moves it to sent. */
  draftId?: number | null;
  /** Answering this email: the server also adds the message to its thread. */
  replyTo?: number | null;
}

export interface ComposeOutput {
  outcome: 'sent' | 'saved';
  id: number;
  sent: ComposeInput;
}

export interface ComposeContext {
  fields: ComposeFields;
  draftId: number | null;
  replyTo: number | null;
  fieldErrors: ComposeFieldErrors;
  failure: CallFailure | null;
  /** Set once the server accepted the mail. */
  savedId: number | null;
  /** What was last submitted, for the output. */
  submitted: ComposeInput | null;
  outcome: 'sent' | 'saved' | null;
}

export type ComposeEvent =
  { type: 'compose.change'; field: ComposeField; value: string } | { type: 'compose.send' } | { type: 'compose.saveDraft' };

const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const EMPTY: ComposeFields = { to: '', cc: '', bcc: '', subject: '', message: '' };

/** "a@x.example, b@y.example; c@z.example" → the addresses. */
export function parseAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

function addressErrors(fields: ComposeFields): ComposeFieldErrors {
  const errors: ComposeFieldErrors = {};
  for (const field of ['to', 'cc', 'bcc'] as const) {
    if (parseAddresses(fields[field]).some((a) => !ADDRESS.test(a))) errors[field] = 'invalidAddress';
  }
  return errors;
}

export { COMPOSE_TEXT_RULES } from './compose-rules';

/** Errors that block sending; a draft only needs well-formed addresses and acceptable text. */
export function validateCompose(fields: ComposeFields, draft: boolean): ComposeFieldErrors {
  const errors = addressErrors(fields);
  for (const field of ['subject', 'message'] as const) {
    const problem = textProblem(normalizeText(fields[field]), COMPOSE_TEXT_RULES[field]);
    if (problem) errors[field] = problem;
  }
  const recipients = [fields.to, fields.cc, fields.bcc].flatMap(parseAddresses);
  if (!draft && !errors.to && recipients.length === 0) errors.to = 'required';
  return errors;
}

function toInput(context: ComposeContext, draft: boolean): ComposeInput {
  const input: ComposeInput = {
    to: parseAddresses(context.fields.to),
    cc: parseAddresses(context.fields.cc),
    bcc: parseAddresses(context.fields.bcc),
    subject: context.fields.subject.trim(),
    message: textToHtml(context.fields.message),
    draft,
  };
  if (context.replyTo !== null) input.replyTo = context.replyTo;
  if (context.draftId !== null) input.draftId = context.draftId;
  return input;
}

export const composeMachine = setup({
  types: {
    context: {} as ComposeContext,
    events: {} as ComposeEvent,
    input: {} as ComposeMachineInput,
    output: {} as ComposeOutput,
  },
  actors: {
    /** POST /api/apps/email/compose; resolves with the stored id. */
    submitEmail: fromPromise<{ id: number }, ComposeInput>(async () => {
      throw new Error('submitEmail not provided');
    }),
  },
  guards: {
    canSend: ({ context }) => Object.keys(validateCompose(context.fields, false)).length === 0,
    canSaveDraft: ({ context }) => Object.keys(validateCompose(context.fields, true)).length === 0,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'compose.change') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { fields: { ...context.fields, [event.field]: event.value }, fieldErrors };
    }),
    assignSendErrors: assign({ fieldErrors: ({ context }) => validateCompose(context.fields, false) }),
    assignDraftErrors: assign({ fieldErrors: ({ context }) => validateCompose(context.fields, true) }),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    assignFailure: assign((_, { error }: { error: unknown }) => {
      const failure = toCallFailure(error);
      const fieldErrors: ComposeFieldErrors = {};
      for (const field of ['to', 'cc', 'bcc', 'subject', 'message'] as const) {
        const code = failure.fieldErrors[field];
        if (code) fieldErrors[field] = code;
      }
      return { failure, fieldErrors };
    }),
  },
}).createMachine({
  id: 'compose',
  context: ({ input }) => ({
    fields: { ...EMPTY, ...input.fields },
    draftId: input.draftId ?? null,
    replyTo: input.replyTo ?? null,
    fieldErrors: {},
    failure: null,
    savedId: null,
    submitted: null,
    outcome: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'compose.change': { actions: 'assignField' },
        'compose.send': [{ guard: 'canSend', target: 'sending' }, { actions: 'assignSendErrors' }],
        'compose.saveDraft': [{ guard: 'canSaveDraft', target: 'savingDraft' }, { actions: 'assignDraftErrors' }],
      },
    },
    sending: {
      entry: ['clearFailure', assign({ submitted: ({ context }) => toInput(context, false) })],
      invoke: {
        id: 'submitEmail',
        src: 'submitEmail',
        input: ({ context }) => toInput(context, false),
        onDone: { target: 'sent', actions: assign({ savedId: ({ event }) => event.output.id, outcome: 'sent' }) },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingDraft: {
      entry: ['clearFailure', assign({ submitted: ({ context }) => toInput(context, true) })],
      invoke: {
        id: 'submitEmail',
        src: 'submitEmail',
        input: ({ context }) => toInput(context, true),
        onDone: {
          target: 'saved',
          actions: assign({ savedId: ({ event }) => event.output.id, draftId: ({ event }) => event.output.id, outcome: 'saved' }),
        },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** What was typed is kept; the person fixes it or tries again. */
    failed: {
      on: {
        'compose.change': { target: 'editing', actions: 'assignField' },
        'compose.send': [
          { guard: 'canSend', target: 'sending' },
          { target: 'editing', actions: 'assignSendErrors' },
        ],
        // The fields here passed canSend or canSaveDraft on the way in and cannot have changed (a change
        // goes back to editing), and the draft rules are the send rules minus "needs a recipient": saving
        // them as a draft is always allowed, so "Save draft" after a failure simply tries again.
        'compose.saveDraft': { target: 'savingDraft' },
      },
    },
    sent: { type: 'final' },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({
    outcome: context.outcome ?? 'sent',
    id: context.savedId ?? 0,
    sent: context.submitted ?? toInput(context, false),
  }),
});
