import { type CouponBody, type CouponState, type CouponStatus, couponMessages, toPaise } from '@haat/contract';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import type { CouponRow } from '../../platform/db/schema.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type ActivityActor, diffFields, recordActivity } from '../activity/activity.service.js';
import { type CouponTerms, couponState, couponStatus } from './coupon-rules.js';
import {
  type CouponRestrictions,
  countCouponUse,
  countExistingCategories,
  countExistingProducts,
  deleteCouponRow,
  findCouponByCode,
  findCouponById,
  findCoupons,
  findRestrictions,
  insertCoupon,
  replaceRestrictions,
  uncountCouponUse,
  updateCouponRow,
} from './coupons.repository.js';

/**
 * Coupon management (spec sections 2 'Coupon management', 3, 4, 5, 7): list, create,
 * edit and delete, admin only (checked by the routes). The redeeming rules are in
 * `coupon-rules.ts`; this module stores coupons and answers them in paise, which
 * `coupons.wire.ts` turns into the wire's rupees (decision 0019).
 */

const NO_RESTRICTIONS: CouponRestrictions = { products: [], categories: [] };

/** A coupon row and its restrictions as the coupon rules read them (money in paise). */
export function toCouponTerms(row: CouponRow, restrictions: CouponRestrictions = NO_RESTRICTIONS): CouponTerms {
  return {
    code: row.code,
    discountType: row.discountType,
    percentOff: row.percentOff,
    amountOffPaise: row.amountOffPaise,
    minOrderPaise: row.minOrderPaise,
    maxDiscountPaise: row.maxDiscountPaise,
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: row.isActive,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    applicableProductIds: restrictions.products.map((product) => product.id),
    applicableCategoryIds: restrictions.categories.map((category) => category.id),
    fundedBy: row.fundedBy,
  };
}

/** A coupon as the service answers it: its row (money in paise), restrictions and display status. */
export interface StoredCoupon {
  row: CouponRow;
  restrictions: CouponRestrictions;
  status: CouponStatus;
  state: CouponState;
}

const stored = (row: CouponRow, restrictions: CouponRestrictions | undefined, today: string): StoredCoupon => ({
  row,
  restrictions: restrictions ?? NO_RESTRICTIONS,
  status: couponStatus(row, today),
  state: couponState(row, today),
});

/** `GET /api/coupons` (spec section 7): every coupon, newest first. `today`: the store's date. */
export async function listCoupons(db: Db, today: string): Promise<StoredCoupon[]> {
  const rows = await findCoupons(db);
  const restrictions = await findRestrictions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => stored(row, restrictions.get(row.id), today));
}

async function loadCoupon(db: Db, id: number, today: string): Promise<StoredCoupon> {
  const row = await findCouponById(db, id);
  if (!row) throw notFound(couponMessages.notFound);
  const restrictions = await findRestrictions(db, [id]);
  return stored(row, restrictions.get(id), today);
}

/** The columns a body sets. Percentages are whole percent; money to paise. */
function columnsOf(body: CouponBody) {
  const percentage = body.discountType === 'percentage';
  return {
    description: body.description,
    discountType: body.discountType,
    percentOff: percentage ? body.discountValue : null,
    amountOffPaise: percentage ? null : toPaise(body.discountValue),
    minOrderPaise: toPaise(body.minOrderAmount),
    // A cap is offered only for percentage coupons (spec section 3); a fixed one's is dropped.
    maxDiscountPaise: percentage && body.maxDiscountAmount !== null ? toPaise(body.maxDiscountAmount) : null,
    startDate: body.startDate,
    endDate: body.endDate,
    isActive: body.isActive,
    usageLimit: body.usageLimit,
    // Absent: a new coupon takes the column's default (vendors), an edit keeps the stored one.
    ...(body.fundedBy === undefined ? {} : { fundedBy: body.fundedBy }),
  };
}

/** A coupon's fields as the activity log records them (money in paise; `couponChanges` makes rupees). */
async function couponSnapshot(db: Db, id: number): Promise<Record<string, unknown> | null> {
  const row = await findCouponById(db, id);
  if (!row) return null;
  const restrictions = (await findRestrictions(db, [id])).get(id) ?? NO_RESTRICTIONS;
  return { ...row, applicableProducts: restrictions.products, applicableCategories: restrictions.categories };
}

const couponChanges = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  diffFields(before, after, { money: ['amountOffPaise', 'minOrderPaise', 'maxDiscountPaise'] });

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Refuses restrictions naming products or categories that do not exist (400). */
async function checkRestrictions(db: Db, productIds: number[], categoryIds: number[]): Promise<void> {
  const errors: Record<string, string> = {};
  if ((await countExistingProducts(db, productIds)) !== productIds.length)
    errors.applicableProducts = couponMessages.productsGone;
  if ((await countExistingCategories(db, categoryIds)) !== categoryIds.length)
    errors.applicableCategories = couponMessages.categoriesGone;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', Object.values(errors).join(', '), errors);
}

const codeTaken = () => new AppError('CONFLICT', couponMessages.codeTaken, { code: couponMessages.codeTaken });

/**
 * Runs a write; a unique violation on the code (a racing create won) becomes the 409 of
 * the check, a foreign-key violation (a product deleted meanwhile) a 400, never a 500.
 */
async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    if (isForeignKeyViolation(error)) throw new AppError('VALIDATION_FAILED', couponMessages.productsGone);
    throw error;
  }
}

