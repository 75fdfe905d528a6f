import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { documentHash, documentNumber } from './document-body.js';
import { insertTaxDocument, takeSerial } from './documents.repository.js';

/**
 * Numbering under races and crashes (issue 35: "Numbering survives races and crashes
 * without gaps or repeats"; decision 0144), on PostgreSQL: two connection pools (two API
 * processes) issue documents of one issuer, series and year at once, and every fifth
 * transaction fails after taking its serial and inserting its document (a crash before
 * the commit). The committed serials are then exactly 1..n: no gap, no repeat.
 */

const PER_POOL = 40;
let t: TestApp;
let sibling: { db: Db; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  sibling = createDb(t.config.databaseUrl, { poolSize: 4 });
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});

/** Issues one document of issuer `RACE` in its own transaction on `db`; fails after the insert when `crash`. */
async function issueOne(db: Db, n: number, crash: boolean): Promise<void> {
  await runTransaction(db, async (trx) => {
    const serial = await takeSerial(trx, 'RACE', 'INV', '2026-27');
    const body = JSON.stringify({ n });
    const at = new Date().toISOString();
    await insertTaxDocument(
      trx,
      {
        kind: 'invoice',
        series: 'INV',
        issuerKey: 'RACE',
        financialYear: '2026-27',
        serial,
        number: documentNumber('INV', '2026-27', serial),
        issuerGstin: null,
        issuerName: 'Race',
        recipientName: 'Buyer',
        recipientGstin: null,
        vendorId: null,
        orderId: null,
        shipmentId: null,
        refersToId: null,
        sourceKey: `race:${n}`,
        period: null,
        taxablePaise: 100,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 18,
        totalPaise: 118,
        body,
        hash: documentHash(body),
        issuedAt: at,
        createdAt: at,
      },
      [],
    );
    if (crash) throw new Error('crash before commit');
  });
}

describe('document numbers under two racing processes', () => {
  it('commits consecutive serials from 1 with no gap and no repeat, rolled-back ones taken back', async () => {
    const tries = Array.from({ length: PER_POOL * 2 }, (_, n) => ({ n, crash: n % 5 === 4 }));
    const results = await Promise.allSettled(
      tries.map(({ n, crash }) => issueOne(n % 2 === 0 ? t.db : sibling.db, n, crash)),
    );
    const crashed = tries.filter((attempt) => attempt.crash).length;
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(crashed);
    const rows = await t.db
      .selectFrom('taxDocuments')
      .select(['serial', 'number'])
      .where('issuerKey', '=', 'RACE')
      .orderBy('serial')
      .execute();
    const committed = tries.length - crashed;
    expect(rows.map((row) => Number(row.serial))).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(committed);
    const counter = await t.db
      .selectFrom('taxDocumentCounters')
      .select('lastSerial')
      .where('issuerKey', '=', 'RACE')
      .executeTakeFirstOrThrow();
    expect(Number(counter.lastSerial)).toBe(committed);
  });
});
