import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './platform/db/create-db.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { closeGracefully } from './platform/http/shutdown.js';
import { DEMO_LOGINS, seedDemoStoreIfEmpty } from './seed/demo-store.js';

/**
 * Starts the back office: reads the configuration, migrates the database, seeds
 * the demo store into an empty database (unless `SEED_DEMO=false`), listens, and
 * closes cleanly on SIGTERM/SIGINT: requests still being worked on finish before the
 * database closes (decision 0028).
 */
async function main() {
  const config = loadConfig();
  const database = createDb(config.databaseUrl, { sqliteMmapBytes: config.sqliteMmapMb * 1024 * 1024 });
  await migrateToLatest(database.db);
  if (config.seedDemo)
    await seedDemoStoreIfEmpty(database.db, {
      log: (line) => console.log(line),
      payoutHoldDays: config.payoutHoldDays,
    });

  const app = await buildApp({ config, database });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await closeGracefully(app, database);
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    [
      '',
      `Haat back office ready at http://${shownHost}:${port}  (database: ${database.kind}; API docs: /api/docs)`,
      ...(config.seedDemo ? DEMO_LOGINS.map((login) => `  ${login.label}: ${login.email} / ${login.password}`) : []),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
