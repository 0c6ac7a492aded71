import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { composeMachine, parseAddresses, validateCompose, type ComposeMachineInput } from './compose.machine';
import type { ComposeInput } from './types';

function start(submit: (input: ComposeInput) => Promise<{ id: number }>, input: ComposeMachineInput = {}) {
  const calls: ComposeInput[] = [];
  const machine = composeMachine.provide({
    actors: {
      submitEmail: fromPromise<{ id: number }, ComposeInput>(({ input: body }) => {
        calls.push(body);
        return submit(body);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls };
}

function type(actor: ReturnType<typeof start>['actor'], fields: Record<string, string>) {
  for (const [field, value] of Object.entries(fields)) {
    actor.send({ type: 'compose.change', field: field as 'to', value });
  }
}

describe('parseAddresses and validateCompose', () => {
  it('splits on commas, semicolons and spaces', () => {
    expect(parseAddresses(' a@x.example, b@y.example;c@z.example  ')).toEqual(['a@x.example', 'b@y.example', 'c@z.example']);
    expect(parseAddresses('')).toEqual([]);
  });
  it('needs a recipient to send but not to save a draft; bad addresses block both', () => {
    const blank = { to: '', cc: '', bcc: '', subject: '', message: '' };
    expect(validateCompose(blank, false)).toEqual({ to: 'required' });
    expect(validateCompose(blank, true)).toEqual({});
    expect(validateCompose({ ...blank, cc: 'ok@x.example' }, false)).toEqual({});
    expect(validateCompose({ ...blank, to: 'nope', bcc: 'a@b' }, true)).toEqual({ to: 'invalidAddress', bcc: 'invalidAddress' });
  });
});

describe('composeMachine', () => {
  it('starts editing with the given fields (a draft or a reply)', () => {
    const { actor } = start(async () => ({ id: 1 }), { fields: { to: 'a@x.example', subject: 'Re: hi' }, replyTo: 7 });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fields).toEqual({ to: 'a@x.example', cc: '', bcc: '', subject: 'Re: hi', message: '' });
  });

  it('editing → sending → sent, with the parsed body and the output', async () => {
    const { actor, calls } = start(async () => ({ id: 42 }), { replyTo: 7 });
    type(actor, { to: 'a@x.example, b@y.example', cc: 'c@z.example', subject: '  Hello ', message: 'Body' });
    actor.send({ type: 'compose.send' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.matches('sent')).toBe(true);
    expect(calls).toEqual([
      {
        to: ['a@x.example', 'b@y.example'],
        cc: ['c@z.example'],
        bcc: [],
        subject: 'Hello',
        message: '<p>Body</p>',
        draft: false,
        replyTo: 7,
      },
    ]);
    expect(done.output).toEqual({ outcome: 'sent', id: 42, sent: calls[0] });
  });

  it('does not send without a valid recipient: stays editing with field errors, which clear when the field changes', () => {
    const { actor, calls } = start(async () => ({ id: 1 }));
    actor.send({ type: 'compose.send' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ to: 'required' });
    type(actor, { to: 'broken' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'compose.send' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ to: 'invalidAddress' });
    actor.send({ type: 'compose.saveDraft' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ to: 'invalidAddress' });
    expect(calls).toHaveLength(0);
  });

  it('editing → savingDraft → saved, updating the given draft', async () => {
    const { actor, calls } = start(async () => ({ id: 9 }), { draftId: 9, fields: { subject: 'Plan' } });
    actor.send({ type: 'compose.saveDraft' });
    expect(actor.getSnapshot().matches('savingDraft')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.matches('saved')).toBe(true);
    expect(calls[0]).toMatchObject({ draft: true, draftId: 9, subject: 'Plan', to: [] });
    expect(done.output).toMatchObject({ outcome: 'saved', id: 9 });
  });

  it('sending → failed keeps everything typed and the server field errors; send again retries', async () => {
    const fail = Object.assign(new Error('The email could not be saved'), { status: 422, fieldErrors: { to: 'invalidAddress' } });
    const submit = vi.fn<(input: ComposeInput) => Promise<{ id: number }>>().mockRejectedValueOnce(fail).mockResolvedValueOnce({ id: 5 });
    const { actor } = start(submit);
    type(actor, { to: 'a@x.example', subject: 'Keep me', message: 'Long text' });
    actor.send({ type: 'compose.send' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.fields).toEqual({ to: 'a@x.example', cc: '', bcc: '', subject: 'Keep me', message: 'Long text' });
    expect(failed.context.failure).toMatchObject({ message: 'The email could not be saved', status: 422 });
    expect(failed.context.fieldErrors).toEqual({ to: 'invalidAddress' });
    actor.send({ type: 'compose.send' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect((await waitFor(actor, (s) => s.status === 'done')).matches('sent')).toBe(true);
  });

  it('failed → editing on a change; failed → savingDraft on a draft retry', async () => {
    const submit = vi.fn<(input: ComposeInput) => Promise<{ id: number }>>().mockRejectedValue(new Error('offline'));
    const { actor } = start(submit);
    type(actor, { to: 'a@x.example' });
    actor.send({ type: 'compose.send' });
    await waitFor(actor, (s) => s.matches('failed'));
    type(actor, { message: 'more' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fields.message).toBe('more');
    actor.send({ type: 'compose.saveDraft' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'compose.saveDraft' });
    expect(actor.getSnapshot().matches('savingDraft')).toBe(true);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(submit).toHaveBeenCalledTimes(3);
  });

  it('failed → editing with the errors when the retry is a send the fields do not allow (a recipient-less draft)', async () => {
    const { actor, calls } = start(async () => Promise.reject(new Error('offline')), { fields: { subject: 'No one yet' } });
    actor.send({ type: 'compose.saveDraft' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'compose.send' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ to: 'required' });
    expect(calls).toHaveLength(1);
  });
});
