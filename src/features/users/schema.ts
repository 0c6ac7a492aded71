import type { FieldErrors } from '@machines/editor/editor.machine';
import { readUserFields } from '../../../core/user-input';
import type { UserFormValues } from './api/types';

/** The full name's limit for the form's counter: the backend's (core/user-input.ts). */
export { USER_TEXT_RULES } from '../../../core/user-input';

/**
 * Field → error code, empty when valid: the backend's own check of the fields (core/user-input.ts). Admins invite into
 * their own organization (the backend sets it); a super admin's choice is checked by the backend (422).
 */
export function validateUser(values: UserFormValues): FieldErrors {
  return readUserFields(values).errors;
}

/** The set-password form: at least 8 characters, both entries equal. */
export function validateNewPassword(password: string, rePassword: string): FieldErrors {
  const errors: FieldErrors = {};
  if (password.length < 8) errors['password'] = 'tooShort';
  else if (password.length > 128) errors['password'] = 'tooLongPassword';
  if (password !== rePassword) errors['rePassword'] = 'mismatch';
  return errors;
}
