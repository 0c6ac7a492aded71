/** The signed-in user's own profile (GET/PUT /api/me/profile, docs/profile.md). */
export interface ProfileRecord {
  uid: string;
  username: string;
  email: string;
  displayName: string;
  about: string;
  phoneNumber: string;
  /** a small data URL, or '' */
  photoURL: string;
  roleId: 1 | 2 | 3 | 4;
  organizationName: string;
  /** The account's version (its ETag, sent back as If-Match); absent from an answer without one. */
  version?: number;
  /** Who changed the account last, and when, where the server says. */
  updatedBy?: string;
  updatedAt?: string;
}

export interface ProfileValues {
  displayName: string;
  about: string;
  phoneNumber: string;
  photoURL: string;
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** What the app knows of a chosen file before reading it: enough to refuse it at once. */
export interface PhotoFile {
  name: string;
  type: string;
  size: number;
}

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MIN_PASSWORD_LENGTH = 8;
