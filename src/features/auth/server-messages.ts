import type { TFunction } from 'i18next';

// The embedded backend answers in English; known messages are shown in the visitor's language.
const KNOWN: Record<string, [string, Record<string, unknown>?]> = {
  'This email is already in use.': ['auth.register.emailInUse'],
  'Please enter your name.': ['auth.register.fullNameRequired'],
  'Please enter a valid email address.': ['auth.register.emailInvalid'],
  'Please enter a valid phone number.': ['auth.register.phoneInvalid'],
  "Password doesn't match. Please try again.": ['auth.register.mismatch'],
  'The password must be at least 8 characters long.': ['auth.register.passwordTooShort', { count: 8 }],
  // The shared text rule's refusals of the name (machines/text/text-rules.ts textMessage).
  'Full name must be at most 100 characters': ['text-input.tooLong', { fieldKey: 'auth.register.fullName', max: 100 }],
  'Full name contains a control character (such as NUL)': ['text-input.controlCharacter', { fieldKey: 'auth.register.fullName' }],
  'Full name contains a text-direction override character (U+202A–U+202E, U+2066–U+2069)': [
    'text-input.bidiControl',
    { fieldKey: 'auth.register.fullName' },
  ],
  'Full name must contain visible characters': ['text-input.invisible', { fieldKey: 'auth.register.fullName' }],
  // Sign-in refusals of an account or organization that is not active (api/services/auth.ts signInRefusal).
  'This account is disabled. Please contact your administrator.': ['auth.login.accountDisabled'],
  'This account is not activated yet. Open the set-password link you received.': ['auth.login.accountInvited'],
  'Your organization is suspended. Please contact your administrator.': ['auth.login.organizationSuspended'],
  'Your organization is archived. Please contact your administrator.': ['auth.login.organizationArchived'],
};

export function translateServerMessage(t: TFunction, message: string): string {
  const known = KNOWN[message];
  if (!known) return message;
  const [key, params] = known;
  const fieldKey = params?.['fieldKey'];
  return t(key, typeof fieldKey === 'string' ? { ...params, field: t(fieldKey) } : params);
}

/** "Try again in N minutes, at <clock time>": when a throttled sign-in may be tried again, in the visitor's language. */
export function tryAgainAt(t: TFunction, language: string, retryAt: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((retryAt - now) / 60_000));
  const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(retryAt);
  return t('auth.login.tooManyAttempts', { count: minutes, time });
}
