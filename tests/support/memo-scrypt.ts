import { scrypt, scryptAsync as computeScrypt, type ScryptOpts } from '../../node_modules/@noble/hashes/scrypt.js';

/**
 * @noble/hashes/scrypt.js as the unit tests import it (vite.config.ts aliases it here). scrypt is a pure function,
 * and almost every test signs in: the same demo password against the same salt (mirage/domains/accounts.ts derives
 * the demo hash once a process), 100–150 ms of CPU each time. A result already computed in this worker is given
 * again, a copy of the same bytes; any other input is computed as before.
 */
export { scrypt };

const known = new Map<string, Uint8Array>();
const text = (input: string | Uint8Array) => (typeof input === 'string' ? `s:${input}` : `b:${Array.from(input).join(',')}`);

export async function scryptAsync(password: string | Uint8Array, salt: string | Uint8Array, opts: ScryptOpts): Promise<Uint8Array> {
  const key = [text(password), text(salt), opts.N, opts.r, opts.p, opts.dkLen ?? 32].join('|');
  let result = known.get(key);
  if (!result) {
    result = await computeScrypt(password, salt, opts);
    known.set(key, result);
  }
  return new Uint8Array(result);
}
