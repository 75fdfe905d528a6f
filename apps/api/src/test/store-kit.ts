import type { Order } from '@haat/contract';
import { storeDay } from '../features/coupons/store-day.js';
import { authAs, type FixtureUser } from './fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * A small store for tests that sell through the real checkout and then work on the
 * orders (cancellations, returns): a category, products with stock, coupons made by an
 * admin through the API, checkouts over HTTP, and the admin's order calls.
 */
export function storeKit(t: TestApp, admin: FixtureUser) {
  let sequence = 0;
  let categoryId: number | undefined;
  const json = (as: FixtureUser | null) => ({
    ...(as ? authAs(t.app, as) : {}),
    'content-type': 'application/json',
  });

  /** A category for the kit's products (made once). */
  async function category(): Promise<number> {
    if (categoryId !== undefined) return categoryId;
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto('categories')
      .values({ name: `Kit ${Date.now()}`, imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryId = row.id;
    return row.id;
  }

  /**
   * An approved, active product of `vendorId` (the store's when null) at `pricePaise` with
   * `stock` units, in the kit's category or `inCategory`.
   */
  async function product(
    pricePaise: number,
    stock: number,
    vendorId: number | null = null,
    inCategory?: number,
  ): Promise<number> {
    const n = ++sequence;
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto('products')
      .values({
        vendorId,
        categoryId: inCategory ?? (await category()),
        subcategoryId: null,
        name: `Kit Product ${n}`,
        productDetails: 'Details',
        brand: 'Unknown',
        color: null,
        sku: `KIT-${n}-${Date.now()}`,
        model: null,
        warrantyPeriod: 'No Warranty',
        salePricePaise: pricePaise,
        actualPricePaise: pricePaise,
        manufacturer: null,
        stockQuantity: stock,
        status: 'active',
        approvalStatus: 'approved',
        reviewedBy: null,
        reviewedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Another category (issue 35's coupons limited to categories). */
  async function newCategory(): Promise<number> {
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto('categories')
      .values({
        name: `Kit ${++sequence} ${Date.now()}`,
        imageUrl: 'https://img.example.test/c.jpg',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A coupon made by the admin: `percentage` off, no minimum, valid today, at most
   * `usageLimit` uses; funded by `fundedBy` (absent: not sent, the vendors) and limited
   * to `categories` (issue 35).
   */
  async function coupon(
    percentage: number,
    usageLimit: number | null = null,
    options: { fundedBy?: 'store' | 'vendors'; categories?: readonly number[] } = {},
  ): Promise<{ id: number; code: string }> {
    const code = `KIT${++sequence}X${Date.now() % 100_000}`;
    const today = storeDay('UTC');
    const next = new Date(`${today}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 30);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: json(admin),
      payload: JSON.stringify({
        code,
        discountType: 'percentage',
        discountValue: percentage,
        minOrderAmount: 0,
        startDate: today,
        endDate: next.toISOString().slice(0, 10),
        ...(usageLimit === null ? {} : { usageLimit }),
        ...(options.fundedBy ? { fundedBy: options.fundedBy } : {}),
        ...(options.categories ? { applicableCategories: options.categories.map(String) } : {}),
      }),
    });
    if (res.statusCode !== 201) throw new Error(`coupon: ${res.statusCode} ${res.body}`);
    return { id: Number(res.json().coupon._id), code };
  }

  /** Places an order through `POST /api/orders`; answers the raw reply. */
  function checkout(items: readonly { product: number; quantity: number }[], couponCode?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: json(null),
      payload: JSON.stringify({
        items,
        billingInfo: {
          fullName: 'Meera Shopper',
          email: `kit${++sequence}@example.test`,
          phone: '+91 90000 00000',
          note: null,
          address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
        },
        paymentMethod: 'UPI',
        ...(couponCode ? { couponCode } : {}),
      }),
    });
  }

  /** Places an order that must succeed; answers it. */
  async function placed(items: readonly { product: number; quantity: number }[], couponCode?: string): Promise<Order> {
    const res = await checkout(items, couponCode);
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    return res.json().order as Order;
  }

  /** The order as an admin reads it. */
  async function read(orderId: string): Promise<Order> {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/admin/orders/${orderId}`, headers: json(admin) });
    return res.json().order as Order;
  }

  /** `POST /api/orders/admin/{id}/cancel` as `as`. */
  function cancel(as: FixtureUser | null, orderId: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${orderId}/cancel`,
      headers: json(as),
      payload: JSON.stringify(payload),
    });
  }

  /** `POST /api/orders/admin/{id}/returns` as `as`. */
  function recordReturn(as: FixtureUser | null, orderId: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${orderId}/returns`,
      headers: json(as),
      payload: JSON.stringify(payload),
    });
  }

  /** Moves the order along the pipeline to Delivered; answers it as stored. */
  async function deliver(orderId: string): Promise<Order> {
    for (const status of ['Packaging', 'On The Road', 'Delivered']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/orders/admin/order-status',
        headers: json(admin),
        payload: JSON.stringify({ orderId, status }),
      });
      if (res.statusCode !== 200) throw new Error(`status: ${res.statusCode} ${res.body}`);
    }
    return read(orderId);
  }

  /** A product's stock now. */
  async function stock(productId: number): Promise<number> {
    const row = await t.db
      .selectFrom('products')
      .select('stockQuantity')
      .where('id', '=', productId)
      .executeTakeFirst();
    return row?.stockQuantity ?? 0;
  }

  /** A coupon's used count now. */
  async function usedCount(couponId: number): Promise<number> {
    const row = await t.db.selectFrom('coupons').select('usedCount').where('id', '=', couponId).executeTakeFirst();
    return row?.usedCount ?? 0;
  }

  return { product, newCategory, coupon, checkout, placed, read, cancel, recordReturn, deliver, stock, usedCount };
}