/**
 * `POST /api/coupons` (spec section 7): stores a coupon, code upper case, used 0 times.
 * @param today the store's date `YYYY-MM-DD`, for the answer's status.
 * @throws AppError CONFLICT (409) for a code in use; VALIDATION_FAILED (400) for
 *   restrictions naming missing products or categories.
 */
export async function createCoupon(
  db: Db,
  actor: ActivityActor,
  body: CouponBody,
  today: string,
): Promise<StoredCoupon> {
  const now = new Date().toISOString();
  const productIds = unique(body.applicableProducts);
  const categoryIds = unique(body.applicableCategories);
  const id = await guardWrite(() =>
    runTransaction(db, async (trx) => {
      await checkRestrictions(trx, productIds, categoryIds);
      const existing = await trx.selectFrom('coupons').select('id').where('code', '=', body.code).executeTakeFirst();
      if (existing) throw codeTaken();
      const couponId = await insertCoupon(trx, {
        code: body.code,
        ...columnsOf(body),
        createdAt: now,
        updatedAt: now,
      });
      await replaceRestrictions(trx, couponId, productIds, categoryIds, now);
      const changes = couponChanges(null, await couponSnapshot(trx, couponId));
      await recordActivity(trx, {
        actor,
        action: 'create',
        kind: 'coupon',
        recordId: couponId,
        label: body.code,
        changes,
      });
      return couponId;
    }),
  );
  return loadCoupon(db, id, today);
}

/**
 * `PUT /api/coupons/:id` (spec section 7): replaces the coupon's terms and restrictions.
 * The code is not editable: the body may repeat it (any case) but not change it. The
 * usage count is kept. With `body.updatedAt` (the version the form loaded) the edit
 * applies only if the coupon was not saved since; the row is read locked on PostgreSQL.
 * @throws AppError NOT_FOUND (404); BAD_REQUEST (400) for a changed code;
 *   VALIDATION_FAILED (400) for missing products or categories; CONFLICT (409) when stale.
 */
export async function updateCoupon(
  db: Db,
  actor: ActivityActor,
  id: number,
  body: CouponBody,
  today: string,
): Promise<StoredCoupon> {
  const now = new Date().toISOString();
  const productIds = unique(body.applicableProducts);
  const categoryIds = unique(body.applicableCategories);
  await guardWrite(() =>
    runTransaction(db, async (trx) => {
      const current = await findCouponById(trx, id);
      if (!current) throw notFound(couponMessages.notFound);
      if (isStaleVersion(body.updatedAt, current.updatedAt))
        throw new AppError('CONFLICT', couponMessages.changedMeanwhile);
      if (body.code !== current.code)
        throw new AppError('BAD_REQUEST', couponMessages.codeNotEditable, { code: couponMessages.codeNotEditable });
      await checkRestrictions(trx, productIds, categoryIds);
      const savedAt = nextVersion(current.updatedAt, now);
      const before = await couponSnapshot(trx, id);
      await updateCouponRow(trx, id, { ...columnsOf(body), updatedAt: savedAt });
      await replaceRestrictions(trx, id, productIds, categoryIds, savedAt);
      const changes = couponChanges(before, await couponSnapshot(trx, id));
      await recordActivity(trx, {
        actor,
        action: 'update',
        kind: 'coupon',
        recordId: id,
        label: current.code,
        changes,
      });
    }),
  );
  return loadCoupon(db, id, today);
}

/**
 * `DELETE /api/coupons/:id` (spec section 7). Orders that used it keep its code and
 * discount (`orders.coupon_code`, `discount_paise`); only their link to it goes.
 * @throws AppError NOT_FOUND (404).
 */
export async function deleteCoupon(db: Db, actor: ActivityActor, id: number): Promise<void> {
  await runTransaction(db, async (trx) => {
    const before = await couponSnapshot(trx, id);
    if (!before || !(await deleteCouponRow(trx, id))) throw notFound(couponMessages.notFound);
    const label = String(before.code);
    await recordActivity(trx, {
      actor,
      action: 'delete',
      kind: 'coupon',
      recordId: id,
      label,
      changes: couponChanges(before, null),
    });
  });
}

/** A coupon as checkout redeems it: its id and its terms (paise). */
export interface RedeemableCoupon {
  id: number;
  terms: CouponTerms;
}

/**
 * The coupon with this code (upper case) and its terms, for pricing an order; null when
 * no coupon has it. Pass the checkout's transaction so the terms are read in it.
 */
export async function findRedeemableCoupon(db: Db, code: string): Promise<RedeemableCoupon | null> {
  const row = await findCouponByCode(db, code);
  if (!row) return null;
  const restrictions = await findRestrictions(db, [row.id]);
  return { id: row.id, terms: toCouponTerms(row, restrictions.get(row.id) ?? NO_RESTRICTIONS) };
}

/**
 * Counts one use of the coupon if it is still active and below its limit (one
 * conditional UPDATE; of two racing last uses one gets true). Call inside the order's
 * transaction so a failed checkout does not keep the use.
 */
export function recordCouponUse(db: Db, couponId: number): Promise<boolean> {
  return countCouponUse(db, couponId);
}

/**
 * Gives back the use an order made of the coupon, when the whole order is cancelled
 * (issue 24): its used count drops by one (never below zero). Call inside the
 * cancellation's transaction. A deleted coupon has nothing to give back.
 */
export function releaseCouponUse(db: Db, couponId: number): Promise<void> {
  return uncountCouponUse(db, couponId);
}
