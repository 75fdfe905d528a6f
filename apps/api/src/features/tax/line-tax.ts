import { checkoutMessages, type LineTaxSplit, parseIndianState, splitLineTax } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { AppError } from '../../platform/errors.js';
import type { PlacedLineTax } from '../../platform/events/domain-events.js';

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
 * A seller as the tax register takes them (decision 0137): the state they supply from (a
 * GST state code) and, when their KYC declares a PAN, that PAN with their GSTIN (or, for
 * an unregistered seller, their enrolment number).
 */
export interface DeclaredSeller {
  stateCode: string;
  pan: string | null;
  gstin: string | null;
}

/**
 * The sellers of `vendorIds` as their KYC declares them: THE one lookup of a seller's
 * state (decision 0137), with the PAN and GSTIN the tax register records (decision 0148).
 * A vendor supplies from the state their KYC declares they ship from (decision 0135; a
 * KYC submitted, approved or sent back for changes: a draft declares nothing and a
 * rejected one is not believed); a vendor without one, and the store for its own
 * products (`null`), supply from the store's state in its tax settings, with no PAN.
 * One query whatever the number of sellers.
 * @param vendorIds the lines' vendors (null: the store's own product).
 * @returns a map with an entry for each id given.
 */
export async function declaredSellers(
  db: Db,
  vendorIds: readonly (number | null)[],
): Promise<Map<number | null, DeclaredSeller>> {
  const vendors = [...new Set(vendorIds.filter((id): id is number => id !== null))];
  const rows = await db
    .selectFrom('taxSettings as s')
    .leftJoin('vendorKyc as k', (join) =>
      join.on('k.vendorId', 'in', vendors.length > 0 ? vendors : [0]).on('k.status', 'in', [...DECLARED_KYC]),
    )
    .select(['s.stateCode as storeStateCode', 'k.vendorId', 'k.stateCode', 'k.pan', 'k.gstin', 'k.enrolmentNumber'])
    .where('s.id', '=', 1)
    .execute();
  const storeStateCode = rows[0]?.storeStateCode;
  if (storeStateCode === undefined) throw new Error('The tax settings row is missing');
  const store: DeclaredSeller = { stateCode: storeStateCode, pan: null, gstin: null };
  const byVendor = new Map<number, DeclaredSeller>();
  for (const row of rows)
    if (row.vendorId !== null)
      byVendor.set(row.vendorId, {
        stateCode: row.stateCode ?? storeStateCode,
        pan: row.pan,
        gstin: row.pan === null ? null : (row.gstin ?? row.enrolmentNumber),
      });
  return new Map(vendorIds.map((id) => [id, (id === null ? undefined : byVendor.get(id)) ?? store]));
}

