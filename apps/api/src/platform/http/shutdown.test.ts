import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productSorts } from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { generateLargeStore } from '../../seed/large-store.js';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { createPostgresDatabase, testDbKind } from '../../test/test-app.js';
import { createDb, type DatabaseHandle } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { closeGracefully } from './shutdown.js';

/**
 * Decision 0028: stopping the server under load lets every request still being worked
 * on finish before the database closes. A real server on a file database (SQLite, or a
 * PostgreSQL database of its own under TEST_DB=postgres), kept-alive connections, and a
 * close while product pages are in flight, some of whose clients have gone away.
 */

interface Outcome {
  status?: number;
  body?: string;
  error?: string;
}

let dir: string;
let drop: () => Promise<void> = async () => undefined;
let database: DatabaseHandle;
let app: FastifyInstance;
let port: number;
let headers: { authorization: string };
const handlerErrors: Error[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'haat-shutdown-'));
  let url = `sqlite:${join(dir, 'store.db')}`;
  if (testDbKind === 'postgres') {
    const target = await createPostgresDatabase();
    url = target.url;
    drop = target.drop;
  }
  const config = loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
  });
  database = createDb(config.databaseUrl, { poolSize: 4 });
  await migrateToLatest(database.db);
  await generateLargeStore(database.db, database.kind, { products: 3_000, orders: 0, customers: 100 });
  const admin = await createAdmin(database.db);
  app = await buildApp({ config, database, webRoot: null, logger: false });
  headers = authAs(app, admin);
  // Every error a handler meets, including those of requests whose client has gone
  // (their 500 reaches no one, so only this sees it).
  app.addHook('onError', async (_request, _reply, error) => {
    handlerErrors.push(error);
  });
  // On SQLite a product page's queries run synchronously under Kysely's promises, so a
  // page never spans a socket event; over a network (PostgreSQL) each query does. This
  // route stands for such a page on any database: a query, a wait of 30 ms as on a busy
  // database server, then another query.
  app.get('/api/test/slow-page', { config: { access: 'public' } }, async () => {
    const first = await database.db.selectFrom('products').select('id').limit(1).execute();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = await database.db.selectFrom('products').select('id').limit(50).execute();
    return { ids: [...first, ...second].length };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 120_000);

afterAll(async () => {
  if (database) await database.close().catch(() => undefined);
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET on the agent's kept-alive sockets; `abort()` closes its socket, as a client giving up does. */
function get(agent: Agent, path: string): { outcome: Promise<Outcome>; abort: () => void } {
  let abort: () => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', (error) => resolve({ status: response.statusCode, error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
    abort = () => req.destroy();
    req.end();
  });
  return { outcome, abort };
}

/** Opens a server-sent event stream on its own socket; `ended` resolves when the server ends it. */
function openStream(path: string): Promise<{ status: number; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({ status: response.statusCode ?? 0, ended });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('closing the server under load', () => {
  it('lets the requests in flight finish before the database closes, ends event streams, and completes', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // A signed-in screen's notification stream stays open through it all.
    const stream = await openStream('/api/notifications/stream');
    expect(stream.status).toBe(200);
    // The admin's pages of the whole list (each a count, the page and its images).
    const requests = productSorts
      .flatMap((sort) => Array.from({ length: 16 }, () => sort))
      .map((sort, index) =>
        get(agent, index % 2 ? `/api/products/admin/all?limit=50&sort=${sort}` : '/api/test/slow-page'),
      );
    let answered = 0; // pages answered 200
    let settled = 0;
    const pending = new Set(requests);
    for (const request of requests)
      void request.outcome.then((outcome) => {
        pending.delete(request);
        settled += 1;
        if (outcome.status === 200) answered += 1;
      });
    // Once a few pages are answered, three clients in four still waiting give up (their
    // handlers go on running on closed sockets) and the server is stopped at once.
    while (answered < 4) await new Promise((resolve) => setTimeout(resolve, 1));
    [...pending].forEach((request, index) => {
      if (index % 4 !== 0) request.abort();
    });
    const started = Date.now();
    const closing = closeGracefully(app, database, { drainTimeoutMs: 10_000 });
    expect(settled).toBeLessThan(requests.length / 2);
    await closing;
    const closeMs = Date.now() - started;
    const results = await Promise.all(requests.map((request) => request.outcome));
    agent.destroy();

    // Well inside the drain bound: no idle kept-alive connection held the close.
    expect(closeMs).toBeLessThan(5_000);
    expect(app.inFlight.count).toBe(0);
    const destroyed = handlerErrors.filter((error) => /destroyed/i.test(error.message));
    expect(destroyed.map((error) => error.message)).toEqual([]);
    expect(handlerErrors.map((error) => error.message)).toEqual([]);
    // Answered pages are whole; refused ones are the 503 Fastify sends while closing; the
    // rest are clients that gave up or connections closed before their request was read.
    const failures = results.filter((outcome) => outcome.status !== undefined && outcome.status >= 500);
    expect(failures.filter((outcome) => outcome.status !== 503)).toEqual([]);
    expect(results.some((outcome) => outcome.status === 200)).toBe(true);
    // The close ended the stream rather than waiting on it.
    await stream.ended;
  }, 60_000);
});
