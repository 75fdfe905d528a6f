import {
  type CommissionRate,
  type CommissionRateBody,
  commissionMessages as messages,
  toBasisPoints,
  toPaise,
  toPercent,
  toRupees,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import { isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import type { RateTerms } from './commission-rules.js';
import {
  countRates,
  deleteRate as deleteRateRow,
  findApplicableRates,
  findRate,
  insertRate,
  listRates as listRateRows,
  RATE_SORT,
  type RateRow,
  scopeExists,
  updateRate as updateRateRow,
} from './commissions.repository.js';

/**
 * Commission rates (issue 25; docs/decisions/0106-marketplace-money.md): the admins'
 * list of rates, and the checkout's question "what does this line pay the store?".
 * Percentages travel as percent with two decimals and are stored in basis points;
 * floors and caps in rupees on the wire, paise inside.
 */

/** A rate row as the wire shape. */
export function toCommissionRate(row: RateRow): CommissionRate {
  return {
    _id: String(row.id),
    name: row.name,
    percentage: toPercent(row.percentageBp),
    categoryId: row.categoryId === null ? null : String(row.categoryId),
    categoryName: row.categoryName ?? null,
    vendorId: row.vendorId === null ? null : String(row.vendorId),
    vendorName: row.vendorName ?? null,
    minAmount: row.minPaise === null ? null : toRupees(Number(row.minPaise)),
    maxAmount: row.maxPaise === null ? null : toRupees(Number(row.maxPaise)),
    isDefault: row.categoryId === null && row.vendorId === null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** `GET /api/commissions/admin/rates`: every rate in id order (the default first), or a page. */
export async function listRates(
  db: Db,
  bounds: ListBounds,
  query: { limit?: number | undefined; cursor?: string | undefined },
): Promise<{ rates: CommissionRate[]; total?: number; nextCursor?: string | null }> {
  const { items, ...paging } = await listOrPage(
    { ...query, sort: RATE_SORT },
    {
      keyType: 'number',
      fetchAll: () => listRateRows(db),
      fetchPage: (page) => listRateRows(db, page),
      count: () => countRates(db),
      keyOf: (row) => ({ key: row.id, id: row.id }),
      toItems: (rows) => rows.map(toCommissionRate),
    },
    bounds,
  );
  return { rates: items, ...paging };
}

/** The body's fields as stored (paise, basis points, null for absent). */
function rateValues(body: CommissionRateBody) {
  return {
    name: body.name,
    percentageBp: toBasisPoints(body.percentage),
    categoryId: body.categoryId ?? null,
    vendorId: body.vendorId ?? null,
    minPaise: body.minAmount == null ? null : toPaise(body.minAmount),
    maxPaise: body.maxAmount == null ? null : toPaise(body.maxAmount),
  };
}

/** @throws AppError NOT_FOUND (404) for a category or vendor that does not exist. */
async function checkScope(trx: Db, values: { categoryId: number | null; vendorId: number | null }): Promise<void> {
  const exists = await scopeExists(trx, values.categoryId, values.vendorId);
  if (!exists.category)
    throw new AppError('NOT_FOUND', messages.categoryMissing, { categoryId: messages.categoryMissing });
  if (!exists.vendor) throw new AppError('NOT_FOUND', messages.vendorMissing, { vendorId: messages.vendorMissing });
}

/** A unique violation of the scope key as the 409 the screen shows; anything else rethrown. */
function scopeTaken(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('CONFLICT', messages.scopeTaken, { categoryId: messages.scopeTaken });
  throw error;
}

/**
 * `POST /api/commissions/admin/rates`: adds a rate for a category, a vendor, or both.
 * Applies to sales placed from now on.
 * @returns the rate as stored (wire shape).
 * @throws AppError BAD_REQUEST (400) without a category or a vendor; NOT_FOUND (404)
 *   either missing; CONFLICT (409) a rate for that scope exists.
 */
export async function createRate(db: Db, actor: Actor, body: CommissionRateBody): Promise<CommissionRate> {
  const values = rateValues(body);
  if (values.categoryId === null && values.vendorId === null)
    throw new AppError('BAD_REQUEST', messages.scopeRequired, { categoryId: messages.scopeRequired });
  const id = await runTransaction(db, async (trx) => {
    await checkScope(trx, values);
    const at = new Date().toISOString();
    const rateId = await insertRate(trx, values, at);
    await recordActivity(trx, {
      actor,
      action: 'create',
      kind: 'commission_rate',
      recordId: rateId,
      label: values.name,
      changes: { percentage: { before: null, after: body.percentage } },
    });
    return rateId;
  }).catch(scopeTaken);
  return toCommissionRate((await findRate(db, id)) as RateRow);
}

/**
 * `PUT /api/commissions/admin/rates/{id}`: edits a rate (later sales only: what earlier
 * sales were charged is frozen on their lines). The default keeps its scope (none).
 * @throws AppError NOT_FOUND (404) the rate, its category or vendor; BAD_REQUEST (400)
 *   a scope on the default, or none on another rate; CONFLICT (409) a stale
 *   `updatedAt` or a scope another rate has.
 */
export async function updateRate(db: Db, actor: Actor, id: number, body: CommissionRateBody): Promise<CommissionRate> {
  const values = rateValues(body);
  await runTransaction(db, async (trx) => {
    const current = await findRate(trx, id);
    if (!current) throw notFound(messages.notFound);
    if (isStaleVersion(body.updatedAt, current.updatedAt)) throw new AppError('CONFLICT', messages.changedMeanwhile);
    const isDefault = current.categoryId === null && current.vendorId === null;
    if (isDefault && (values.categoryId !== null || values.vendorId !== null))
      throw new AppError('BAD_REQUEST', messages.defaultScope, { categoryId: messages.defaultScope });
    if (!isDefault && values.categoryId === null && values.vendorId === null)
      throw new AppError('BAD_REQUEST', messages.scopeRequired, { categoryId: messages.scopeRequired });
    await checkScope(trx, values);
    await updateRateRow(trx, id, values, nextVersion(current.updatedAt, new Date().toISOString()));
    await recordActivity(trx, {
      actor,
      action: 'update',
      kind: 'commission_rate',
      recordId: id,
      label: values.name,
      changes: {
        percentage: { before: toPercent(current.percentageBp), after: body.percentage },
      },
    });
  }).catch(scopeTaken);
  return toCommissionRate((await findRate(db, id)) as RateRow);
}

/**
 * `DELETE /api/commissions/admin/rates/{id}`: later sales take the next most specific rate.
 * @throws AppError NOT_FOUND (404); CONFLICT (409) for the default.
 */
export async function deleteRate(db: Db, actor: Actor, id: number): Promise<void> {
  await runTransaction(db, async (trx) => {
    const current = await findRate(trx, id);
    if (!current) throw notFound(messages.notFound);
    if (current.categoryId === null && current.vendorId === null)
      throw new AppError('CONFLICT', messages.defaultCannotBeDeleted);
    await deleteRateRow(trx, id);
    await recordActivity(trx, { actor, action: 'delete', kind: 'commission_rate', recordId: id, label: current.name });
  });
}

/**
 * The commission rates that may apply to lines of `lines`' vendors and categories (the
 * store's default among them), for `chargeOrderLines` to choose from and charge with:
 * the checkout freezes its result on the order.
 * @param trx the checkout's transaction.
 */
export async function ratesForLines(
  trx: Db,
  lines: readonly { vendorId: number | null; categoryId: number | null }[],
): Promise<RateTerms[]> {
  const vendorIds = [...new Set(lines.flatMap((line) => (line.vendorId === null ? [] : [line.vendorId])))];
  if (vendorIds.length === 0) return [];
  const categoryIds = [...new Set(lines.flatMap((line) => (line.categoryId === null ? [] : [line.categoryId])))];
  return (await findApplicableRates(trx, vendorIds, categoryIds)).map((rate) => ({
    ...rate,
    minPaise: rate.minPaise === null ? null : Number(rate.minPaise),
    maxPaise: rate.maxPaise === null ? null : Number(rate.maxPaise),
  }));
}
