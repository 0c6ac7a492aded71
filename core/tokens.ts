/**
 * Random tokens and PBKDF2 digests through Web Crypto (the browser's and Node's), for every layer: the API's
 * set-password links, the embedded backend's sessions and passwords (mirage/crypto.ts has the rest).
 */

const encoder = new TextEncoder();

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function randomToken(bytes = 24): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return toHex(data.buffer);
}

/**
 * PBKDF2-SHA-256 through Web Crypto, as bare hex with the salt kept in the row's `salt` field: how passwords
 * were stored before scrypt (still accepted, and replaced at the next sign-in), and the set-password links'
 * digests (one round: a random token needs no slow hash).
 */
export async function hashPassword(password: string, salt: string, iterations = 10_000): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations }, key, 256);
  return toHex(bits);
}

/** SHA-256 of a text, as hex (keys that must not keep what was typed, e.g. a sign-in name). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** Random bytes as base64url without padding (32 bytes: 43 characters). */
export function randomBase64Url(bytes = 32): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return toBase64Url(data);
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
