import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { SMTPServer } from 'smtp-server';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { queueMail } from '../src/platform/mail/outbox.js';
import { benchClient, percentile, repoRoot, startServer } from './child-server.js';
import { SERVER_NODE_FLAGS } from './process-memory.js';

/**
 * Issue 36 'Scale and reliability': one API process (a child, started as `npm start`
 * starts it) delivers `mails` queued mails (default 10,000: a digest run) to an SMTP
 * server in this process (`smtp-server`, accepting everything), while `/api/health` is
 * probed every 20 ms. Reports the delivery rate (mails a second, from the first to the
 * last received) and the probe's p50/p95/max while the outbox drains.
 * Targets: at least 100 mails a second; health p95 under 50 ms.
 *
 * `npx tsx --conditions=source apps/api/bench/mail-outbox.ts [mails]`. SQLite, in
 * `.bench/mail-outbox.db`, made afresh. `BENCH_PORT` (default 3323).
 */

const mails = Number(process.argv[2] ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 3323);
const sqlitePath = `${repoRoot}.bench/mail-outbox.db`;

async function main() {
  mkdirSync(`${repoRoot}.bench`, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
  const database = createDb(`sqlite:${sqlitePath}`);
  await migrateToLatest(database.db);
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < mails; i += 1)
      await queueMail(trx, {
        to: { email: `vendor${i}@example.test` },
        template: 'payout-paid',
        data: { amountPaise: 100_000 + i, reference: `UTR${i}` },
        dedupeKey: `bench:${i}`,
      });
  });
  await database.close();

  let received = 0;
  let first = 0;
  let last = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        const now = performance.now();
        if (first === 0) first = now;
        last = now;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const { send, waitForHealth, close } = benchClient(port, 60_000);
  const child = startServer(port, `sqlite:${sqlitePath}`, {
    nodeFlags: SERVER_NODE_FLAGS,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '500' },
  });
  try {
    await waitForHealth(Date.now() + 120_000);
    const probes: number[] = [];
    const deadline = Date.now() + 10 * 60_000;
    while (received < mails && Date.now() < deadline) {
      probes.push((await send('GET', '/api/health')).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    probes.sort((a, b) => a - b);
    const seconds = (last - first) / 1000;
    console.log(
      JSON.stringify(
        {
          mails,
          received,
          seconds: Number(seconds.toFixed(2)),
          mailsPerSecond: Math.round(received / Math.max(seconds, 0.001)),
          health: {
            probes: probes.length,
            p50: Number(percentile(probes, 0.5).toFixed(1)),
            p95: Number(percentile(probes, 0.95).toFixed(1)),
            max: Number((probes.at(-1) ?? 0).toFixed(1)),
          },
          cpus: cpus().length,
          loadavg: loadavg().map((value) => Number(value.toFixed(2))),
        },
        null,
        2,
      ),
    );
  } finally {
    child.kill('SIGTERM');
    close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

await main();
