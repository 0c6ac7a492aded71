import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { deferredActor, flush } from '../testing/deferred';
import { shapeOf } from '../testing/graph';
import { profileMachine, profileValuesOf, validatePassword, validateProfile, type ProfileEmitted } from './profile.machine';
import type { PasswordValues, PhotoFile, ProfileRecord, ProfileValues } from './types';

const PROFILE: ProfileRecord = {
  uid: '4',
  username: 'user',
  email: 'user@acme.example',
  displayName: 'Ulysses User',
  about: '',
  phoneNumber: '+1 555 0100',
  photoURL: '',
  roleId: 4,
  organizationName: 'Acme Logistics',
};
const PNG: PhotoFile = { name: 'me.png', type: 'image/png', size: 120_000 };
const GOOD_PASSWORD: PasswordValues = { currentPassword: 'demo1234', newPassword: 'longer-secret', confirmPassword: 'longer-secret' };

function start() {
  const load = deferredActor<ProfileRecord>();
  const save = deferredActor<ProfileRecord, { values: ProfileValues; version: string | null }>();
  const photo = deferredActor<string, { file: PhotoFile }>();
  const password = deferredActor<null, { values: PasswordValues }>();
  const sessionUpdates: ProfileRecord[] = [];
  const actor = createActor(
    profileMachine.provide({
      actors: { loadProfile: load.logic, saveProfile: save.logic, processPhoto: photo.logic, changePassword: password.logic },
      actions: { updateSessionUser: (_, { profile }) => void sessionUpdates.push(profile) },
    }),
  );
  const emitted: ProfileEmitted[] = [];
  for (const type of ['profile.saved', 'profile.saveFailed', 'profile.passwordChanged', 'profile.passwordFailed'] as const)
    actor.on(type, (e) => emitted.push(e));
  actor.start();
  return { actor, load, save, photo, password, emitted, sessionUpdates };
}

async function loaded() {
  const f = start();
  f.load.last().resolve(PROFILE);
  await flush();
  return f;
}

/** What the app's save throws on a 412 changedElsewhere (src/lib/conflicts.ts): their values at their version. */
const THEIRS: ProfileValues = { displayName: 'Ulysses U.', about: 'Set by an admin', phoneNumber: '+1 555 0100', photoURL: '' };
const changedElsewhere = (theirs: ProfileValues) =>
  Object.assign(new Error('Precondition failed'), {
    status: 412,
    conflict: { theirs, version: '"3"', changedBy: 'Ada Admin', changedAt: '2026-12-06T10:00:00.000Z' },
  });

const fieldError = (fieldErrors: Record<string, string>) => Object.assign(new Error('Unprocessable'), { status: 422, fieldErrors });

