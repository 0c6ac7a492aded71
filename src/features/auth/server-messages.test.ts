import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { signInWaitOf } from '@machines/session/session.errors';
import { translateServerMessage, tryAgainAt } from './server-messages';

// The backend's English refusals of a sign-in (api/services/auth.ts signInRefusal).
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

describe('a throttled sign-in (429)', () => {
  it('reads the wait from the server’s message, and nothing from any other message', () => {
    expect(signInWaitOf('Too many sign-in attempts. Try again in 600 seconds.')).toBe(600);
    expect(signInWaitOf('Too many sign-in attempts. Try again in 1 second.')).toBe(1);
    expect(signInWaitOf('Email Or Password Invalid')).toBeNull();
  });

  it.each([
    ['en', 'Try again in 3 minutes, at 2:23 PM.'],
    ['de', 'Versuchen Sie es in 3 Minuten erneut, um 14:23.'],
    ['fr', 'Réessayez dans 3 minutes, à 14:23.'],
    ['pt', 'Tente novamente em 3 minutos, às 14:23.'],
  ] as const)('says when to try again in %s: minutes rounded up, and the clock time', (lng, text) => {
    const i18n = createI18n(lng);
    const now = new Date(2026, 0, 1, 14, 20, 30).getTime();
    expect(tryAgainAt(i18n.t, lng, now + 150_000, now)).toContain(text);
  });
});
