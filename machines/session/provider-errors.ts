/** Names of callback failures that are not the provider's own `error` codes. */
export const STATE_MISMATCH = 'state_mismatch';
export const ID_TOKEN_EXPIRED = 'id_token_expired';

/**
 * The name the alert shows for a failed callback: the provider's `error` code (`access_denied`,
 * `login_required`, …), `state_mismatch` for a state that matches no stored request (tampered or
 * replayed), else the error's own name.
 */
export function callbackErrorName(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { error?: unknown }).error;
    if (typeof code === 'string' && code !== '') return code;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && /no matching state/i.test(message)) return STATE_MISMATCH;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  }
  return 'sign_in_failed';
}
