import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authFormMachine, type AuthFormValues } from './auth-form.machine';

class FieldError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
  }
}

function start(submit: (values: AuthFormValues) => Promise<unknown>) {
  const sent: AuthFormValues[] = [];
  const actor = createActor(
    authFormMachine.provide({
      actors: {
        submit: fromPromise<unknown, AuthFormValues>(({ input }) => {
          sent.push(input);
          return submit(input);
        }),
      },
    }),
  );
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  return { actor, sent, emitted };
}

describe('auth form machine', () => {
  it('sends the values once and ends on success', async () => {
    const { actor, sent, emitted } = start(async () => ({}));
    actor.send({ type: 'form.submit', values: { email: 'a@b.co' } });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(sent).toEqual([{ email: 'a@b.co' }]);
    expect(emitted).toEqual(['succeeded']);
  });

  it('keeps the server message and field errors on failure, and clears them on the next try', async () => {
    let fail = true;
    const { actor, emitted } = start(async () => {
      if (fail) throw new FieldError('This email is already in use.', { email: 'This email is already in use.' });
      return {};
    });
    actor.send({ type: 'form.submit', values: { email: 'admin@acme.example' } });
    await waitFor(actor, (s) => s.matches('editing'));
    const { context } = actor.getSnapshot();
    expect(context.errorMessage).toBe('This email is already in use.');
    expect(context.fieldErrors).toEqual({ email: 'This email is already in use.' });
    expect(context.values).toEqual({ email: 'admin@acme.example' });
    expect(emitted).toEqual(['failed']);
    fail = false;
    actor.send({ type: 'form.submit', values: { email: 'new@acme.example' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await waitFor(actor, (s) => s.matches('succeeded'));
  });
});
