import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0075: each endpoint is declared once, in the contract, and both sides are
 * typed by that declaration. This test renames the coupon edit's path parameter in the
 * contract (`/api/coupons/{id}` → `{couponId}`, and its params schema with it) in
 * memory, runs the compiler over the API's coupon routes and the web's coupon calls with
 * each app's own settings, and expects both to fail; with the contract as it is, both
 * compile cleanly (so the test can fail).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const contractFile = join(root, 'packages/contract/src/coupons.ts');
const apiFile = join(root, 'apps/api/src/features/coupons/coupons.routes.ts');
const webFile = join(root, 'apps/web/src/features/coupons/api.ts');
/** Declares what the API's routes rely on (`app.db`, `app.config`) for Fastify's types. */
const apiApp = join(root, 'apps/api/src/app.ts');

/** The contract's coupon file with the edit's path parameter renamed. */
function renamedContract(): string {
  const text = readFileSync(contractFile, 'utf8');
  const renamed = text
    .replace(
      "'/api/coupons/{id}', { access: 'admin', summary: 'Edit a coupon' }",
      "'/api/coupons/{couponId}', { access: 'admin', summary: 'Edit a coupon' }",
    )
    .replace(
      'params: couponIdParams, body: couponBody',
      "params: z.object({ couponId: requiredId('Must be a valid coupon id') }), body: couponBody",
    );
  expect(renamed).not.toBe(text);
  return renamed;
}

/** The compiler's errors in `file`, compiled with `tsconfig`'s options and the contract's text `contract`. */
function errorsIn(file: string, tsconfig: string, contract: string, roots: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, tsconfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfig}`);
  const options = { ...config.options, noEmit: true, composite: false, incremental: false };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === contractFile ? contract : readFile(name));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError) =>
    name === contractFile ? ts.createSourceFile(name, contract, language) : getSourceFile(name, language, onError);
  const program = ts.createProgram([file, ...roots], options, host);
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  return ts
    .getPreEmitDiagnostics(program, source)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const sides = [
  { side: 'the API', file: apiFile, tsconfig: 'apps/api/tsconfig.check.json', roots: [apiApp] },
  { side: 'the web', file: webFile, tsconfig: 'apps/web/tsconfig.json', roots: [] },
];

describe('an endpoint changed in the contract (decision 0075)', () => {
  // Each case compiles a program of a few hundred files: seconds, more on a loaded machine.
  it.each(sides)('$side compiles against the contract as it is', { timeout: 180_000 }, ({ file, tsconfig, roots }) => {
    expect(errorsIn(file, tsconfig, readFileSync(contractFile, 'utf8'), roots)).toEqual([]);
  });

  it.each(sides)(
    '$side fails to compile when the coupon edit’s path parameter is renamed',
    { timeout: 180_000 },
    ({ file, tsconfig, roots }) => {
      const errors = errorsIn(file, tsconfig, renamedContract(), roots);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.join('\n')).toMatch(/couponId|'id'/);
    },
  );
});
