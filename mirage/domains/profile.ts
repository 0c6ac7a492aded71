import type { ProfileRecord } from '../../machines/profile/types';
import type { PasswordHasher } from '../crypto';
import type { MirageDb } from '../db';
import { errorResponse, isRecord, json, jsonVersioned, parseBody, staleWriteRefusal, withAuth, type UserRow } from '../http';
import { versionOf } from '../../core/versions';
import { organizationStore } from '../organization-store';
import { userStore, type AdminUserRow } from '../user-store';
import { readText } from '../../machines/text/text-rules';
import type { MirageContext, MirageDomain } from '../types';
import { emitEvent } from '../events';

/**
 * The signed-in user's own profile (docs/profile.md): GET and PUT /api/me/profile, and
 * POST /api/me/password. Every role may change its own profile; nobody another's here. Field errors
 * are codes the app translates (the shared text rule's, and the ones below). The profile is the user's record: it
 * carries its version (ETag), and a PUT with a stale If-Match (an administrator changed the account meanwhile, or
 * another tab saved) is 412 changedElsewhere with the profile as it is now.
 */

const NAME = { max: 80, required: true } as const;
const ABOUT = { max: 500, multiline: true } as const;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
/** A data URL of a PNG, JPEG or WebP picture: the app crops and resizes before sending. */
const PHOTO = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+=*)$/;

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
export const MAX_PHOTO_CHARS = 200_000;
export const MIN_PASSWORD_LENGTH = 8;

/** `user`: the account as stored (an AdminUserRow: its version and who changed it last). */
export async function profileOf(db: MirageDb, user: AdminUserRow): Promise<ProfileRecord> {
  const org = await organizationStore(db).get(String(user.organizationId));
  return {
    uid: String(user.id),
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    about: user.about,
    phoneNumber: user.phoneNumber,
    photoURL: user.photoURL,
    roleId: user.roleId,
    organizationName: org?.name ?? '',
    version: versionOf(user),
    ...(user.updatedAt ? { updatedAt: user.updatedAt } : {}),
    ...(user.updatedBy ? { updatedBy: user.updatedBy } : {}),
  };
}

function readProfile(body: unknown): { patch: Partial<UserRow>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!isRecord(body)) return { patch: {}, errors: { displayName: 'required' } };
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

async function changePassword(db: MirageDb, user: UserRow, body: unknown, passwords: PasswordHasher) {
  const str = (key: string) => (isRecord(body) && typeof body[key] === 'string' ? body[key] : '');
  const current = str('currentPassword');
  const next = str('newPassword');
  const confirm = str('confirmPassword');
  const errors: Record<string, string> = {};
  if (!(await passwords.verify(current, user.salt, user.passwordHash))) errors['currentPassword'] = 'wrongPassword';
  if (next.length < MIN_PASSWORD_LENGTH) errors['newPassword'] = 'passwordTooShort';
  else if (next === current) errors['newPassword'] = 'samePassword';
  if (next !== confirm) errors['confirmPassword'] = 'passwordMismatch';
  if (Object.keys(errors).length > 0) {
    const message = errors['currentPassword']
      ? 'The current password is wrong.'
      : errors['confirmPassword']
        ? "Password doesn't match. Please try again."
        : 'The new password is not valid.';
    return errorResponse(422, message, errors);
  }
  await userStore(db).update(String(user.id), await passwords.derive(next));
  return json(204);
}

export const profileDomain: MirageDomain = {
  name: 'profile',
  routes(server, ctx: MirageContext) {
    server.get(
      '/me/profile',
      withAuth(server, async ({ db, user }) => {
        const account: AdminUserRow = user;
        return jsonVersioned(200, await profileOf(db, account), versionOf(account));
      }),
    );
    server.put(
      '/me/profile',
      withAuth(server, async ({ db, request, user }) => {
        const account: AdminUserRow = user;
        const stale = staleWriteRefusal(request, versionOf(account), await profileOf(db, account));
        if (stale) return stale;
        const { patch, errors } = readProfile(parseBody(request));
        const fields = Object.keys(errors);
        if (fields.length > 0) return errorResponse(422, `Please correct: ${fields.join(', ')}`, errors);
        const updated = await userStore(db).update(String(user.id), {
          ...patch,
          version: versionOf(account) + 1,
          updatedAt: new Date(ctx.now()).toISOString(),
          updatedBy: patch.displayName ?? user.displayName,
        });
        emitEvent(db, ctx.now(), {
          type: 'user.changed',
          organizationId: user.organizationId,
          subjectId: user.id,
          data: { change: 'updated' },
        });
        return jsonVersioned(200, await profileOf(db, updated), versionOf(updated));
      }),
    );
    server.post(
      '/me/password',
      withAuth(server, ({ db, request, user }) => changePassword(db, user, parseBody(request), ctx.passwords)),
    );
  },
};
