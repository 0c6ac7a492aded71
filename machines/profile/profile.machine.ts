import { assign, emit, fromPromise, not, setup } from 'xstate';
import type { EditConflict } from '../editor/editor.types';
import { normalizeText, textProblem, type TextRule } from '../text/text-rules';
import { MAX_PHOTO_BYTES, MIN_PASSWORD_LENGTH, type PasswordValues, type PhotoFile, type ProfileRecord, type ProfileValues } from './types';

/**
 * The profile screen (docs/profile.md): the user's details and photo, and the password, as two
 * independent regions. A failed save keeps what was typed and says why (field codes from the
 * server, or `saveFailed` for the toast); a successful save tells the session the new details
 * (`updateSessionUser`, which the app provides), so the header changes at once, and emits the record for the toast.
 * A save sends the version the profile was read at (If-Match); refused because the account changed meanwhile (412
 * `changedElsewhere`, the save actor throws `{ conflict }` as the editors' do), it goes to `conflict`: their values
 * beside the typed ones, and a choice: take theirs, keep mine (saved against their version), or back to the form.
 * Nothing typed is lost.
 */

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type PhotoProblem = 'notImage' | 'tooLarge' | 'unreadable';

export interface ProfileContext {
  profile: ProfileRecord | null;
  values: ProfileValues;
  errors: FieldErrors<keyof ProfileValues>;
  photoProblem: PhotoProblem | null;
  loadError: unknown;
  password: PasswordValues;
  passwordErrors: FieldErrors<keyof PasswordValues>;
  /** The profile's version (ETag) as read or last saved, sent as If-Match; null when the server gave none. */
  version: string | null;
  /** The change made elsewhere that refused the last save (in `details.conflict`), or null. */
  conflict: EditConflict<ProfileValues> | null;
}

export type ProfileEvent =
  | { type: 'profile.change'; patch: Partial<Omit<ProfileValues, 'photoURL'>> }
  | { type: 'profile.photo.choose'; file: PhotoFile }
  | { type: 'profile.photo.remove' }
  | { type: 'profile.save' }
  | { type: 'profile.reset' }
  | { type: 'profile.retry' }
  | { type: 'profile.password.change'; patch: Partial<PasswordValues> }
  | { type: 'profile.password.submit' }
  /** In `details.conflict`: their values into the form (to edit on from there). */
  | { type: 'profile.conflict.takeTheirs' }
  /** In `details.conflict`: save the typed values over theirs. */
  | { type: 'profile.conflict.keepMine' }
  /** In `details.conflict`: back to the form, values as typed. */
  | { type: 'profile.conflict.cancel' };

export type ProfileEmitted =
  | { type: 'profile.saved'; profile: ProfileRecord }
  | { type: 'profile.saveFailed'; error: unknown }
  | { type: 'profile.passwordChanged' }
  | { type: 'profile.passwordFailed'; error: unknown };

export const PROFILE_RULES: Readonly<Record<'displayName' | 'about', TextRule>> = {
  displayName: { max: 80, required: true },
  about: { max: 500, multiline: true },
};
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const EMPTY_VALUES: ProfileValues = { displayName: '', about: '', phoneNumber: '', photoURL: '' };
const EMPTY_PASSWORD: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A profile's editable fields (the form's values, and theirs in a conflict). */
export const profileValuesOf = (p: ProfileRecord): ProfileValues => ({
  displayName: p.displayName,
  about: p.about,
  phoneNumber: p.phoneNumber,
  photoURL: p.photoURL,
});

/** The same checks as the server, so most mistakes show before anything is sent. */
export function validateProfile(values: ProfileValues): FieldErrors<keyof ProfileValues> {
  const errors: FieldErrors<keyof ProfileValues> = {};
  for (const field of ['displayName', 'about'] as const) {
    const problem = textProblem(normalizeText(values[field]), PROFILE_RULES[field]);
    if (problem) errors[field] = problem;
  }
  const phone = values.phoneNumber.trim();
  if (phone && !PHONE.test(phone)) errors.phoneNumber = 'invalidPhone';
  return errors;
}

