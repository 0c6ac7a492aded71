import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { profileMachine, profileValuesOf } from '@machines/profile/profile.machine';
import { useActorEvents } from '@/components/actor-bridges';
import { ApiError } from '@/lib/api-client';
import { rethrowAsConflict } from '@/lib/conflicts';
import { sessionCommands } from '@/lib/session';
import { changePassword } from '../api/change-password';
import { getProfile } from '../api/get-profile';
import { resizePhoto } from '../api/resize-photo';
import { updateProfile } from '../api/update-profile';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** The spec's profile-update error toast stays 8.8 s. */
export const PROFILE_ERROR_TOAST_MS = 8800;
const ERROR_TOAST_MS = 2500;

export const profileMachineWithApi = profileMachine.provide({
  actors: {
    loadProfile: fromPromise(({ signal }) => getProfile(signal)),
    saveProfile: fromPromise(({ input }) => updateProfile(input.values, input.version).catch(rethrowAsConflict(profileValuesOf))),
    processPhoto: fromPromise(({ input }) =>
      input.file instanceof Blob ? resizePhoto(input.file) : Promise.reject(new Error('Not a file')),
    ),
    changePassword: fromPromise(({ input }) => changePassword(input.values)),
  },
  actions: {
    updateSessionUser: (_, { profile }) =>
      sessionCommands.updateUser({ displayName: profile.displayName, about: profile.about, photoURL: profile.photoURL }),
  },
});

export type ProfileActor = ActorRefFrom<typeof profileMachineWithApi>;

/** The profile screen's actor; its outcomes become toasts and the session's user (the header) follows a save. */
export function useProfile(): ProfileActor {
  const { t } = useTranslation();
  const actor = useScreenActor(profileMachineWithApi);
  useActorEvents(actor, {
    'profile.saved': () => notifications.show({ color: 'teal', message: t('profile.saved') }),
    'profile.saveFailed': ({ error }) => {
      const reason =
        error instanceof ApiError && error.status === 422
          ? t('profile.saveInvalid')
          : error instanceof ApiError && error.isNetworkError
            ? t('profile.offline')
            : t('profile.saveFailedText');
      notifications.show({ color: 'red', title: t('profile.saveFailed'), message: reason, autoClose: PROFILE_ERROR_TOAST_MS });
    },
    'profile.passwordChanged': () => notifications.show({ color: 'teal', message: t('profile.password.changed') }),
    'profile.passwordFailed': ({ error }) => {
      const invalid = error instanceof ApiError && error.status === 422;
      notifications.show({
        color: 'red',
        message: invalid ? t('profile.password.invalid') : t('profile.password.failed'),
        autoClose: ERROR_TOAST_MS,
      });
    },
  });
  return actor;
}
