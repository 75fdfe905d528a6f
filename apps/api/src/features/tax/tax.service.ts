import {
  basisPointsToPercent,
  type DatedRate,
  indianStateByCode,
  percentToBasisPoints,
  rateOn,
  type TaxRateKind,
  type TaxSettings,
  type TaxSettingsBody,
  taxMessages,
  taxRateKinds,
} from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { nextVersion } from '../../platform/db/versions.js';
import { AppError } from '../../platform/errors.js';
import {
  deleteTaxRates,
  findGstSlabs,
  findTaxRates,
  findTaxSettingsRow,
  insertTaxRates,
  replaceGstSlabs,
  updateTaxSettingsRow,
} from './tax.repository.js';

/**
 * The store's tax settings (issue 35, `/admin/tax-settings`; decisions 0137, 0138): its
 * legal identity (name, GSTIN, state), the GST slabs products may take with the default
 * rate, and the dated rates (TCS, TDS 194-O, TDS without PAN, GST on commission). A
 * rate applies from its date until the next of its kind, so what was in force on a
 * sale's date can always be found (`taxRateOn`). Rates in basis points inside.
 */

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * `GET /api/tax/admin/settings`: the settings as the wire carries them (percent), each
 * rate marked `inForce` when it is the one applying on `today` (the Indian date, decision 0157).
 */
export async function getTaxSettings(db: Db, today: string): Promise<TaxSettings> {
  const [row, slabs, rates] = await Promise.all([findTaxSettingsRow(db), findGstSlabs(db), findTaxRates(db)]);
  const inForce = new Set(
    taxRateKinds.map((kind) => rateOn(rates, kind, today)).filter((rate): rate is DatedRate => rate !== undefined),
  );
  return {
    legalName: row.legalName,
    gstin: row.gstin,
    state: indianStateByCode(row.stateCode)?.name ?? row.stateCode,
    stateCode: row.stateCode,
    defaultGstRate: basisPointsToPercent(Number(row.defaultGstRateBp)),
    gstSlabs: slabs.map(basisPointsToPercent),
    rates: rates.map((rate) => ({
      kind: rate.kind,
      percentage: basisPointsToPercent(rate.rateBp),
      from: rate.from,
      inForce: inForce.has(rate),
    })),
    updatedAt: iso(row.updatedAt),
  };
}

const bad = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * `PUT /api/tax/admin/settings`: saves the settings when `body.updatedAt` is the stored
 * version, in one transaction. Dated rates (decision 0138): a rate whose date is today or
 * earlier (`today`, the Indian date) is in force or was, so it stays exactly as it is;
 * rates from a later date may be added, changed or removed; each kind keeps a rate in
 * force today.
 * @throws AppError CONFLICT (409) saved since `updatedAt`; VALIDATION_FAILED (400) a
 *   default rate not among the slabs, a past rate changed or removed, a new rate not
 *   after today, a kind without a rate in force.
 */
export async function saveTaxSettings(db: Db, body: TaxSettingsBody, today: string): Promise<void> {
  await runTransaction(db, async (trx) => {
    const row = await findTaxSettingsRow(trx);
    if (Date.parse(body.updatedAt) !== Date.parse(iso(row.updatedAt)))
      throw new AppError('CONFLICT', taxMessages.stale);
    const slabs = body.gstSlabs ? body.gstSlabs.map(percentToBasisPoints) : await findGstSlabs(trx);
    const defaultBp =
      body.defaultGstRate === undefined ? Number(row.defaultGstRateBp) : percentToBasisPoints(body.defaultGstRate);
    if (!slabs.includes(defaultBp)) throw bad(taxMessages.defaultNotASlab, 'defaultGstRate');

    const stored = await findTaxRates(trx);
    const wanted = body.rates.map((rate) => ({
      kind: rate.kind,
      rateBp: percentToBasisPoints(rate.percentage),
      from: rate.from,
    }));
    const key = (rate: { kind: string; from: string }) => `${rate.kind} ${rate.from}`;
    const wantedByKey = new Map(wanted.map((rate) => [key(rate), rate]));
    const storedByKey = new Map(stored.map((rate) => [key(rate), rate]));
    for (const rate of stored) {
      if (rate.from > today) continue;
      if (wantedByKey.get(key(rate))?.rateBp !== rate.rateBp)
        throw bad(taxMessages.pastRateChanged(rate.kind, rate.from), 'rates');
    }
    const added = wanted.filter((rate) => storedByKey.get(key(rate))?.rateBp !== rate.rateBp);
    for (const rate of added)
      if (rate.from <= today) throw bad(taxMessages.newRateInPast(rate.kind, rate.from), 'rates');
    for (const kind of taxRateKinds)
      if (!rateOn(wanted, kind, today)) throw bad(taxMessages.firstRateMissing(kind), 'rates');
    const removed = stored.filter((rate) => wantedByKey.get(key(rate))?.rateBp !== rate.rateBp);

    const now = new Date().toISOString();
    await deleteTaxRates(trx, removed);
    await insertTaxRates(trx, added, now);
    if (body.gstSlabs) await replaceGstSlabs(trx, slabs, now);
    await updateTaxSettingsRow(trx, {
      legalName: body.legalName,
      gstin: body.gstin,
      stateCode: body.state,
      defaultGstRateBp: defaultBp,
      updatedAt: nextVersion(iso(row.updatedAt), now),
    });
  });
}

/**
 * The rate of `kind` in force on `date` (YYYY-MM-DD, an Indian date), in basis points;
 * null before the first rate of that kind (decision 0138). For TCS, TDS and the GST on
 * commission of a sale, pass the sale's Indian date (`indianDate`): a later change of rate does not reach it.
 */
export async function taxRateOn(db: Db, kind: TaxRateKind, date: string): Promise<number | null> {
  return rateOn(await findTaxRates(db), kind, date)?.rateBp ?? null;
}

/**
 * The GST slabs (basis points) and the default rate of a product saved without one:
 * what the product form's writes and the importer check a rate against.
 */
export async function gstRateRules(db: Db): Promise<{ slabsBp: number[]; defaultBp: number }> {
  const [row, slabsBp] = await Promise.all([findTaxSettingsRow(db), findGstSlabs(db)]);
  return { slabsBp, defaultBp: Number(row.defaultGstRateBp) };
}

/**
 * The product columns a body's `gstRate` (percent) stands for: the rate in basis points
 * when given and one of the slabs; the store's default on a create without one; nothing
 * on an edit without one (the product keeps its rate).
 * @throws AppError VALIDATION_FAILED (400) for a rate that is not one of the slabs.
 */
export async function gstRateColumn(
  db: Db,
  gstRate: number | undefined,
  creating: boolean,
): Promise<{ gstRateBp?: number }> {
  if (gstRate === undefined && !creating) return {};
  const { slabsBp, defaultBp } = await gstRateRules(db);
  if (gstRate === undefined) return { gstRateBp: defaultBp };
  const rateBp = percentToBasisPoints(gstRate);
  if (!slabsBp.includes(rateBp)) throw bad(taxMessages.gstRateNotASlab(slabsBp.map(basisPointsToPercent)), 'gstRate');
  return { gstRateBp: rateBp };
}