export function validatePassword(values: PasswordValues): FieldErrors<keyof PasswordValues> {
  const errors: FieldErrors<keyof PasswordValues> = {};
  if (!values.currentPassword) errors.currentPassword = 'required';
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = 'passwordTooShort';
  else if (values.newPassword === values.currentPassword) errors.newPassword = 'samePassword';
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

/** `{ fieldErrors }` of whatever a request threw (the app's ApiError), without knowing its class. */
function fieldErrorsOf<K extends string>(error: unknown): FieldErrors<K> {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return {};
  const raw = error.fieldErrors;
  const out: Record<string, string> = {};
  if (typeof raw === 'object' && raw !== null)
    for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') out[key] = value;
  return out as FieldErrors<K>;
}

/** The ETag of a profile's version, or null. */
const versionTagOf = (p: ProfileRecord): string | null => (p.version === undefined ? null : `"${p.version}"`);

/** The conflict a save actor threw (`{ conflict: EditConflict }`), or null for any other error. */
function conflictOf(error: unknown): EditConflict<ProfileValues> | null {
  if (typeof error !== 'object' || error === null || !('conflict' in error)) return null;
  const conflict = error.conflict;
  if (typeof conflict !== 'object' || conflict === null || !('theirs' in conflict) || !('version' in conflict)) return null;
  return conflict as EditConflict<ProfileValues>;
}

const isImageType = (type: string) => /^image\/(png|jpeg|webp|gif|bmp|avif)$/.test(type);
const withoutKeys = <T extends object>(errors: T, keys: string[]): T =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key))) as T;

