import { type Insertable, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { OrderItemsTable, OrdersTable } from '../../platform/db/schema.js';

/**
 * Checkout's SQL: reading the cart's products, the conditional stock decrement, the
 * customer account, the order's rows and the `Idempotency-Key` claim. Every function
 * takes the Kysely handle first so the checkout transaction is passed in. Money in
 * paise, times UTC ISO 8601.
 */

/** A product as checkout needs it. */
export interface CheckoutProduct {
  id: number;
  name: string;
  categoryId: number;
  /** null: the store's own product. */
  vendorId: number | null;
  salePricePaise: number;
  stockQuantity: number;
  status: 'active' | 'inactive' | 'pending';
  approvalStatus: 'pending' | 'approved' | 'rejected';
  /** The first gallery image, kept on the order line as sold. */
  image: string | null;
  /** Issue 35: the GST rate (basis points) and HSN code frozen on the line's tax. */
  gstRateBp: number;
  hsnCode: string | null;
}

/** The products among `ids` (missing ones are absent), with their first image. */
export async function findCheckoutProducts(db: Db, ids: readonly number[]): Promise<CheckoutProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.categoryId',
      'p.vendorId',
      'p.salePricePaise',
      'p.stockQuantity',
      'p.status',
      'p.approvalStatus',
      'p.gstRateBp',
      'p.hsnCode',
      eb
        .selectFrom('productImages as i')
        .select('i.url')
        .whereRef('i.productId', '=', 'p.id')
        .orderBy('i.position')
        .limit(1)
        .as('image'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  return rows.map((row) => ({ ...row, image: row.image ?? null }));
}

/**
 * Takes `quantity` units of a product, only while it is on sale (active, approved) and
 * has that many: one conditional `UPDATE … WHERE stock_quantity >= quantity`, which the
 * database serialises per row, so two checkouts racing for the last unit never both get
 * units. Answers the units left in stock after (from the same `UPDATE`'s `RETURNING`),
 * or null when it took none. The same UPDATE moves the product's
 * `updatedAt` on by at least a millisecond, so an edit carrying the version loaded
 * before the sale is refused (409, decision 0018) instead of putting sold units back
 * (decision 0042). `now`: the checkout's time, UTC ISO 8601.
 */
export async function takeStock(db: Db, productId: number, quantity: number, now: string): Promise<number | null> {
  // The version after the stored one: `now`, or the stored one plus a millisecond when the
  // stored one is not older (a clock step, or a write in the same millisecond).
  const later = isPostgres(db)
    ? sql<string>`greatest(${now}::timestamptz, updated_at + interval '1 millisecond')`
    : sql<string>`max(${now}, strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'))`;
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stockQuantity: eb('stockQuantity', '-', quantity), updatedAt: later }))
    .where('id', '=', productId)
    .where('stockQuantity', '>=', quantity)
    .where('status', '=', 'active')
    .where('approvalStatus', '=', 'approved')
    .returning('stockQuantity')
    .executeTakeFirst();
  return result?.stockQuantity ?? null;
}

/**
 * The id of the account with this e-mail (stored lower case), creating a storefront
 * customer (no password) when there is none. A returning customer costs one read; a
 * new one `INSERT … ON CONFLICT DO NOTHING` then a read, so two first orders from one
 * new e-mail make one account. Null when the address is an anonymised account's
 * (`anonymised-<id>@anonymised.invalid`): an order never joins an erased person.
 *
 * On PostgreSQL, inside a transaction, the account's row is locked (`FOR UPDATE`) until
 * the order is committed, as the erasure locks it (issue 33, decision 0120): an erasure
 * under way makes this read wait, then find no account with the address (the erasure
 * replaced it) and make a new one; a checkout under way makes the erasure wait for its
 * order, which it then anonymises with the rest. SQLite has one writer.
 */
export async function findOrCreateCustomer(
  db: Db,
  customer: { email: string; name: string; phone: string },
  now: string,
): Promise<number | null> {
  const find = () =>
    db
      .selectFrom('users')
      .select(['id', 'anonymisedAt'])
      .where('email', '=', customer.email)
      .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.anonymisedAt === null ? existing.id : null;
  const inserted = await db
    .insertInto('users')
    .values({
      name: customer.name,
      email: customer.email,
      passwordHash: null,
      role: 'customer',
      phone: customer.phone,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  // A new account is never anonymised; only a concurrent checkout's insert needs reading.
  if (inserted) return inserted.id;
  const created = await find();
  if (!created) throw new Error(`No account for ${customer.email} after creating it`);
  return created.anonymisedAt === null ? created.id : null;
}

/**
 * Inserts an order with its lines and its first history entry.
 * @returns the order's id, each line's id by its product (a placed order has one line
 *   per product: checkout merges the cart), and the history entry as the order's history
 *   reads it (`firstEntry`), so what is written and answered next needs no read back.
 */
export async function insertPlacedOrder(
  db: Db,
  order: Insertable<OrdersTable>,
  items: Omit<Insertable<OrderItemsTable>, 'orderId' | 'createdAt' | 'updatedAt'>[],
  firstNote: string | null,
) {
  const { id } = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  const at = order.createdAt;
  // RETURNING's row order is not promised on either database: the lines are matched by product.
  const lines = await db
    .insertInto('orderItems')
    .values(items.map((item) => ({ ...item, orderId: id, createdAt: at, updatedAt: at })))
    .returning(['id', 'productId'])
    .execute();
  // Returned as the order's history reads it, so the checkout's answer need not read it back.
  const firstEntry = await db
    .insertInto('orderStatusHistory')
    .values({ orderId: id, status: order.status, notes: firstNote, changedBy: null, createdAt: at, updatedAt: at })
    .returning(['id', 'status', 'notes', 'createdAt', 'updatedAt'])
    .executeTakeFirstOrThrow();
  return { orderId: id, lineIds: new Map(lines.map((line) => [line.productId, line.id])), firstEntry };
}

/**
 * Claims an `Idempotency-Key` for this checkout. `INSERT … ON CONFLICT DO NOTHING`: on
 * PostgreSQL a second request with the key waits here until the first's transaction
 * ends, then finds its row (or claims the key if the first failed and rolled back).
 * @returns true when this request claimed it.
 */
export async function claimCheckoutKey(db: Db, key: string, requestHash: string, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('checkoutKeys')
    .values({ key, requestHash, orderId: null, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .execute();
  return rows.length === 1;
}

/** The checkout that claimed `key`: its request hash and order. */
export function findCheckoutKey(db: Db, key: string) {
  return db.selectFrom('checkoutKeys').select(['requestHash', 'orderId']).where('key', '=', key).executeTakeFirst();
}

/** Records the order a claimed key placed. */
export async function setCheckoutKeyOrder(db: Db, key: string, orderId: number): Promise<void> {
  await db.updateTable('checkoutKeys').set({ orderId }).where('key', '=', key).execute();
}
