import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { CatalogImportError, formatImportReport, importCatalog } from './catalog/import-catalog.js';
import { CatalogFileError } from './catalog/parse.js';

/**
 * `npm run import:catalog -- <file.csv> [--commit] [--vendor <email>]`
 *
 * Imports a product catalog CSV (the layout of `apps/api/assets/demo/flipkart-catalog-sample.csv`)
 * into the database at DATABASE_URL. A dry run by default: it prints what it would
 * create, update and reject; `--commit` writes it, in one transaction. Products are
 * matched by SKU (ignoring case), so running it again creates no duplicates.
 */

const usage = 'Usage: npm run import:catalog -- <file.csv> [--commit] [--vendor <email>]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      commit: { type: 'boolean', default: false },
      vendor: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length !== 1 || !positionals[0]) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  // npm runs scripts from the repository root; a relative path means the caller's directory.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  const csv = readFileSync(path);

  const config = loadConfig();
  const database = createDb(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    const report = await importCatalog(database.db, csv, {
      commit: values.commit,
      ...(values.vendor ? { vendorEmail: values.vendor } : {}),
    });
    console.log(formatImportReport(report));
    console.log(`  Took ${Math.round(performance.now() - started)} ms (${database.kind})`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof CatalogFileError || error instanceof CatalogImportError) {
      console.error(error.message);
    } else if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') {
      console.error(`No such file: ${(error as NodeJS.ErrnoException).path}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
