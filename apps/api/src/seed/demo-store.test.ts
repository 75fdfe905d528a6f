import { type OrderStatus, orderStates, orderStatuses, type PipelineStatus } from '@haat/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouponTerms, utcDateOf } from '../features/coupons/coupon-rules.js';
import { PLACED_NOTE } from '../features/orders/checkout.service.js';
import { priceOrder } from '../features/orders/order-pricing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { DemoSeedSummary } from './demo/seed-demo-store.js';
import { DEMO_LOGINS, seedDemoStoreIfEmpty } from './demo-store.js';

let t: TestApp;
const log: string[] = [];
let seeded: DemoSeedSummary | undefined;
beforeAll(async () => {
  t = await createTestApp();
  expect(
    await seedDemoStoreIfEmpty(t.db, {
      log: (line) => log.push(line),
      onSeeded: (summary) => {
        seeded = summary;
      },
    }),
  ).toBe(true);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** `count(*)` of a query, as a number on both databases. */
const all = sql<number>`count(*)`.as('n');
const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

describe('seedDemoStoreIfEmpty', () => {
  it('says what it is doing as it goes, then what it seeded', () => {
    expect(log[0]).toBe('Seeding the demo store (the first start only)...');
    const parts = log.slice(1, -1);
    for (const part of parts) expect(part).toMatch(/^ {2}\d+\.\d s .+\.\.\.$/);
    expect(parts.map((part) => part.replace(/^ {2}\d+\.\d s /, ''))).toEqual([
      'the staff, vendors and the catalog of 747 products...',
      "the store's pictures...",
      'customers and coupons...',
      '1,500 orders through the checkout...',
      'orders: 500 of 1,500...',
      'orders: 1,000 of 1,500...',
      "the vendors' payouts...",
      'blog posts, messages and the storefront...',
    ]);
    expect(log.at(-1)).toMatch(
      /^Seeded the demo store in \d+ ms: 747 products in 23 categories, \d+ customers, \d+ orders, 8 coupons$/,
    );
  });

  it('makes the printed logins work over HTTP, and refuses the pending vendor', async () => {
    const [admin, vendor, pending] = DEMO_LOGINS;
    for (const login of [admin, vendor]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { email: login.email, password: login.password },
      });
      expect(response.statusCode, login.email).toBe(200);
      expect(response.json()).toMatchObject({ token: expect.any(String), user: { email: login.email } });
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(refused.statusCode).toBe(403);
    const adminUser = await t.db
      .selectFrom('users')
      .select(['name', 'role'])
      .where('email', '=', admin.email)
      .executeTakeFirst();
    expect(adminUser).toEqual({ name: 'Store Admin', role: 'admin' });
  });

  it('has the staff, vendors and customers', async () => {
    expect(await n(t.db.selectFrom('vendors').select(all).where('status', '=', 'approved'))).toBe(6);
    expect(await n(t.db.selectFrom('vendors').select(all).where('status', '=', 'pending'))).toBe(1);
    expect(await n(t.db.selectFrom('vendors').select(all).where('status', '=', 'rejected'))).toBe(1);
    const customers = await n(t.db.selectFrom('users').select(all).where('role', '=', 'customer'));
    expect(customers).toBeGreaterThanOrEqual(200);
    expect(customers).toBeLessThanOrEqual(500);
    expect(
      await n(
        t.db.selectFrom('users').select(all).where('role', '=', 'customer').where('passwordHash', 'is not', null),
      ),
    ).toBe(0);
  });

  it('spreads the 747 catalog products over vendors and states', async () => {
    expect(await n(t.db.selectFrom('products').select(all))).toBe(747);
    expect(await n(t.db.selectFrom('categories').select(all))).toBe(23);
    const pending = await n(
      t.db.selectFrom('products').select(all).where('approvalStatus', '=', 'pending').where('status', '=', 'pending'),
    );
    expect(pending).toBeGreaterThanOrEqual(10);
    expect(pending).toBeLessThanOrEqual(15);
    const demoVendorPending = await t.db
      .selectFrom('products')
      .innerJoin('vendors', 'vendors.id', 'products.vendorId')
      .innerJoin('users', 'users.id', 'vendors.userId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('users.email', '=', 'vendor@example.com')
      .where('products.approvalStatus', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(demoVendorPending.n)).toBeGreaterThanOrEqual(2);
    expect(
      await n(t.db.selectFrom('products').select(all).where('approvalStatus', '=', 'rejected')),
    ).toBeGreaterThanOrEqual(2);
    const inactive = await n(t.db.selectFrom('products').select(all).where('status', '=', 'inactive'));
    expect(inactive).toBeGreaterThanOrEqual(20);
    expect(inactive).toBeLessThanOrEqual(30);
    const soldOut = await n(t.db.selectFrom('products').select(all).where('stockQuantity', '=', 0));
    expect(soldOut).toBeGreaterThanOrEqual(30);
    expect(soldOut).toBeLessThanOrEqual(50);
    const adminOwned = await n(t.db.selectFrom('products').select(all).where('vendorId', 'is', null));
    expect(adminOwned).toBeGreaterThan(0);
    expect(adminOwned).toBeLessThan(747 / 4);
    // Only vendors' products await approval.
    expect(
      await n(
        t.db.selectFrom('products').select(all).where('vendorId', 'is', null).where('approvalStatus', '=', 'pending'),
      ),
    ).toBe(0);
  });

  it('has about 1,500 orders over 14 months, some today, in all four statuses', async () => {
    const orders = await n(t.db.selectFrom('orders').select(all));
    expect(orders).toBeGreaterThanOrEqual(1_400);
    expect(orders).toBeLessThanOrEqual(1_600);
    const today = `${utcDateOf(new Date())}T00:00:00.000Z`;
    expect(await n(t.db.selectFrom('orders').select(all).where('createdAt', '>=', today))).toBeGreaterThanOrEqual(3);
    const oldest = await t.db
      .selectFrom('orders')
      .select('createdAt')
      .orderBy('createdAt')
      .limit(1)
      .executeTakeFirstOrThrow();
    const ageDays = (Date.now() - Date.parse(oldest.createdAt)) / 86_400_000;
    expect(ageDays).toBeGreaterThan(300);
    expect(ageDays).toBeLessThanOrEqual(14 * 31);
    const statuses = await t.db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual([...orderStates].sort());
  });

  it('has a few percent of orders cancelled, some partly cancelled and some returned, made by the services', async () => {
    const orders = await n(t.db.selectFrom('orders').select(all));
    const cancelled = await n(t.db.selectFrom('orders').select(all).where('status', '=', 'Cancelled'));
    expect(cancelled / orders).toBeGreaterThan(0.01);
    expect(cancelled / orders).toBeLessThan(0.06);
    const partly = await n(
      t.db.selectFrom('orders').select(all).where('status', '<>', 'Cancelled').where('cancelledTotalPaise', '>', 0),
    );
    expect(partly).toBeGreaterThan(10);
    expect(await n(t.db.selectFrom('orderCancellations').select(all))).toBe(cancelled + partly);
    const returned = await n(t.db.selectFrom('orders').select(all).where('refundedTotalPaise', '>', 0));
    expect(returned).toBeGreaterThan(10);
    expect(await n(t.db.selectFrom('orderReturns').select(all))).toBe(returned);
  });

  it('prices every order with priceOrder, coupons included, in the order they were placed', async () => {
    const orders = await t.db.selectFrom('orders').selectAll().orderBy('createdAt').orderBy('id').execute();
    const items = await t.db
      .selectFrom('orderItems')
      .innerJoin('products', 'products.id', 'orderItems.productId')
      .select([
        'orderItems.orderId',
        'orderItems.productId',
        'products.categoryId',
        'orderItems.quantity',
        'orderItems.salePricePaise',
        'orderItems.cancelledQuantity',
      ])
      .execute();
    const coupons = await t.db.selectFrom('coupons').selectAll().execute();
    const couponProducts = await t.db.selectFrom('couponProducts').selectAll().execute();
    const couponCategories = await t.db.selectFrom('couponCategories').selectAll().execute();
    const terms = new Map<number, CouponTerms>(
      coupons.map((coupon) => [
        coupon.id,
        {
          ...coupon,
          minOrderPaise: Number(coupon.minOrderPaise),
          amountOffPaise: coupon.amountOffPaise === null ? null : Number(coupon.amountOffPaise),
          maxDiscountPaise: coupon.maxDiscountPaise === null ? null : Number(coupon.maxDiscountPaise),
          usedCount: 0,
          applicableProductIds: couponProducts.filter((row) => row.couponId === coupon.id).map((row) => row.productId),
          applicableCategoryIds: couponCategories
            .filter((row) => row.couponId === coupon.id)
            .map((row) => row.categoryId),
        },
      ]),
    );
    const linesOf = new Map<number, typeof items>();
    for (const item of items) linesOf.set(item.orderId, [...(linesOf.get(item.orderId) ?? []), item]);

    let withCoupon = 0;
    for (const order of orders) {
      const lines = (linesOf.get(order.id) ?? []).map((line) => ({
        ...line,
        salePricePaise: Number(line.salePricePaise),
      }));
      expect(lines.length, order.trackingNumber).toBeGreaterThanOrEqual(1);
      expect(lines.length, order.trackingNumber).toBeLessThanOrEqual(4);
      const coupon = order.couponId === null ? null : (terms.get(order.couponId) ?? null);
      // The figures only (issue 35 adds which lines the coupon applies to and who funds it).
      const {
        eligible: _eligible,
        fundedBy: _fundedBy,
        ...priced
      } = priceOrder(lines, coupon, utcDateOf(order.createdAt));
      // As placed: what cancellations took off comes back onto the order's figures.
      const cancelledPricePaise = lines.reduce((sum, line) => sum + line.cancelledQuantity * line.salePricePaise, 0);
      expect(
        {
          subtotalPaise: Number(order.subtotalPaise) + cancelledPricePaise,
          discountPaise: Number(order.couponDiscountPaise),
          discountedTotalPaise: Number(order.discountedTotalPaise) + Number(order.cancelledTotalPaise),
          couponCode: order.couponCode,
        },
        order.trackingNumber,
      ).toEqual(priced);
      if (coupon) {
        coupon.usedCount += 1;
        withCoupon += 1;
        // A wholly cancelled order gave its use back before the next was placed.
        if (order.status === 'Cancelled') coupon.usedCount -= 1;
      }
    }
    expect(withCoupon).toBeGreaterThan(50);
    // usedCount equals the orders that used each coupon.
    for (const coupon of coupons) expect(coupon.usedCount, coupon.code).toBe(terms.get(coupon.id)?.usedCount);
  });

  it('places every order through checkout: the storefront note, the sale prices, the buyer account', async () => {
    const orders = await t.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.userId')
      .select(['orders.trackingNumber', 'orders.billingEmail', 'users.email'])
      .execute();
    for (const order of orders) expect(order.email, order.trackingNumber).toBe(order.billingEmail);
    const firstEntries = await t.db
      .selectFrom('orderStatusHistory')
      .select(['notes', 'changedBy'])
      .where('status', '=', 'Order Placed')
      .execute();
    expect(firstEntries).toHaveLength(orders.length);
    for (const entry of firstEntries) expect(entry).toEqual({ notes: PLACED_NOTE, changedBy: null });
    const mispriced = await t.db
      .selectFrom('orderItems')
      .innerJoin('products', 'products.id', 'orderItems.productId')
      .select('orderItems.id')
      .whereRef('orderItems.salePricePaise', '!=', 'products.salePricePaise')
      .execute();
    expect(mispriced).toHaveLength(0);
  });

  it('took each order’s units from stock: stock now plus units sold is what each product was stocked with', async () => {
    const stocked = seeded?.stocked;
    expect(stocked?.size).toBe(747);
    const products = await t.db.selectFrom('products').select(['id', 'stockQuantity']).execute();
    const sold = await t.db
      .selectFrom('orderItems')
      .select(['productId', (eb) => eb.fn.sum<number | string>('quantity').as('units')])
      .groupBy('productId')
      .execute();
    const soldOf = new Map(sold.map((row) => [row.productId, Number(row.units)]));
    let unitsSold = 0;
    for (const product of products) {
      const units = soldOf.get(product.id) ?? 0;
      unitsSold += units;
      expect(Number(product.stockQuantity), `product ${product.id}`).toBeGreaterThanOrEqual(0);
      expect(Number(product.stockQuantity) + units, `product ${product.id}`).toBe(stocked?.get(product.id));
    }
    expect(unitsSold).toBeGreaterThan(1_500);
    // Realistic stock after the history: some products sold out, some low, most with plenty.
    const stocks = products.map((product) => Number(product.stockQuantity));
    expect(stocks.filter((stock) => stock > 0 && stock < 10).length).toBeGreaterThan(0);
    expect(stocks.filter((stock) => stock >= 50).length).toBeGreaterThan(747 / 4);
  });

  it('has the eight kinds of coupon', async () => {
    const coupons = await t.db.selectFrom('coupons').selectAll().execute();
    const today = utcDateOf(new Date());
    expect(coupons).toHaveLength(8);
    expect(
      coupons.some(
        (c) => c.isActive && c.discountType === 'percentage' && c.maxDiscountPaise !== null && c.endDate >= today,
      ),
    ).toBe(true);
    expect(coupons.some((c) => c.isActive && c.discountType === 'fixed' && c.endDate >= today)).toBe(true);
    expect(coupons.some((c) => c.endDate < today)).toBe(true);
    expect(coupons.some((c) => !c.isActive)).toBe(true);
    expect(coupons.some((c) => c.startDate > today)).toBe(true);
    expect(coupons.some((c) => c.usageLimit !== null && c.usedCount <= c.usageLimit)).toBe(true);
    expect(await t.db.selectFrom('couponProducts').select('productId').execute()).not.toHaveLength(0);
    expect(await t.db.selectFrom('couponCategories').select('categoryId').execute()).not.toHaveLength(0);
  });

  it('walks every status history in sequence up to the order status', async () => {
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'createdAt', 'updatedAt', 'trackingNumber', 'refundedTotalPaise'])
      .execute();
    const history = await t.db
      .selectFrom('orderStatusHistory')
      .select(['orderId', 'status', 'createdAt'])
      .orderBy('orderId')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    const byOrder = new Map<number, { status: OrderStatus; createdAt: string }[]>();
    for (const entry of history) byOrder.set(entry.orderId, [...(byOrder.get(entry.orderId) ?? []), entry]);
    const now = Date.now();
    for (const order of orders) {
      const entries = byOrder.get(order.id) ?? [];
      expect(
        entries.map((entry) => entry.status),
        order.trackingNumber,
      ).toEqual(
        order.status === 'Cancelled'
          ? ['Order Placed', 'Cancelled']
          : orderStatuses.slice(0, orderStatuses.indexOf(order.status as PipelineStatus) + 1),
      );
      const times = entries.map((entry) => Date.parse(entry.createdAt));
      expect(times[0], order.trackingNumber).toBe(Date.parse(order.createdAt));
      for (let index = 1; index < times.length; index += 1)
        expect(times[index], order.trackingNumber).toBeGreaterThan(times[index - 1] as number);
      // A return comes after the last step and moves the version on.
      if (order.refundedTotalPaise > 0)
        expect(Date.parse(order.updatedAt), order.trackingNumber).toBeGreaterThan(times.at(-1) as number);
      else expect(Date.parse(order.updatedAt), order.trackingNumber).toBe(times.at(-1));
      expect(Date.parse(order.updatedAt)).toBeLessThanOrEqual(now);
    }
  });

  it('has the blog posts, contact messages and a full website configuration', async () => {
    expect(await n(t.db.selectFrom('blogs').select(all))).toBe(10);
    expect(await n(t.db.selectFrom('contacts').select(all))).toBe(40);
    expect(await n(t.db.selectFrom('contacts').select(all).where('phone', 'is', null))).toBeGreaterThan(0);
    const config = await t.db.selectFrom('websiteConfig').selectAll().executeTakeFirstOrThrow();
    expect(config).toMatchObject({
      salesBannerBackgroundColor: '#FF0000',
      salesBannerTextColor: '#FFFFFF',
      salesBannerDiscountText: '50% OFF',
      salesBannerIsActive: true,
    });
    for (const field of [
      'logoUrl',
      'welcomeQuote',
      'phoneNumber',
      'email',
      'address',
      'salesBannerShopNowLink',
    ] as const)
      expect(config[field], field).toBeTruthy();
    expect(await t.db.selectFrom('websiteBanners').select('id').execute()).toHaveLength(3);
    const platforms = (await t.db.selectFrom('websiteSocialLinks').select('platform').execute()).map(
      (row) => row.platform,
    );
    expect(platforms).toHaveLength(4);
    for (const platform of platforms)
      expect(['facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'pinterest']).toContain(platform);
  });

  it('posts the vendors’ ledger, pays them, and one payout failed (issue 25)', async () => {
    const payouts = await t.db.selectFrom('payouts').select(['vendorId', 'status', 'amountPaise']).execute();
    expect(payouts.filter((payout) => payout.status === 'Paid').length).toBeGreaterThanOrEqual(3);
    expect(payouts.filter((payout) => payout.status === 'Failed')).toHaveLength(1);
    expect(payouts.filter((payout) => payout.status === 'Pending')).toHaveLength(0);
    const withoutBank = await n(t.db.selectFrom('vendors').select(all).where('bankAccountNumber', 'is', null));
    expect(withoutBank).toBe(0);
    // Every vendor's balances are the sum of their entries.
    const balances = await t.db.selectFrom('vendorBalances').selectAll().execute();
    expect(balances.length).toBeGreaterThanOrEqual(3);
    for (const balance of balances) {
      const entries = await t.db
        .selectFrom('vendorLedgerEntries')
        .select((eb) => eb.fn.sum<number>('amountPaise').as('total'))
        .where('vendorId', '=', balance.vendorId)
        .executeTakeFirstOrThrow();
      expect(Number(balance.pendingPaise) + Number(balance.availablePaise)).toBe(Number(entries.total));
      const paid = payouts
        .filter((payout) => payout.vendorId === balance.vendorId && payout.status === 'Paid')
        .reduce((sum, payout) => sum + Number(payout.amountPaise), 0);
      expect(Number(balance.paidPaise)).toBe(paid);
    }
    const commission = await t.db
      .selectFrom('commissionDailyTotals')
      .select((eb) => eb.fn.sum<number>('commissionPaise').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(commission.total)).toBeGreaterThan(0);
  });

  it('approves the sellers’ KYC before their first sale, so every sale is registered with their GSTIN and PAN (issue 35)', async () => {
    const registered = await n(
      t.db
        .selectFrom('taxDeductions')
        .select(all)
        .where('vendorId', 'is not', null)
        .where('sellerGstin', 'is not', null),
    );
    const unregistered = await n(
      t.db
        .selectFrom('taxDeductions')
        .select(all)
        .where('vendorId', 'is not', null)
        .where((eb) => eb.or([eb('sellerGstin', 'is', null), eb('sellerPan', 'is', null)])),
    );
    expect(registered).toBeGreaterThan(1000);
    expect(unregistered).toBe(0);
    // Their states are their KYC's, so sales to other states are taxed as IGST.
    const interstate = await n(t.db.selectFrom('orderItemTaxes').select(all).where('igstPaise', '>', 0));
    expect(interstate).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = await n(t.db.selectFrom('orders').select(all));
    expect(await seedDemoStoreIfEmpty(t.db)).toBe(false);
    expect(await n(t.db.selectFrom('orders').select(all))).toBe(before);
    expect(await n(t.db.selectFrom('users').select(all).where('role', '=', 'admin'))).toBe(1);
  });
});

describe('the demo store’s pictures (issue 27)', () => {
  it('gives every product, category, banner, post and the logo a picture the API serves, keeping the catalog’s address aside', async () => {
    const images = await t.db
      .selectFrom('productImages')
      .select(['productId', 'position', 'url', 'sourceUrl'])
      .execute();
    expect(await n(t.db.selectFrom('products').select(all))).toBe(images.length);
    for (const image of images) {
      expect(image.url).toMatch(/^\/api\/uploads\/\d+$/);
      expect(image.position).toBe(0);
    }
    expect(images.filter((image) => image.sourceUrl?.startsWith('http://img')).length).toBeGreaterThan(700);

    const categories = await t.db.selectFrom('categories').select('imageUrl').execute();
    const banners = await t.db.selectFrom('websiteBanners').select('imageUrl').execute();
    const blogs = await t.db.selectFrom('blogs').select('image').execute();
    const site = await t.db
      .selectFrom('websiteConfig')
      .select(['logoUrl', 'salesBannerLogoUrl'])
      .executeTakeFirstOrThrow();
    const addresses = [
      ...categories.map((row) => row.imageUrl),
      ...banners.map((row) => row.imageUrl),
      ...blogs.map((row) => row.image),
      site.logoUrl,
      site.salesBannerLogoUrl,
    ];
    for (const address of addresses) expect(address).toMatch(/^\/api\/uploads\/\d+$/);

    // Each is a WebP with its thumbnail, served by the API itself.
    for (const address of [images[0]?.url, categories[0]?.imageUrl, banners[0]?.imageUrl, site.logoUrl]) {
      const served = await t.app.inject({ method: 'GET', url: address as string });
      expect(served.statusCode, String(address)).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const thumbnail = await t.app.inject({ method: 'GET', url: `${address}/thumbnail` });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.rawPayload.length).toBeLessThan(served.rawPayload.length + 1);
    }
    // The store made them: they count towards no vendor's storage.
    expect(await n(t.db.selectFrom('uploads').select(all).where('ownerUserId', 'is not', null))).toBe(0);
  });
});
