import type { Change } from '../results';
import type { ProfileRecord } from '../../machines/profile/types';
import { readText } from '../../machines/text/text-rules';
import { ifMatchHolds, versionOf } from '../../core/versions';
import type { Account, ApiEnv } from '../env';
import { isRecord } from '../http';

/**
 * The signed-in user's own profile (docs/profile.md): every role may read and change its own, nobody
 * another's here. Field errors are codes the app translates (the shared text rule's, and the ones below).
 * The profile is the account's record: it carries its version, and a change against a stale one (an
 * administrator changed the account meanwhile, or another tab saved) is refused with the profile as it is now.
 */

const NAME = { max: 80, required: true } as const;
const ABOUT = { max: 500, multiline: true } as const;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
/** A data URL of a PNG, JPEG or WebP picture: the app crops and resizes before sending. */
const PHOTO = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+=*)$/;
export const MAX_PHOTO_CHARS = 200_000;
const MIN_PASSWORD_LENGTH = 8;

/** The file signature each accepted type starts with (`null`: any byte). */
const SIGNATURES: Record<string, readonly (number | null)[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  webp: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50], // RIFF····WEBP
};

/**
 * Whether a data URL is the picture it says it is: the prefix names the type, and the decoded bytes must
 * start with that type's signature (an HTML page behind `data:image/png;base64,` is not a picture).
 */
export function isPhotoDataUrl(value: string): boolean {
  const match = PHOTO.exec(value);
  const signature = match ? SIGNATURES[match[1] ?? ''] : undefined;
  if (!match || !signature) return false;
  let head: string;
  try {
    // 16 base64 characters are 12 bytes: enough for the longest signature.
    head = atob((match[2] ?? '').slice(0, 16).replace(/=+$/, '').padEnd(16, 'A'));
  } catch {
    return false;
  }
  return signature.every((byte, i) => byte === null || head.charCodeAt(i) === byte);
}

/** What a profile service answers: the profile, or a refusal the route turns into HTTP. */
export type ProfileResult = Change<ProfileRecord>;

export async function profileOf(env: ApiEnv, account: Account): Promise<ProfileRecord> {
  const organization = await env.organizations.get(String(account.organizationId));
  return {
    uid: String(account.id),
    username: account.username,
    email: account.email,
    displayName: account.displayName,
    about: account.about,
    phoneNumber: account.phoneNumber,
    photoURL: account.photoURL,
    roleId: account.roleId,
    organizationName: organization?.name ?? '',
    version: versionOf(account),
    ...(account.updatedAt ? { updatedAt: account.updatedAt } : {}),
    ...(account.updatedBy ? { updatedBy: account.updatedBy } : {}),
  };
}

type ProfilePatch = Pick<Account, 'displayName' | 'fullName' | 'about' | 'phoneNumber' | 'photoURL'>;

function readProfile(body: unknown): { patch: ProfilePatch | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!isRecord(body)) return { patch: null, errors: { displayName: 'required' } };
  const name = readText(body['displayName'], NAME);
  if (name.problem) errors['displayName'] = name.problem;
  const about = readText(body['about'], ABOUT);
  if (about.problem) errors['about'] = about.problem;
  const phone = typeof body['phoneNumber'] === 'string' ? body['phoneNumber'].trim() : '';
  if (phone && !PHONE.test(phone)) errors['phoneNumber'] = 'invalidPhone';
  const photo = typeof body['photoURL'] === 'string' ? body['photoURL'] : '';
  if (photo.length > MAX_PHOTO_CHARS) errors['photoURL'] = 'photoTooLarge';
  else if (photo && !isPhotoDataUrl(photo)) errors['photoURL'] = 'invalidPhoto';
  return { patch: { displayName: name.value, fullName: name.value, about: about.value, phoneNumber: phone, photoURL: photo }, errors };
}

/**
 * Changes the caller's profile: refused as stale when `ifMatch` names another version (none: the change
 * goes on, for scripts), as invalid with every field's code; announced as `user.changed` with the change.
 */
export async function updateProfile(env: ApiEnv, caller: Account, body: unknown, ifMatch: string | undefined): Promise<ProfileResult> {
  if (!ifMatchHolds(ifMatch, versionOf(caller))) return { kind: 'stale', current: await profileOf(env, caller) };
  const { patch, errors } = readProfile(body);
  const fields = Object.keys(errors);
  if (!patch || fields.length > 0) return { kind: 'invalid', status: 422, message: `Please correct: ${fields.join(', ')}`, errors };
  const now = env.now();
  const updated = await env.users.update(String(caller.id), {
    ...patch,
    version: versionOf(caller) + 1,
    updatedAt: new Date(now).toISOString(),
    updatedBy: patch.displayName,
  });
  env.events.append({
    type: 'user.changed',
    at: new Date(now).toISOString(),
    organizationId: String(caller.organizationId),
    subjectId: String(caller.id),
    unitId: null,
    data: { change: 'updated' },
  });
  return { kind: 'saved', record: await profileOf(env, updated) };
}

/** Changes the caller's password, given the current one; the new one must be long enough, new, and typed twice alike. */
export async function changePassword(env: ApiEnv, caller: Account, body: unknown): Promise<ProfileResult> {
  const text = (key: string) => (isRecord(body) && typeof body[key] === 'string' ? body[key] : '');
  const current = text('currentPassword');
  const next = text('newPassword');
  const confirm = text('confirmPassword');
  const errors: Record<string, string> = {};
  if (!(await env.passwords.verify(current, caller.salt, caller.passwordHash))) errors['currentPassword'] = 'wrongPassword';
  if (next.length < MIN_PASSWORD_LENGTH) errors['newPassword'] = 'passwordTooShort';
  else if (next === current) errors['newPassword'] = 'samePassword';
  if (next !== confirm) errors['confirmPassword'] = 'passwordMismatch';
  if (Object.keys(errors).length > 0) {
    const message = errors['currentPassword']
      ? 'The current password is wrong.'
      : errors['confirmPassword']
        ? "Password doesn't match. Please try again."
        : 'The new password is not valid.';
    return { kind: 'invalid', status: 422, message, errors };
  }
  await env.users.update(String(caller.id), await env.passwords.derive(next));
  return { kind: 'done' };
}
