import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../src/platform/auth/passwords.js';
import type { Db } from '../src/platform/db/create-db.js';

/**
 * One API process started as `npm start` starts it, in a child process so the bench's
 * clients do not share its event loop, and a client to call it over real HTTP. The
 * hostile-body bench (`hostile-load.ts`) and the import bench (`import-load.ts`) use it.
 */

/** The repository's root, where the child process runs. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** An answer: its status (0 when the connection failed or timed out), its body and how long it took. */
export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/**
 * A client of the server on `port` (keep-alive, up to 16 sockets): `send(method, path,
 * body?, headers?, timeoutMs?)` answers whatever happens, never throws.
 */
export function benchClient(port: number, defaultTimeoutMs = 60_000) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  function send(
    method: string,
    path: string,
    body?: Buffer,
    headers: Record<string, string> = {},
    timeoutMs = defaultTimeoutMs,
  ): Promise<Answer> {
    const start = performance.now();
    return new Promise((resolve) => {
      const done = (status: number, text: string) => resolve({ status, body: text, ms: performance.now() - start });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          timeout: timeoutMs,
          headers: {
            ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
          res.on('error', () => done(0, ''));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      // A refused body (413) may close the socket before it is all sent: that is an answer too.
      req.on('error', () => done(0, ''));
      if (body) req.end(body);
      else req.end();
    });
  }

  /** Asks `/api/health` every 200 ms until it answers 200. @throws when `deadline` (epoch ms) passes first. */
  async function waitForHealth(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      if ((await send('GET', '/api/health')).status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not answer on port ${port}`);
  }

  return { send, waitForHealth, close: () => agent.destroy() };
}

/**
 * Starts `apps/api/src/main.ts` on `port` over `databaseUrl`, silent, with a throwaway
 * secret, no demo, rate limits out of the way and `env` on top; `nodeFlags` before it
 * (`SERVER_NODE_FLAGS` for `npm start`'s heap limit).
 */
export function startServer(
  port: number,
  databaseUrl: string,
  { env = {}, nodeFlags = [] }: { env?: Record<string, string>; nodeFlags?: readonly string[] } = {},
): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--conditions=source', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
      CLEANUP_INTERVAL_MINUTES: '0',
      ...env,
    },
  });
}

/** The `p` quantile (0 to 1) of `sorted` (ascending), 0 when empty. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** The admin a bench store is made with. */
export const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'bench-password-1' };

/** Inserts `BENCH_ADMIN` into a freshly migrated bench store (`now`: UTC ISO). */
export async function insertBenchAdmin(db: Db, now: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      name: 'Bench Admin',
      email: BENCH_ADMIN.email,
      passwordHash: await hashPassword(BENCH_ADMIN.password),
      role: 'admin',
      phone: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/**
 * Signs `BENCH_ADMIN` in through the server `send` talks to.
 * @returns the bearer header.
 * @throws Error when the sign-in fails.
 */
export async function signInBenchAdmin(
  send: ReturnType<typeof benchClient>['send'],
): Promise<{ authorization: string }> {
  const login = await send('POST', '/api/auth/admin/login', Buffer.from(JSON.stringify(BENCH_ADMIN)));
  const token = (JSON.parse(login.body) as { token?: string }).token;
  if (!token) throw new Error(`sign-in failed: ${login.status} ${login.body}`);
  return { authorization: `Bearer ${token}` };
}