/** The state each seller supplies from, as a GST state code (`declaredSellers`). */
export async function sellerStateCodes(
  db: Db,
  vendorIds: readonly (number | null)[],
): Promise<Map<number | null, string>> {
  const sellers = await declaredSellers(db, vendorIds);
  return new Map([...sellers].map(([id, seller]) => [id, seller.stateCode]));
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
 * net at its product's rate, CGST + SGST when its seller's state (`declaredSellers`) is
 * `placeOfSupplyCode` (the shipping address's state), IGST otherwise. Reads the sellers,
 * then inserts every row in one statement. Call inside the checkout's transaction.
 * @param now the order's time, UTC ISO 8601.
 * @returns each line's GST as frozen, with its seller's declared PAN and GSTIN, in the
 *   order of `lines` (what `order.placed` carries to the tax register, decision 0160).
 */
export async function freezeLineTaxes(
  trx: Db,
  orderId: number,
  placeOfSupplyCode: string,
  lines: readonly TaxableLine[],
  now: string,
): Promise<PlacedLineTax[]> {
  if (lines.length === 0) return [];
  const sellers = await declaredSellers(
    trx,
    lines.map((line) => line.vendorId),
  );
  const frozen = lines.map((line): PlacedLineTax => {
    const seller = sellers.get(line.vendorId) as DeclaredSeller;
    return {
      rateBp: line.gstRateBp,
      ...splitLineTax(line.netPaise, line.gstRateBp, seller.stateCode === placeOfSupplyCode),
      sellerStateCode: seller.stateCode,
      placeOfSupplyCode,
      sellerPan: seller.pan,
      sellerGstin: seller.gstin,
    };
  });
  await trx
    .insertInto('orderItemTaxes')
    .values(
      lines.map((line, index) => {
        const { rateBp, taxablePaise, cgstPaise, sgstPaise, igstPaise, sellerStateCode } = frozen[
          index
        ] as PlacedLineTax;
        return {
          orderItemId: line.orderItemId,
          orderId,
          hsnCode: line.hsnCode,
          rateBp,
          taxablePaise,
          cgstPaise,
          sgstPaise,
          igstPaise,
          sellerStateCode,
          placeOfSupplyCode,
          createdAt: now,
          updatedAt: now,
        };
      }),
    )
    .execute();
  return frozen;
}

/** What the one rule of a line's units needs (paise): its net and units as placed, its frozen GST. */
export interface LineTaxBasis {
  /** Units the line was placed with (at least 1). */
  quantity: number;
  /** The line's net as placed (its price less its share of the discount). */
  netPaise: number;
  rateBp: number;
  intraState: boolean;
  /** The GST frozen at checkout on the whole line. */
  frozen: LineTaxSplit;
}

const NO_TAX: LineTaxSplit = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
const minusSplit = (a: LineTaxSplit, b: LineTaxSplit): LineTaxSplit => ({
  taxablePaise: a.taxablePaise - b.taxablePaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
  igstPaise: a.igstPaise - b.igstPaise,
});

/**
 * The value (paise) of the first `units` of a line's units taken back (cancelled or
 * returned): `ceil(net × units ÷ quantity)`, what the corrections' amounts of a line add
 * up to (`takeBackValue`: price less `floor(share × units ÷ quantity)`), the whole net
 * for every unit. Exact (BigInt).
 */
export function unitsValue(netPaise: number, quantity: number, units: number): number {
  if (units <= 0) return 0;
  if (units >= quantity) return netPaise;
  const exact = BigInt(netPaise) * BigInt(units);
  const q = BigInt(quantity);
  return Number((exact + q - 1n) / q);
}

/**
 * THE rule of a line's GST by units (decision 0152): the taxable value and CGST, SGST and
 * IGST of the first `units` of its units taken back, cumulative: the frozen figures less
 * `splitLineTax` of the net kept (`net − unitsValue`), so nothing is rounded per step;
 * nothing for none, the frozen figures exactly for all. The credit notes of a return
 * (`takingBackTax`), the register's supplies returned (`keptLineTaxes`, the TCS of GSTR-8)
 * and the invoices of a line shipped in parts (`shippedTax`) all read it, so they agree
 * to the paisa and add up to the line.
 */
export function takenBackTax(line: LineTaxBasis, units: number): LineTaxSplit {
  if (units <= 0) return NO_TAX;
  if (units >= line.quantity) return line.frozen;
  const kept = line.netPaise - unitsValue(line.netPaise, line.quantity, units);
  return minusSplit(line.frozen, splitLineTax(kept, line.rateBp, line.intraState));
}

/**
 * The GST of taking back `units` more of a line's units when `before` were already taken
 * back (cancelled and returned, in any steps): `takenBackTax` at `before + units` less at
 * `before`. All the steps of a line sum to its frozen figures.
 */
export function takingBackTax(line: LineTaxBasis, before: number, units: number): LineTaxSplit {
  return minusSplit(takenBackTax(line, before + units), takenBackTax(line, before));
}

/**
 * The GST of the first `units` of a line's units invoiced (shipped): the line less what
 * its other units would take back, `frozen − takenBackTax(quantity − units)`, so a line
 * whose other units are cancelled is invoiced exactly what the register keeps of it, and
 * the invoices of a line shipped in parts sum to its frozen figures.
 */
export function shippedTax(line: LineTaxBasis, units: number): LineTaxSplit {
  if (units <= 0) return NO_TAX;
  return minusSplit(line.frozen, takenBackTax(line, line.quantity - units));
}

/** A line's GST on what is kept of it (paise): its net less what cancellations and returns took off. */
export interface KeptLineTax extends LineTaxSplit {
  orderItemId: number;
  rateBp: number;
  hsnCode: string | null;
  sellerStateCode: string;
  placeOfSupplyCode: string;
  /** The line's net as placed less the value of its cancelled and returned units (`unitsValue`). */
  keptNetPaise: number;
  /** The GST frozen at checkout on the whole line, for a credit note's difference. */
  placed: LineTaxSplit;
}

/**
 * Each taxed line of the order `orderId` with its GST on what is kept (decisions 0137,
 * 0152): the frozen figures less `takenBackTax` of its cancelled and returned units, at
 * the frozen rate and states, the same rule the credit notes read. Lines placed before
 * GST was charged are absent. One query.
 */
export async function keptLineTaxes(db: Db, orderId: number): Promise<KeptLineTax[]> {
  const rows = await db
    .selectFrom('orderItemTaxes as t')
    .innerJoin('orderItems as i', 'i.id', 't.orderItemId')
    .select([
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
      'i.quantity',
      'i.cancelledQuantity',
      'i.returnedQuantity',
    ])
    .where('t.orderId', '=', orderId)
    .orderBy('t.orderItemId')
    .execute();
  return rows.map((row) => {
    const basis = lineTaxBasis(row);
    const taken = Number(row.cancelledQuantity) + Number(row.returnedQuantity);
    return {
      orderItemId: row.orderItemId,
      rateBp: basis.rateBp,
      hsnCode: row.hsnCode,
      sellerStateCode: row.sellerStateCode,
      placeOfSupplyCode: row.placeOfSupplyCode,
      keptNetPaise: basis.netPaise - unitsValue(basis.netPaise, basis.quantity, taken),
      ...minusSplit(basis.frozen, takenBackTax(basis, taken)),
      placed: basis.frozen,
    };
  });
}

/** A line's `LineTaxBasis` from its `order_items` and `order_item_taxes` columns. */
export function lineTaxBasis(row: {
  quantity: number | string;
  netPaise: number | string | null;
  rateBp: number | string;
  sellerStateCode: string;
  placeOfSupplyCode: string;
  taxablePaise: number | string;
  cgstPaise: number | string;
  sgstPaise: number | string;
  igstPaise: number | string;
}): LineTaxBasis {
  return {
    quantity: Number(row.quantity),
    netPaise: Number(row.netPaise ?? 0),
    rateBp: Number(row.rateBp),
    intraState: row.sellerStateCode === row.placeOfSupplyCode,
    frozen: {
      taxablePaise: Number(row.taxablePaise),
      cgstPaise: Number(row.cgstPaise),
      sgstPaise: Number(row.sgstPaise),
      igstPaise: Number(row.igstPaise),
    },
  };
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