describe('profile validation', () => {
  it('applies the shared text rule and the phone pattern', () => {
    expect(validateProfile({ displayName: '  ', about: '', phoneNumber: '', photoURL: '' })).toEqual({ displayName: 'required' });
    expect(validateProfile({ displayName: 'x'.repeat(81), about: 'a\u202Eb', phoneNumber: 'call me', photoURL: '' })).toEqual({
      displayName: 'tooLong',
      about: 'bidiControl',
      phoneNumber: 'invalidPhone',
    });
    expect(validateProfile({ displayName: 'Ann', about: 'line\nline', phoneNumber: '+49 30 1234567', photoURL: '' })).toEqual({});
  });

  it('asks for the current password, 8 characters, a change, and the same twice', () => {
    expect(validatePassword({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' })).toEqual({
      currentPassword: 'required',
      newPassword: 'passwordTooShort',
      confirmPassword: 'passwordMismatch',
    });
    expect(validatePassword({ currentPassword: 'demo1234', newPassword: 'demo1234', confirmPassword: 'demo1234' })).toEqual({
      newPassword: 'samePassword',
    });
    expect(validatePassword(GOOD_PASSWORD)).toEqual({});
  });
});

describe('profile machine: details', () => {
  it('loads the profile into the form, or fails with a retry', async () => {
    const f = start();
    f.load.last().reject(new Error('down'));
    await flush();
    expect(f.actor.getSnapshot().hasTag('details.failed')).toBe(true);
    f.actor.send({ type: 'profile.retry' });
    f.load.last().resolve(PROFILE);
    await flush();
    expect(f.actor.getSnapshot().context.values).toEqual({
      displayName: 'Ulysses User',
      about: '',
      phoneNumber: '+1 555 0100',
      photoURL: '',
    });
  });

  it('shows the errors before sending, and sends nothing', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.change', patch: { displayName: '\u200B\u200B' } });
    f.actor.send({ type: 'profile.save' });
    expect(f.save.calls).toHaveLength(0);
    expect(f.actor.getSnapshot().context.errors).toEqual({ displayName: 'invisible' });
    f.actor.send({ type: 'profile.change', patch: { displayName: 'Ulysses U.' } });
    expect(f.actor.getSnapshot().context.errors).toEqual({});
  });

  it('saves, tells the session the new details (the header), emits the record for the toast, and shows it', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.change', patch: { displayName: 'Ulysses U.', about: 'Night shift' } });
    f.actor.send({ type: 'profile.save' });
    expect(f.actor.getSnapshot().hasTag('details.saving')).toBe(true);
    expect(f.save.last().input.values).toMatchObject({ displayName: 'Ulysses U.', about: 'Night shift' });
    const saved = { ...PROFILE, displayName: 'Ulysses U.', about: 'Night shift' };
    f.save.last().resolve(saved);
    await flush();
    expect(f.sessionUpdates).toEqual([saved]);
    expect(f.emitted).toEqual([{ type: 'profile.saved', profile: saved }]);
    expect(f.actor.getSnapshot().context.profile).toEqual(saved);
  });

  it('keeps what was typed when the save fails, with the server’s field errors', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.change', patch: { phoneNumber: '+1 555 0199', about: 'typed' } });
    f.actor.send({ type: 'profile.save' });
    const error = fieldError({ phoneNumber: 'invalidPhone' });
    f.save.last().reject(error);
    await flush();
    expect(f.actor.getSnapshot().matches({ details: 'editing' })).toBe(true);
    expect(f.actor.getSnapshot().context.values).toMatchObject({ phoneNumber: '+1 555 0199', about: 'typed' });
    expect(f.actor.getSnapshot().context.errors).toEqual({ phoneNumber: 'invalidPhone' });
    expect(f.emitted).toEqual([{ type: 'profile.saveFailed', error }]);
    expect(f.sessionUpdates).toEqual([]);
  });

  it('refuses a file that is not a picture or is over 5 MB, without reading it', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.photo.choose', file: { name: 'cv.pdf', type: 'application/pdf', size: 1000 } });
    expect(f.actor.getSnapshot().context.photoProblem).toBe('notImage');
    f.actor.send({ type: 'profile.photo.choose', file: { name: 'huge.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 } });
    expect(f.actor.getSnapshot().context.photoProblem).toBe('tooLarge');
    expect(f.photo.calls).toHaveLength(0);
  });

  it('crops a picture into the form; an unreadable one is refused; the photo can be removed', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.photo.choose', file: PNG });
    expect(f.actor.getSnapshot().hasTag('photo.processing')).toBe(true);
    expect(f.photo.last().input.file).toEqual(PNG);
    f.photo.last().resolve('data:image/jpeg;base64,AAAA');
    await flush();
    expect(f.actor.getSnapshot().context.values.photoURL).toBe('data:image/jpeg;base64,AAAA');
    f.actor.send({ type: 'profile.photo.choose', file: PNG });
    f.photo.last().reject(new Error('broken'));
    await flush();
    expect(f.actor.getSnapshot().context.photoProblem).toBe('unreadable');
    expect(f.actor.getSnapshot().context.values.photoURL).toBe('data:image/jpeg;base64,AAAA');
    f.actor.send({ type: 'profile.photo.remove' });
    expect(f.actor.getSnapshot().context.values.photoURL).toBe('');
    f.actor.send({ type: 'profile.reset' });
    expect(f.actor.getSnapshot().context.values).toEqual({
      displayName: 'Ulysses User',
      about: '',
      phoneNumber: '+1 555 0100',
      photoURL: '',
    });
  });
});

