import { hmac } from '@noble/hashes/hmac.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hashPassword, randomBase64Url, randomToken, toBase64Url, toHex } from '../core/tokens';

const encoder = new TextEncoder();

export { hashPassword, randomBase64Url, randomToken };

/**
 * SHA-256 of a text as hex, synchronously (@noble/hashes): an agent credential or enrolment token is checked
 * on every agent call, inside a handler that must not wait (a random secret needs no slow hash).
 */
export function sha256HexSync(text: string): string {
  return toHex(sha256(encoder.encode(text)));
}

/** HMAC-SHA-256 of a text under a key, as base64url (43 characters): a secret derived from another. */
export function hmacBase64Url(key: string, text: string): string {
  return toBase64Url(hmac(sha256, encoder.encode(key), encoder.encode(text)));
}

/**
 * The scrypt parameters new password hashes get (docs/security.md, "Server"): N = 2^14, r = 8, p = 1 is
 * 16 MiB of memory per hash, the interactive-login setting of scrypt's author, libsodium, Node and Django.
 * The stored form names them, so raising them later re-hashes each password at its next sign-in.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/** The stored form of a new password: `scrypt$N$r$p$salt$key` (salt and key in hex), plus the salt for the row's `salt` field. */
export interface PasswordRecord {
  salt: string;
  passwordHash: string;
}

async function scryptHex(password: string, salt: string, params: { N: number; r: number; p: number }): Promise<string> {
  // The async form yields every 10 ms: the browser keeps painting, the server keeps answering reads.
  return toHex(await scryptAsync(encoder.encode(password), encoder.encode(salt), { ...params, dkLen: KEY_BYTES, asyncTick: 10 }));
}

/** Hashes a new password with scrypt and a fresh salt. */
export async function derivePasswordHash(password: string, salt = randomToken(16)): Promise<PasswordRecord> {
  const { N, r, p } = SCRYPT_PARAMS;
  return { salt, passwordHash: `scrypt$${N}$${r}$${p}$${salt}$${await scryptHex(password, salt, SCRYPT_PARAMS)}` };
}

interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: string;
  key: string;
}

/** A stored scrypt hash, or null when the text is not one whose parameters are sane (a damaged row costs no 1 GiB). */
function parseScrypt(stored: string): ScryptHash | null {
  const match = /^scrypt\$(\d{1,8})\$(\d{1,2})\$(\d{1,2})\$([0-9a-f]{8,128})\$([0-9a-f]{64})$/.exec(stored);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const powerOfTwo = N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  if (!powerOfTwo || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { N, r, p, salt: match[4] ?? '', key: match[5] ?? '' };
}

/** Compares two hex texts in time that depends on their length only. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether the password matches the stored hash: `scrypt$…` (its own parameters and salt), or the older bare
 * PBKDF2 hex with the row's salt. Anything else (an invited account's empty hash) matches nothing.
 */
export async function verifyPassword(password: string, salt: string, stored: string): Promise<boolean> {
  const scrypt = parseScrypt(stored);
  if (scrypt) return sameHex(await scryptHex(password, scrypt.salt, scrypt), scrypt.key);
  if (/^[0-9a-f]{64}$/.test(stored)) return sameHex(await hashPassword(password, salt), stored);
  return false;
}

/** Whether a hash that matched should be replaced: not scrypt, or scrypt with other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const scrypt = parseScrypt(stored);
  return !scrypt || scrypt.N !== SCRYPT_PARAMS.N || scrypt.r !== SCRYPT_PARAMS.r || scrypt.p !== SCRYPT_PARAMS.p;
}

/**
 * Spends what checking a password costs, for a sign-in name that has no account (or no current hash): the
 * answer then takes as long as for a wrong password, and its timing tells nobody which names exist.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  await scryptHex(password, 'no-account', SCRYPT_PARAMS);
}

/**
 * The slow password work a handler asks for, passed in its context: the browser runs it at once; the
 * server (server/passwords.ts) runs it before the request's transaction opens, never inside it.
 */
export interface PasswordHasher {
  verify(password: string, salt: string, stored: string): Promise<boolean>;
  derive(password: string): Promise<PasswordRecord>;
  /** What a check costs, for a sign-in name with no account (see spendPasswordCheck). */
  spend(password: string): Promise<void>;
}

export const directPasswords: PasswordHasher = {
  verify: verifyPassword,
  derive: (password) => derivePasswordHash(password),
  spend: spendPasswordCheck,
};
