import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { previewImport, readImportBody, runImport } from '../features/products/import/product-import.service.js';
import type { WriteActor } from '../platform/auth/access.js';
import { createDb, type Db } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { AppError } from '../platform/errors.js';
import { createEventBus } from '../platform/events/event-bus.js';
import { storeSubscribers } from '../subscribers.js';

/**
 * `npm run import:products -- <file.csv> --as <email> [--commit]`
 *
 * Imports a product CSV into the database at DATABASE_URL exactly as the Import products
 * screen does (decision 0111), for the admin or approved vendor whose e-mail is given:
 * the same reading of the file and guess of its columns, the same rules, the same
 * service. A dry run by default: it prints the counts and every bad row; `--commit`
 * writes it and prints what each refused row was refused for.
 */

const usage = 'Usage: npm run import:products -- <file.csv> --as <email> [--commit]';

/** The CLI cannot start (an unknown account, or one that may not import). */
class ImportCliError extends Error {}

/** The account `email` names, as the import acts for it. */
async function actorOf(db: Db, email: string): Promise<WriteActor> {
  const user = await db
    .selectFrom('users')
    .leftJoin('vendors', 'vendors.userId', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'vendors.id as vendorId', 'vendors.status'])
    .where('users.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user || (user.role !== 'admin' && user.role !== 'vendor'))
    throw new ImportCliError(`No admin or vendor has the e-mail ${email}`);
  if (user.role === 'vendor' && user.status !== 'approved')
    throw new ImportCliError(`${email} is a vendor not approved yet (${user.status}); only approved vendors import`);
  return { userId: user.id, role: user.role, vendorId: user.vendorId, name: user.name, email: user.email };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      as: { type: 'string' },
      commit: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length !== 1 || !positionals[0] || !values.as) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  // npm runs scripts from the repository root; a relative path means the caller's directory.
  const csv = readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]), 'utf8');
  const config = loadConfig();
  const database = createDb(config.databaseUrl);
  // Written as the app writes: the admins hear of a vendor's import.
  const events = createEventBus(storeSubscribers(config));
  try {
    await migrateToLatest(database.db);
    const actor = await actorOf(database.db, values.as);
    const started = performance.now();
    if (!values.commit) {
      const preview = await previewImport(database.db, actor, { csv });
      const { counts } = preview;
      console.log('Product import (dry run: nothing written; add --commit to write)');
      console.log(
        `  Rows: ${counts.rows}; new ${counts.create}, to update ${counts.update}, unchanged ${counts.unchanged}, refused ${counts.refused}`,
      );
      for (const error of preview.errors)
        console.log(`    line ${error.line}${error.field ? ` ${error.field}` : ''}: ${error.message}`);
    } else {
      const { file, mapping } = await readImportBody({ csv });
      const total = file.rows.length + file.unreadable.length;
      const { report, summary } = await runImport(database.db, events, actor, file, mapping, {
        onProgress: async (rows) => {
          if (process.stdout.isTTY) process.stdout.write(`  ${rows} of ${total} rows\r`);
        },
      });
      console.log('Product import');
      console.log(
        `  Rows: ${summary.rows}; created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, refused ${summary.refused}`,
      );
      for (const line of report.filter((row) => row.outcome === 'refused'))
        console.log(`    line ${line.line}${line.sku ? ` ${line.sku}` : ''}: ${line.message}`);
    }
    console.log(`  Took ${Math.round(performance.now() - started)} ms (${database.kind})`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof ImportCliError || error instanceof AppError) {
      console.error(error.message);
    } else if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') {
      console.error(`No such file: ${(error as NodeJS.ErrnoException).path}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
