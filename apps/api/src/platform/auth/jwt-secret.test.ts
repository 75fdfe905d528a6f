import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './jwt-secret.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'haat-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when it is set', () => {
    expect(resolveJwtSecret('s'.repeat(40), tempDir())).toBe('s'.repeat(40));
  });

  it('generates a secret once, keeps it private, and reuses it', () => {
    const dir = join(tempDir(), 'data');
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('refuses a kept secret that is too short', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'jwt-secret'), 'short');
    expect(() => resolveJwtSecret(undefined, dir)).toThrow(/shorter than 32/);
  });
});
