import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { translateServerMessage } from './server-messages';

// The backend's English refusals of a sign-in (mirage/domains/users.ts signInRefusal).
const REFUSALS = [
  'This account is disabled. Please contact your administrator.',
  'This account is not activated yet. Open the set-password link you received.',
  'Your organization is suspended. Please contact your administrator.',
  'Your organization is archived. Please contact your administrator.',
];

describe('translateServerMessage', () => {
  it.each(['de', 'fr', 'pt'] as const)('shows every sign-in refusal in %s, never in English', (lng) => {
    const i18n = createI18n(lng);
    const shown = REFUSALS.map((m) => translateServerMessage(i18n.t, m));
    for (const [i, text] of shown.entries()) {
      expect(text).not.toBe(REFUSALS[i]);
      expect(text).not.toMatch(/^auth\./);
    }
    expect(new Set(shown).size).toBe(REFUSALS.length);
  });

  it('passes an unknown message through unchanged', () => {
    const i18n = createI18n('de');
    expect(translateServerMessage(i18n.t, 'Something new')).toBe('Something new');
  });
});
