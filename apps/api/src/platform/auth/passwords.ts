import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto). Stored as
 * `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>` so the cost can rise later
 * without invalidating old hashes. Plain passwords are never stored or logged.
 */

const KEY_LENGTH = 64;
const DEFAULT_COST = { N: 16_384, r: 8, p: 1 };

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT_COST);
  const { N, r, p } = DEFAULT_COST;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of nothing anyone knows: verifying against it costs as much as a real check. */
const DECOY_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/**
 * Checks a password against a stored hash in constant time. With no stored hash
 * (unknown e-mail, or an account without a password) it still does the work, so
 * timing does not reveal which e-mails exist, and answers false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = (stored ?? DECOY_HASH).split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored != null && actual.length === expected.length && timingSafeEqual(actual, expected);
}
