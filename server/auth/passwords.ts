/**
 * Passwords in shiro.ini's [users]: plain text (Zeppelin's template) or `$scrypt$<salt-base64>$<hash-base64>`,
 * scrypt with N=16384, r=8, p=1 and a 32-byte key, made by `npm run hash-password`.
 *
 * Every check costs one scrypt run, whatever the stored form and whether the user exists, and compares in
 * constant time, so answer times say nothing about which accounts exist or how their passwords are kept.
 */
import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

export const SCRYPT_PREFIX = '$scrypt$';
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

const scryptAsync = (password: string | Buffer, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))));

export const isHashed = (stored: string): boolean => stored.startsWith(SCRYPT_PREFIX);

/** Why a stored password cannot be used, or undefined when it can. */
export function storedPasswordProblem(stored: string): string | undefined {
  if (!isHashed(stored)) return undefined;
  const parts = stored.slice(SCRYPT_PREFIX.length).split('$');
  if (parts.length !== 2 || !B64.test(parts[0]) || !B64.test(parts[1])) {
    return 'the password looks like a $scrypt$ hash but is not "$scrypt$<salt-base64>$<hash-base64>"; make one with `npm run hash-password`';
  }
  if (Buffer.from(parts[1], 'base64').length !== KEY_LENGTH) return `the $scrypt$ hash must be ${KEY_LENGTH} bytes`;
  return undefined;
}

export async function hashPassword(password: string, salt: Buffer = randomBytes(SALT_LENGTH)): Promise<string> {
  const key = await scryptAsync(password, salt);
  return `${SCRYPT_PREFIX}${salt.toString('base64')}$${key.toString('base64')}`;
}

const DUMMY_SALT = randomBytes(SALT_LENGTH);

/** True when `password` matches `stored`; `stored` undefined (no such user) runs the same work and fails. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored !== undefined && isHashed(stored) && storedPasswordProblem(stored) === undefined) {
    const [salt, hash] = stored.slice(SCRYPT_PREFIX.length).split('$');
    const expected = Buffer.from(hash, 'base64');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64'));
    return timingSafeEqual(actual, expected);
  }
  await scryptAsync(password, DUMMY_SALT);
  if (stored === undefined || isHashed(stored)) return false;
  // Plain text: compare digests, so neither length nor content shows in the time taken.
  const a = createHash('sha256').update(password, 'utf8').digest();
  const b = createHash('sha256').update(stored, 'utf8').digest();
  return timingSafeEqual(a, b);
}