describe('profile machine: password', () => {
  it('changes the password and clears the form', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.password.change', patch: GOOD_PASSWORD });
    f.actor.send({ type: 'profile.password.submit' });
    expect(f.password.last().input.values).toEqual(GOOD_PASSWORD);
    f.password.last().resolve(null);
    await flush();
    expect(f.emitted).toEqual([{ type: 'profile.passwordChanged' }]);
    expect(f.actor.getSnapshot().context.password).toEqual({ currentPassword: '', newPassword: '', confirmPassword: '' });
  });

  it('shows the mismatch before sending, and a wrong current password from the server, keeping the typed values', async () => {
    const f = await loaded();
    f.actor.send({ type: 'profile.password.change', patch: { ...GOOD_PASSWORD, confirmPassword: 'different' } });
    f.actor.send({ type: 'profile.password.submit' });
    expect(f.password.calls).toHaveLength(0);
    expect(f.actor.getSnapshot().context.passwordErrors).toEqual({ confirmPassword: 'passwordMismatch' });
    f.actor.send({ type: 'profile.password.change', patch: { confirmPassword: GOOD_PASSWORD.confirmPassword } });
    f.actor.send({ type: 'profile.password.submit' });
    f.password.last().reject(fieldError({ currentPassword: 'wrongPassword' }));
    await flush();
    expect(f.actor.getSnapshot().context.passwordErrors).toEqual({ currentPassword: 'wrongPassword' });
    expect(f.actor.getSnapshot().context.password).toEqual(GOOD_PASSWORD);
    expect(f.emitted.map((e) => e.type)).toEqual(['profile.passwordFailed']);
  });
});

describe('profile machine: a change made elsewhere while editing', () => {
  const STORED: ProfileRecord = { ...PROFILE, version: 2 };

  it('sends the version it read; a stale save shows their values beside the typed ones, and keeping mine saves against theirs', async () => {
    const f = start();
    f.load.last().resolve(STORED);
    await flush();
    f.actor.send({ type: 'profile.change', patch: { about: 'Mine' } });
    f.actor.send({ type: 'profile.save' });
    expect(f.save.last().input).toEqual({ values: { ...profileValuesOf(STORED), about: 'Mine' }, version: '"2"' });
    f.save.last().reject(changedElsewhere(THEIRS));
    await flush();
    const snapshot = f.actor.getSnapshot();
    expect(snapshot.matches({ details: 'conflict' })).toBe(true);
    expect(snapshot.context.conflict).toMatchObject({ theirs: THEIRS, changedBy: 'Ada Admin' });
    // Nothing typed is lost, typing on keeps the choice open, and no failure toast: the conflict shows instead.
    expect(snapshot.context.values.about).toBe('Mine');
    f.actor.send({ type: 'profile.change', patch: { about: 'Mine, and more' } });
    expect(f.actor.getSnapshot().matches({ details: 'conflict' })).toBe(true);
    expect(f.emitted).toEqual([]);
    f.actor.send({ type: 'profile.conflict.keepMine' });
    expect(f.save.last().input).toEqual({ values: { ...profileValuesOf(STORED), about: 'Mine, and more' }, version: '"3"' });
    f.save.last().resolve({ ...STORED, about: 'Mine, and more', version: 4 });
    await flush();
    expect(f.actor.getSnapshot().context.version).toBe('"4"');
    expect(f.emitted.map((e) => e.type)).toEqual(['profile.saved']);
  });

  it('take theirs puts their values in the form, unsaved nothing; cancel goes back to the typed values', async () => {
    const f = start();
    f.load.last().resolve(STORED);
    await flush();
    f.actor.send({ type: 'profile.change', patch: { displayName: 'Mine' } });
    f.actor.send({ type: 'profile.save' });
    f.save.last().reject(changedElsewhere(THEIRS));
    await flush();
    f.actor.send({ type: 'profile.conflict.cancel' });
    expect(f.actor.getSnapshot().matches({ details: 'editing' })).toBe(true);
    expect(f.actor.getSnapshot().context.values.displayName).toBe('Mine');
    f.actor.send({ type: 'profile.save' });
    expect(f.save.last().input.version).toBe('"2"');
    f.save.last().reject(changedElsewhere(THEIRS));
    await flush();
    f.actor.send({ type: 'profile.conflict.takeTheirs' });
    const { context } = f.actor.getSnapshot();
    expect(context.values).toEqual(THEIRS);
    expect(context.profile).toMatchObject(THEIRS);
    expect(context.version).toBe('"3"');
    expect(context.conflict).toBeNull();
  });
});

