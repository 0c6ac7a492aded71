import type { TFunction } from 'i18next';

// The embedded backend answers in English; known messages are shown in the visitor's language.
const KNOWN: Record<string, [string, Record<string, unknown>?]> = {
  'This email is already in use.': ['auth.register.emailInUse'],
  'Please enter your name.': ['auth.register.fullNameRequired'],
  'Please enter a valid email address.': ['auth.register.emailInvalid'],
  'Please enter a valid phone number.': ['auth.register.phoneInvalid'],
  "Password doesn't match. Please try again.": ['auth.register.mismatch'],
  'The password must be at least 8 characters long.': ['auth.register.passwordTooShort', { count: 8 }],
};

export function translateServerMessage(t: TFunction, message: string): string {
  const known = KNOWN[message];
  return known ? t(known[0], known[1]) : message;
}
