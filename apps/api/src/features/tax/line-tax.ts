import { checkoutMessages, type LineTaxSplit, parseIndianState, splitLineTax } from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { AppError } from '../../platform/errors.js';

/**
 * GST on every order line (issue 35, "GST on every line"; decision 0137). Prices are
 * GST-inclusive; at checkout each line's tax is frozen in `order_item_taxes` by
 * `freezeLineTaxes`, in the checkout's transaction (three statements an order, none per
 * line); what is kept after cancellations and returns is recomputed by `keptLineTaxes`
 * from the frozen rate and states. Money in paise, states as GST state codes ('29').
 */

/** KYC states whose declared "state shipped from" is taken as the seller's state (a draft is not yet declared). */
const DECLARED_KYC = ['submitted', 'approved', 'changes_requested'] as const;

/**
 * The state each seller supplies from, as a GST state code: THE one lookup of a seller's
 * state (decision 0137). A vendor supplies from the state their KYC declares they ship
 * from (decision 0135; a KYC submitted, approved or sent back for changes: a draft
 * declares nothing and a rejected one is not believed); a vendor without one, and the
 * store for its own products (`null`), supply from the store's state in its tax settings.
 * One query whatever the number of sellers.
 * @param vendorIds the lines' vendors (null: the store's own product).
 * @returns a map with an entry for each id given.
 */
export async function sellerStateCodes(
  db: Db,
  vendorIds: readonly (number | null)[],
): Promise<Map<number | null, string>> {
  const vendors = [...new Set(vendorIds.filter((id): id is number => id !== null))];
  const rows = await db
    .selectFrom('taxSettings as s')
    .leftJoin('vendorKyc as k', (join) =>
      join.on('k.vendorId', 'in', vendors.length > 0 ? vendors : [0]).on('k.status', 'in', [...DECLARED_KYC]),
    )
    .select(['s.stateCode as storeStateCode', 'k.vendorId', 'k.stateCode'])
    .where('s.id', '=', 1)
    .execute();
  const storeStateCode = rows[0]?.storeStateCode;
  if (storeStateCode === undefined) throw new Error('The tax settings row is missing');
  const byVendor = new Map<number, string>();
  for (const row of rows)
    if (row.vendorId !== null && row.stateCode !== null) byVendor.set(row.vendorId, row.stateCode);
  return new Map(vendorIds.map((id) => [id, (id === null ? undefined : byVendor.get(id)) ?? storeStateCode]));
}

/** A line as checkout prices it, for its tax. */
export interface TaxableLine {
  /** The order line's id (from its INSERT). */
  orderItemId: number;
  vendorId: number | null;
  /** The line's price less its share of the discount (paise). */
  netPaise: number;
  /** The product's GST rate when placed (basis points). */
  gstRateBp: number;
  hsnCode: string | null;
}

/**
 * Freezes each line's GST for the order `orderId` just inserted: `splitLineTax` of its
 * net at its product's rate, CGST + SGST when its seller's state (`sellerStateCodes`) is
 * `placeOfSupplyCode` (the shipping address's state), IGST otherwise. Reads the sellers'
 * states, then inserts every row in one statement. Call inside the checkout's transaction.
 * @param now the order's time, UTC ISO 8601.
 */
export async function freezeLineTaxes(
  trx: Db,
  orderId: number,
  placeOfSupplyCode: string,
  lines: readonly TaxableLine[],
  now: string,
): Promise<void> {
  if (lines.length === 0) return;
  const sellers = await sellerStateCodes(
    trx,
    lines.map((line) => line.vendorId),
  );
  await trx
    .insertInto('orderItemTaxes')
    .values(
      lines.map((line) => {
        const sellerStateCode = sellers.get(line.vendorId) as string;
        const split = splitLineTax(line.netPaise, line.gstRateBp, sellerStateCode === placeOfSupplyCode);
        return {
          orderItemId: line.orderItemId,
          orderId,
          hsnCode: line.hsnCode,
          rateBp: line.gstRateBp,
          ...split,
          sellerStateCode,
          placeOfSupplyCode,
          createdAt: now,
          updatedAt: now,
        };
      }),
    )
    .execute();
}

/** A line's GST on what is kept of it (paise): its net less what cancellations and returns took off. */
export interface KeptLineTax extends LineTaxSplit {
  orderItemId: number;
  rateBp: number;
  hsnCode: string | null;
  sellerStateCode: string;
  placeOfSupplyCode: string;
  /** The line's net as placed less the amounts of its cancelled and returned units. */
  keptNetPaise: number;
  /** The GST frozen at checkout on the whole line, for a credit note's difference. */
  placed: LineTaxSplit;
}

/**
 * Each taxed line of the order `orderId` with its GST recomputed on what is kept
 * (decision 0137): `splitLineTax` of its net as placed less the `amountPaise` of its
 * cancelled and returned units, at the frozen rate and states. A credit note's GST is
 * `placed` less this. Lines placed before GST was charged are absent. One query.
 */
export async function keptLineTaxes(db: Db, orderId: number): Promise<KeptLineTax[]> {
  const rows = await db
    .selectFrom('orderItemTaxes as t')
    .innerJoin('orderItems as i', 'i.id', 't.orderItemId')
    .select((eb) => [
      't.orderItemId',
      't.rateBp',
      't.hsnCode',
      't.taxablePaise',
      't.cgstPaise',
      't.sgstPaise',
      't.igstPaise',
      't.sellerStateCode',
      't.placeOfSupplyCode',
      'i.netPaise',
      eb
        .selectFrom('orderCancellationItems as c')
        .select(sql<number>`coalesce(sum(c.amount_paise), 0)`.as('amount'))
        .whereRef('c.orderItemId', '=', 't.orderItemId')
        .as('cancelledPaise'),
      eb
        .selectFrom('orderReturnItems as r')
        .select(sql<number>`coalesce(sum(r.amount_paise), 0)`.as('amount'))
        .whereRef('r.orderItemId', '=', 't.orderItemId')
        .as('returnedPaise'),
    ])
    .where('t.orderId', '=', orderId)
    .orderBy('t.orderItemId')
    .execute();
  return rows.map((row) => {
    const keptNetPaise = Math.max(
      0,
      Number(row.netPaise ?? 0) - Number(row.cancelledPaise ?? 0) - Number(row.returnedPaise ?? 0),
    );
    const intra = row.sellerStateCode === row.placeOfSupplyCode;
    return {
      orderItemId: row.orderItemId,
      rateBp: Number(row.rateBp),
      hsnCode: row.hsnCode,
      sellerStateCode: row.sellerStateCode,
      placeOfSupplyCode: row.placeOfSupplyCode,
      keptNetPaise,
      ...splitLineTax(keptNetPaise, Number(row.rateBp), intra),
      placed: {
        taxablePaise: Number(row.taxablePaise),
        cgstPaise: Number(row.cgstPaise),
        sgstPaise: Number(row.sgstPaise),
        igstPaise: Number(row.igstPaise),
      },
    };
  });
}

/**
 * The place of supply of an order: the GST state code of its shipping address's
 * `province` (a name or a code; the checkout contract has already refused any other).
 * @throws AppError VALIDATION_FAILED (400) when it names no Indian state or union territory.
 */
export function placeOfSupplyOf(province: string): string {
  const state = parseIndianState(province);
  if (!state)
    throw new AppError('VALIDATION_FAILED', checkoutMessages.provinceNotIndian, {
      'billingInfo.address.province': checkoutMessages.provinceNotIndian,
    });
  return state.code;
}
