import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { profileMachine } from './profile.machine';
const machine = profileMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    {
      type: 'xstate.done.actor.loadProfile',
      output: { uid: 'u1', username: 'ada', email: 'ada@example.com', displayName: 'Ada', about: '', phoneNumber: '', photoURL: '' },
    },
    { type: 'xstate.error.actor.loadProfile', error: new Error('offline') },
    { type: 'profile.change', patch: { displayName: '' } },
    { type: 'profile.change', patch: { displayName: 'Ada L.' } },
    { type: 'profile.photo.choose', file: { name: 'a.png', type: 'image/png', size: 1000 } },
    { type: 'profile.photo.choose', file: { name: 'a.txt', type: 'text/plain', size: 1000 } },
    { type: 'profile.photo.choose', file: { name: 'b.png', type: 'image/png', size: 50_000_000 } },
    { type: 'xstate.done.actor.processPhoto', output: 'data:image/png;base64,AAAA' },
    { type: 'xstate.error.actor.processPhoto', error: new Error('unreadable') },
    {
      type: 'xstate.done.actor.saveProfile',
      output: { uid: 'u1', username: 'ada', email: 'ada@example.com', displayName: 'Ada L.', about: '', phoneNumber: '', photoURL: '' },
    },
    { type: 'xstate.error.actor.saveProfile', error: new Error('offline') },
    // Changed elsewhere meanwhile (412): their values beside the typed ones.
    {
      type: 'xstate.error.actor.saveProfile',
      error: Object.assign(new Error('Precondition failed'), {
        conflict: {
          theirs: { displayName: 'Ada', about: 'Theirs', phoneNumber: '', photoURL: '' },
          version: '"2"',
          changedBy: 'Admin',
          changedAt: null,
        },
      }),
    },
    {
      type: 'profile.password.change',
      patch: { currentPassword: 'old-secret-1', newPassword: 'new-secret-12', confirmPassword: 'new-secret-12' },
    },
    { type: 'profile.password.change', patch: { confirmPassword: 'other' } },
    { type: 'xstate.done.actor.changePassword', output: null },
    { type: 'xstate.error.actor.changePassword', error: Object.assign(new Error('Wrong password'), { status: 400 }) },
  ],
  // The two regions and the guards' inputs; errors shown and loaded records do not open new branches.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      name: snapshot.context.values.displayName,
      photo: snapshot.context.values.photoURL,
      password: snapshot.context.password,
      loaded: snapshot.context.profile !== null,
      version: snapshot.context.version,
    }),
};

describe('profile machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