/** The profile machine's graph with the invokes' answers as events; checked equal to the machine's. */
const model = setup({
  types: {
    context: {} as { typed: boolean; conflicted: boolean },
    events: {} as
      | { type: 'profile.change' }
      | { type: 'profile.photo.choose' }
      | { type: 'profile.photo.remove' }
      | { type: 'profile.save' }
      | { type: 'profile.reset' }
      | { type: 'profile.retry' }
      | { type: 'profile.password.change' }
      | { type: 'profile.password.submit' }
      | { type: 'profile.conflict.takeTheirs' }
      | { type: 'profile.conflict.keepMine' }
      | { type: 'profile.conflict.cancel' }
      | { type: `xstate.${'done' | 'error'}.actor.${'loadProfile' | 'saveProfile' | 'processPhoto' | 'changePassword'}` },
  },
}).createMachine({
  id: 'model',
  type: 'parallel',
  context: { typed: false, conflicted: false },
  states: {
    details: {
      initial: 'loading',
      states: {
        loading: { on: { 'xstate.done.actor.loadProfile': 'editing', 'xstate.error.actor.loadProfile': 'failed' } },
        failed: { on: { 'profile.retry': 'loading' } },
        editing: {
          on: {
            'profile.change': {},
            'profile.reset': {},
            'profile.photo.choose': [{ guard: () => false }, { guard: () => false }, { target: 'processingPhoto' }],
            'profile.photo.remove': {},
            'profile.save': [{ target: 'saving' }, {}],
          },
        },
        processingPhoto: { on: { 'xstate.done.actor.processPhoto': 'editing', 'xstate.error.actor.processPhoto': 'editing' } },
        // The first refused save is a change made elsewhere (the runner rejects it with the conflict), later ones fail.
        saving: {
          on: {
            'xstate.done.actor.saveProfile': 'editing',
            'xstate.error.actor.saveProfile': [
              { guard: ({ context }) => !context.conflicted, target: 'conflict', actions: assign({ conflicted: true }) },
              { target: 'editing' },
            ],
          },
        },
        conflict: {
          on: {
            'profile.conflict.takeTheirs': 'editing',
            'profile.conflict.keepMine': [{ target: 'saving' }, { target: 'editing' }],
            'profile.conflict.cancel': 'editing',
            'profile.change': {},
          },
        },
      },
    },
    password: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'profile.password.change': { actions: assign({ typed: true }) },
            'profile.password.submit': [{ guard: ({ context }) => context.typed, target: 'changing' }, {}],
          },
        },
        // A changed password clears the form; a refused one keeps what was typed.
        changing: {
          on: {
            'xstate.done.actor.changePassword': { target: 'idle', actions: assign({ typed: false }) },
            'xstate.error.actor.changePassword': 'idle',
          },
        },
      },
    },
  },
});

describe('profile machine: model-based', () => {
  it('has the same states and edges as its test model', () => {
    expect(shapeOf(model)).toEqual(shapeOf(profileMachine));
  });

  const paths = createTestModel(model).getShortestPaths();
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const f = start();
    for (const step of path.steps) {
      const type = step.event.type;
      if (type === 'xstate.done.actor.loadProfile') f.load.last().resolve(PROFILE);
      else if (type === 'xstate.error.actor.loadProfile') f.load.last().reject(new Error('down'));
      else if (type === 'xstate.done.actor.saveProfile') f.save.last().resolve(PROFILE);
      else if (type === 'xstate.error.actor.saveProfile')
        f.save.last().reject(step.state.matches({ details: 'conflict' }) ? changedElsewhere(THEIRS) : new Error('down'));
      else if (type === 'xstate.done.actor.processPhoto') f.photo.last().resolve('data:image/png;base64,AA');
      else if (type === 'xstate.error.actor.processPhoto') f.photo.last().reject(new Error('broken'));
      else if (type === 'xstate.done.actor.changePassword') f.password.last().resolve(null);
      else if (type === 'xstate.error.actor.changePassword') f.password.last().reject(new Error('down'));
      else if (type === 'profile.photo.choose') f.actor.send({ type, file: PNG });
      else if (type === 'profile.change') f.actor.send({ type, patch: { about: 'x' } });
      else if (type === 'profile.password.change') f.actor.send({ type, patch: GOOD_PASSWORD });
      else if (
        type === 'profile.photo.remove' ||
        type === 'profile.save' ||
        type === 'profile.reset' ||
        type === 'profile.retry' ||
        type === 'profile.password.submit' ||
        type === 'profile.conflict.takeTheirs' ||
        type === 'profile.conflict.keepMine' ||
        type === 'profile.conflict.cancel'
      ) {
        f.actor.send({ type });
      }
      await flush();
      expect(f.actor.getSnapshot().value, `after ${type}`).toEqual(step.state.value);
    }
  });
});
