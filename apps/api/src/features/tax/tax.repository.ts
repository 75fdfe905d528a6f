import type { Db } from '../../platform/db/create-db.js';
import type { TaxRatesTable } from '../../platform/db/schema.js';

/**
 * The store's tax settings' SQL (issue 35): the one `tax_settings` row, the GST slabs and
 * the dated rates. Every function takes the Kysely handle first so a transaction can be
 * passed in. Rates in basis points, dates `YYYY-MM-DD`, times UTC ISO 8601.
 */

/** The store's settings row (always there: the migration seeds it). */
export function findTaxSettingsRow(db: Db) {
  return db
    .selectFrom('taxSettings')
    .select(['legalName', 'gstin', 'stateCode', 'defaultGstRateBp', 'updatedAt'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

/** The GST slabs, lowest first, in basis points. */
export async function findGstSlabs(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('gstSlabs').select('rateBp').orderBy('rateBp').execute();
  return rows.map((row) => Number(row.rateBp));
}

/** Every dated rate, by kind then date. */
export async function findTaxRates(db: Db): Promise<{ kind: TaxRatesTable['kind']; rateBp: number; from: string }[]> {
  const rows = await db
    .selectFrom('taxRates')
    .select(['kind', 'rateBp', 'fromDate'])
    .orderBy('kind')
    .orderBy('fromDate')
    .execute();
  return rows.map((row) => ({ kind: row.kind, rateBp: Number(row.rateBp), from: String(row.fromDate) }));
}

/** Writes the settings row. */
export async function updateTaxSettingsRow(
  db: Db,
  values: { legalName: string; gstin: string | null; stateCode: string; defaultGstRateBp: number; updatedAt: string },
): Promise<void> {
  await db.updateTable('taxSettings').set(values).where('id', '=', 1).execute();
}

/** Replaces the GST slabs with `slabsBp`. */
export async function replaceGstSlabs(db: Db, slabsBp: readonly number[], now: string): Promise<void> {
  await db.deleteFrom('gstSlabs').execute();
  await db
    .insertInto('gstSlabs')
    .values(slabsBp.map((rateBp) => ({ rateBp, createdAt: now, updatedAt: now })))
    .execute();
}

/** Deletes the rates `{ kind, from }` (rates not yet in force only: the service checks). */
export async function deleteTaxRates(db: Db, rates: readonly { kind: TaxRatesTable['kind']; from: string }[]) {
  for (const rate of rates)
    await db.deleteFrom('taxRates').where('kind', '=', rate.kind).where('fromDate', '=', rate.from).execute();
}

/** Inserts dated rates. */
export async function insertTaxRates(
  db: Db,
  rates: readonly { kind: TaxRatesTable['kind']; rateBp: number; from: string }[],
  now: string,
): Promise<void> {
  if (rates.length === 0) return;
  await db
    .insertInto('taxRates')
    .values(
      rates.map((rate) => ({
        kind: rate.kind,
        rateBp: rate.rateBp,
        fromDate: rate.from,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
