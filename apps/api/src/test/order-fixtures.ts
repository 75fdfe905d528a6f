import { type Insertable, sql } from 'kysely';
import type { Db } from '../platform/db/create-db.js';
import type { OrdersTable, ProductsTable } from '../platform/db/schema.js';
import { backfillShipments } from '../platform/db/shipment-backfill.js';

/**
 * Builders for orders, written straight to the database. Money in paise, times
 * UTC ISO strings. Defaults are a realistic single-line storefront order; override
 * what a test is about.
 */

let sequence = 0;

export interface FixtureOrderLine {
  productId?: number | null;
  productName?: string;
  productImage?: string | null;
  quantity?: number;
  salePricePaise?: number;
}

export interface FixtureOrderOptions {
  trackingNumber?: string;
  /** The customer's account; null for a guest or a deleted account. */
  userId?: number | null;
  billingFullName?: string;
  billingEmail?: string;
  status?: OrdersTable['status'];
  createdAt?: string;
  /** The lines; the subtotal is their sum. Default: one line of Rs.1,000.00. */
  lines?: FixtureOrderLine[];
  /** A redeemed coupon: its code and the amount off, in paise. */
  coupon?: { code: string; discountPaise: number };
  /** Status history entries; default: one 'Order Placed' entry at `createdAt`. */
  history?: { status: OrdersTable['status']; notes?: string | null; createdAt: string }[];
  /** False on a schema from before issue 34 (a migration's test): the order gets no shipments. */
  shipments?: boolean;
}

export interface FixtureOrder {
  id: number;
  trackingNumber: string;
  subtotalPaise: number;
  discountedTotalPaise: number;
  createdAt: string;
  status: OrdersTable['status'];
}

/** Inserts an order with its lines and status history. */
export async function createOrder(db: Db, options: FixtureOrderOptions = {}): Promise<FixtureOrder> {
  const n = ++sequence;
  const createdAt = options.createdAt ?? new Date().toISOString();
  const status = options.status ?? 'Order Placed';
  const lines = (options.lines ?? [{}]).map((line, index) => ({
    productId: line.productId ?? null,
    productName: line.productName ?? `Product ${n}.${index + 1}`,
    productImage: line.productImage === undefined ? `https://img.example.test/${n}-${index}.jpg` : line.productImage,
    quantity: line.quantity ?? 1,
    salePricePaise: line.salePricePaise ?? 100_000,
  }));
  const subtotalPaise = lines.reduce((sum, line) => sum + line.quantity * line.salePricePaise, 0);
  const discountPaise = options.coupon?.discountPaise ?? 0;
  const trackingNumber = options.trackingNumber ?? `TRK${String(100_000 + n)}`;
  const order = await db
    .insertInto('orders')
    .values({
      trackingNumber,
      userId: options.userId ?? null,
      billingFullName: options.billingFullName ?? `Billing Name ${n}`,
      billingEmail: options.billingEmail ?? `billing${n}@example.test`,
      billingPhone: '+91 98765 43210',
      billingNote: null,
      billingAddress: `${n} Park Street`,
      billingCity: 'Kolkata',
      billingProvince: 'West Bengal',
      paymentMethod: 'Cash on Delivery',
      subtotalPaise,
      couponId: null,
      couponCode: options.coupon?.code ?? null,
      discountPaise,
      couponDiscountPaise: discountPaise,
      discountedTotalPaise: subtotalPaise - discountPaise,
      status,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('orderItems')
    .values(lines.map((line) => ({ ...line, orderId: order.id, createdAt, updatedAt: createdAt })))
    .execute();
  const history = options.history ?? [{ status: 'Order Placed' as const, notes: null, createdAt }];
  if (history.length > 0) {
    await db
      .insertInto('orderStatusHistory')
      .values(
        history.map((entry) => ({
          orderId: order.id,
          status: entry.status,
          notes: entry.notes ?? null,
          changedBy: null,
          createdAt: entry.createdAt,
          updatedAt: entry.createdAt,
        })),
      )
      .execute();
  }
  // Each line's seller as placed (issue 25's frozen vendor), then its shipments, as the
  // migration makes them for an order placed before them (issue 34).
  await sql`update order_items set vendor_id = (select p.vendor_id from products p where p.id = order_items.product_id)
    where order_id = ${order.id} and product_id is not null`.execute(db);
  if (options.shipments !== false) await backfillShipments(db, 48, order.id);
  return {
    id: order.id,
    trackingNumber,
    subtotalPaise,
    discountedTotalPaise: subtotalPaise - discountPaise,
    createdAt,
    status,
  };
}

/** Inserts a bare product (the dashboard counts them); needs an existing category or makes one. */
export async function createProductRow(db: Db, overrides: { status?: 'active' | 'inactive' | 'pending' } = {}) {
  const n = ++sequence;
  const now = new Date().toISOString();
  const category =
    (await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirst()) ??
    (await db
      .insertInto('categories')
      .values({ name: `Category ${n}`, imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow());
  return db
    .insertInto('products')
    .values({
      vendorId: null,
      categoryId: category.id,
      subcategoryId: null,
      name: `Product ${n}`,
      productDetails: 'Details',
      brand: 'Unknown',
      color: null,
      sku: `SKU-ORD-${n}`,
      model: null,
      warrantyPeriod: 'No Warranty',
      salePricePaise: 10_000,
      actualPricePaise: 12_000,
      manufacturer: null,
      stockQuantity: 5,
      status: overrides.status ?? 'active',
      approvalStatus: overrides.status === 'pending' ? 'pending' : 'approved',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A product row's own fields a bulk fixture names; the rest take `insertManyProducts`'s defaults. */
type ProductRowFields = Pick<Insertable<ProductsTable>, 'name' | 'sku'> &
  Partial<Pick<Insertable<ProductsTable>, 'productDetails' | 'brand' | 'color' | 'salePricePaise'>>;

/**
 * Inserts `count` of the store's own approved, active products straight into the first
 * category, 500 to a statement: lists, exports and bulk jobs past their batch sizes.
 * `fieldsOf(i)` names the i-th product (and any text a test is about).
 */
export async function insertManyProducts(
  db: Db,
  count: number,
  fieldsOf: (i: number) => ProductRowFields,
): Promise<void> {
  const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    vendorId: null,
    categoryId: category.id,
    subcategoryId: null,
    productDetails: 'Details',
    brand: 'Unknown',
    color: null,
    model: null,
    warrantyPeriod: 'No Warranty',
    salePricePaise: 1_000,
    actualPricePaise: 2_000,
    manufacturer: null,
    stockQuantity: 1,
    status: 'active' as const,
    approvalStatus: 'approved' as const,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: now,
    updatedAt: now,
    ...fieldsOf(i),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('products')
      .values(rows.slice(i, i + 500))
      .execute();
}
