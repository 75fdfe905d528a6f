import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs session tokens: `JWT_SECRET` when set; otherwise one
 * generated on first start and kept in `<dataDir>/jwt-secret` (mode 600, set again on
 * every start; `dataDir` made 0700), so
 * sessions survive a restart. Several API processes must share `JWT_SECRET`.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'jwt-secret');
  try {
    // 'wx' fails if another process created it first; then we read theirs.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // One kept from before, or written by hand: the owner's alone from now on (issue 23).
    chmodSync(file, 0o600);
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return secret;
}
