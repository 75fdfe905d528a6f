import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23: the served OpenAPI document passes Spectral's OpenAPI and OWASP rulesets
 * with no error, under the repository's `.spectral.yaml` (which lists each rule it
 * changes, with its reason), linted by Spectral's own command as anyone would run it.
 * The document is generated from the contract's endpoints and schemas, so a route that
 * leaves an input unbounded, or a rate-limited endpoint that stops declaring its
 * headers, fails here.
 */

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const spectral = join(root, 'node_modules/.bin/spectral');
const folder = mkdtempSync(join(tmpdir(), 'haat-openapi-'));

interface Finding {
  code: string;
  severity: number;
  path: string[];
  message: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Spectral's errors (severity 0) for `document`, as `code path: message`. */
async function lintErrors(document: unknown, name: string): Promise<string[]> {
  const file = join(folder, `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  const { stdout } = await promisify(execFile)(
    spectral,
    [
      'lint',
      file,
      '--ruleset',
      join(root, '.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
      '--fail-severity',
      'error',
    ],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const findings = JSON.parse(stdout || '[]') as Finding[];
  return findings
    .filter((finding) => finding.severity === 0)
    .map((finding) => `${finding.code} ${finding.path.join('.')}: ${finding.message}`);
}

async function servedDocument() {
  return (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}

describe('GET /api/docs/json under Spectral and its OWASP ruleset', () => {
  it('has no error', { timeout: 120_000 }, async () => {
    expect(await lintErrors(await servedDocument(), 'served')).toEqual([]);
  });

  it('finds the error in an input left without a maximum length (so the lint can fail)', {
    timeout: 120_000,
  }, async () => {
    const document = await servedDocument();
    delete document.paths['/api/coupons'].post.requestBody.content['application/json'].schema.properties.description
      .maxLength;
    const errors = await lintErrors(document, 'unbounded');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^owasp:api4:2023-string-limit paths\.\/api\/coupons\.post\.requestBody/);
  });
});