export const profileMachine = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; emitted: ProfileEmitted },
  actors: {
    loadProfile: fromPromise<ProfileRecord>(async () => {
      throw new Error('loadProfile not provided');
    }),
    saveProfile: fromPromise<ProfileRecord, { values: ProfileValues; version: string | null }>(async () => {
      throw new Error('saveProfile not provided');
    }),
    /** Crops and resizes the chosen picture into a small data URL (the app does it with a canvas). */
    processPhoto: fromPromise<string, { file: PhotoFile }>(async () => {
      throw new Error('processPhoto not provided');
    }),
    changePassword: fromPromise<null, { values: PasswordValues }>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  guards: {
    isProfileValid: ({ context }) => Object.keys(validateProfile(context.values)).length === 0,
    isPasswordValid: ({ context }) => Object.keys(validatePassword(context.password)).length === 0,
    isImage: ({ event }) => event.type === 'profile.photo.choose' && isImageType(event.file.type),
    isSmallEnough: ({ event }) => event.type === 'profile.photo.choose' && event.file.size <= MAX_PHOTO_BYTES,
    isConflict: (_, { error }: { error: unknown }) => conflictOf(error) !== null,
  },
  actions: {
    assignProfile: assign((_, params: { profile: ProfileRecord }) => ({
      profile: params.profile,
      values: profileValuesOf(params.profile),
      errors: {},
      loadError: null,
      version: versionTagOf(params.profile),
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: params.error })),
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'profile.change') return {};
      return { values: { ...context.values, ...event.patch }, errors: withoutKeys(context.errors, Object.keys(event.patch)) };
    }),
    resetValues: assign(({ context }) => ({
      values: context.profile ? profileValuesOf(context.profile) : EMPTY_VALUES,
      errors: {},
      photoProblem: null,
    })),
    showProfileErrors: assign(({ context }) => ({ errors: validateProfile(context.values) })),
    refusePhoto: assign((_, params: { problem: PhotoProblem }) => ({ photoProblem: params.problem })),
    clearPhotoProblem: assign({ photoProblem: null }),
    assignPhoto: assign(({ context }, params: { photoURL: string }) => ({
      values: { ...context.values, photoURL: params.photoURL },
      errors: withoutKeys(context.errors, ['photoURL']),
      photoProblem: null,
    })),
    removePhoto: assign(({ context }) => ({ values: { ...context.values, photoURL: '' }, photoProblem: null })),
    assignSaved: assign((_, params: { profile: ProfileRecord }) => ({
      profile: params.profile,
      values: profileValuesOf(params.profile),
      errors: {},
      version: versionTagOf(params.profile),
    })),
    assignConflict: assign((_, params: { error: unknown }) => ({ conflict: conflictOf(params.error), errors: {} })),
    /** Their values become the form's and the profile's (so nothing shows as unsaved), at their version. */
    takeTheirs: assign(({ context }) =>
      context.conflict && context.profile
        ? {
            profile: { ...context.profile, ...context.conflict.theirs },
            values: context.conflict.theirs,
            version: context.conflict.version,
            conflict: null,
            errors: {},
          }
        : {},
    ),
    keepMine: assign(({ context }) => (context.conflict ? { version: context.conflict.version, conflict: null } : {})),
    dropConflict: assign({ conflict: () => null }),
    assignSaveErrors: assign((_, params: { error: unknown }) => ({ errors: fieldErrorsOf<keyof ProfileValues>(params.error) })),
    /** The app provides it: the session's user (the header, the menu) takes the saved details. */
    updateSessionUser: (_, _params: { profile: ProfileRecord }) => undefined,
    emitSaved: emit((_, params: { profile: ProfileRecord }) => ({ type: 'profile.saved' as const, profile: params.profile })),
    emitSaveFailed: emit((_, params: { error: unknown }) => ({ type: 'profile.saveFailed' as const, error: params.error })),
    applyPasswordChange: assign(({ context, event }) => {
      if (event.type !== 'profile.password.change') return {};
      return {
        password: { ...context.password, ...event.patch },
        passwordErrors: withoutKeys(context.passwordErrors, Object.keys(event.patch)),
      };
    }),
    showPasswordErrors: assign(({ context }) => ({ passwordErrors: validatePassword(context.password) })),
    clearPassword: assign({ password: EMPTY_PASSWORD, passwordErrors: {} }),
    assignPasswordErrors: assign((_, params: { error: unknown }) => ({
      passwordErrors: fieldErrorsOf<keyof PasswordValues>(params.error),
    })),
    emitPasswordChanged: emit({ type: 'profile.passwordChanged' as const }),
    emitPasswordFailed: emit((_, params: { error: unknown }) => ({ type: 'profile.passwordFailed' as const, error: params.error })),
  },
}).createMachine({
  id: 'profile',
  type: 'parallel',
  context: {
    profile: null,
    values: EMPTY_VALUES,
    errors: {},
    photoProblem: null,
    loadError: null,
    password: EMPTY_PASSWORD,
    passwordErrors: {},
    version: null,
    conflict: null,
  },
  states: {
    details: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['details.loading'],
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: { target: 'editing', actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { tags: ['details.failed'], on: { 'profile.retry': 'loading' } },
        editing: {
          on: {
            'profile.change': { actions: 'applyChange' },
            'profile.reset': { actions: 'resetValues' },
            'profile.photo.choose': [
              { guard: not('isImage'), actions: { type: 'refusePhoto', params: { problem: 'notImage' } } },
              { guard: not('isSmallEnough'), actions: { type: 'refusePhoto', params: { problem: 'tooLarge' } } },
              { target: 'processingPhoto', actions: 'clearPhotoProblem' },
            ],
            'profile.photo.remove': { actions: 'removePhoto' },
            'profile.save': [{ guard: 'isProfileValid', target: 'saving' }, { actions: 'showProfileErrors' }],
          },
        },
        processingPhoto: {
          tags: ['photo.processing'],
          invoke: {
            id: 'processPhoto',
            src: 'processPhoto',
            input: ({ event }) => ({ file: event.type === 'profile.photo.choose' ? event.file : { name: '', type: '', size: 0 } }),
            onDone: { target: 'editing', actions: { type: 'assignPhoto', params: ({ event }) => ({ photoURL: event.output }) } },
            onError: { target: 'editing', actions: { type: 'refusePhoto', params: { problem: 'unreadable' } } },
          },
        },
        saving: {
          tags: ['details.saving'],
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => ({ values: context.values, version: context.version }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'assignSaved', params: ({ event }) => ({ profile: event.output }) },
                { type: 'updateSessionUser', params: ({ event }) => ({ profile: event.output }) },
                { type: 'emitSaved', params: ({ event }) => ({ profile: event.output }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: 'conflict',
                actions: { type: 'assignConflict', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                actions: [
                  { type: 'assignSaveErrors', params: ({ event }) => ({ error: event.error }) },
                  { type: 'emitSaveFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        conflict: {
          tags: ['details.conflict'],
          on: {
            'profile.conflict.takeTheirs': { target: 'editing', actions: 'takeTheirs' },
            'profile.conflict.keepMine': [
              { guard: 'isProfileValid', target: 'saving', actions: 'keepMine' },
              { target: 'editing', actions: ['keepMine', 'showProfileErrors'] },
            ],
            'profile.conflict.cancel': { target: 'editing', actions: 'dropConflict' },
            // Typing on while the choice is open keeps what is typed: the choice stays.
            'profile.change': { actions: 'applyChange' },
          },
        },
      },
    },
    password: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'profile.password.change': { actions: 'applyPasswordChange' },
            'profile.password.submit': [{ guard: 'isPasswordValid', target: 'changing' }, { actions: 'showPasswordErrors' }],
          },
        },
        changing: {
          tags: ['password.changing'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({ values: context.password }),
            onDone: { target: 'idle', actions: ['clearPassword', 'emitPasswordChanged'] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignPasswordErrors', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitPasswordFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});
