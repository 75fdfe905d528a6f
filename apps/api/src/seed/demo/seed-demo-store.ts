import { readFileSync } from 'node:fs';
import { faker as fakerEN_IN } from '@faker-js/faker/locale/en_IN';
import type { CheckoutBody, PipelineStatus } from '@haat/contract';
import { utcDateOf } from '../../features/coupons/coupon-rules.js';
import { placeOrderInTransaction } from '../../features/orders/checkout.service.js';
import {
  cancelOrderInTransaction,
  recordReturnInTransaction,
} from '../../features/orders/order-corrections.service.js';
import { advanceOrderStatusInTransaction } from '../../features/orders/order-status.service.js';
import { createPayouts, decidePayout } from '../../features/payouts/payouts.service.js';
import { ledgerSubscribers } from '../../features/payouts/payouts.subscribers.js';
import { renderSvg } from '../../features/uploads/image-processing.js';
import { storeProcessedImage, uploadPath } from '../../features/uploads/uploads.service.js';
import type { Actor } from '../../platform/auth/access.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/create-db.js';
import { createEventBus } from '../../platform/events/event-bus.js';
import { chunked } from '../bulk.js';
import { applyCatalogPlan } from '../catalog/apply.js';
import { parseCatalogCsv } from '../catalog/parse.js';
import { keyOf, planCatalogImport } from '../catalog/plan.js';
import { DEMO_CATALOG_CSV } from '../demo-assets.js';
import { pictureCatalog } from '../pictures/picture-catalog.js';
import { bannerSvg, logoSvg } from '../pictures/pictures.js';
import { approveSeedKyc } from '../seller-kyc.js';
import { catalogStates } from './catalog-states.js';
import { DEMO_BLOGS, DEMO_WEBSITE, makeContacts } from './content.js';
import { demoCoupons } from './coupons.js';
import { type GeneratedOrder, OrderFactory, orderTimes, type SeedCoupon, type SellableProduct } from './orders.js';
import { ADMIN, DEMO_VENDORS, type DemoCustomer, makeCustomers, VENDOR_PASSWORD } from './people.js';

/**
 * Builds the demo store (spec: every screen has something real to show) on the
 * Flipkart sample catalog, through the catalog importer's own plan and apply. A
 * fixed faker seed makes it the same store on every machine; dates are relative
 * to the seeding moment, and orders exist for today.
 */

/** The faker seed of the demo store. Changing it changes every made-up name, date and order. */
export const DEMO_FAKER_SEED = 20_261_121;
export const DEMO_CUSTOMERS = 320;
export const DEMO_ORDERS = 1_500;
export const DEMO_ORDERS_TODAY = 6;
export const DEMO_CONTACTS = 40;
/** Orders go back this many days (14 months). */
export const DEMO_HISTORY_DAYS = 425;

const DAY = 86_400_000;

export interface DemoSeedSummary {
  products: number;
  categories: number;
  customers: number;
  orders: number;
  coupons: number;
  milliseconds: number;
  /**
   * Units each product (by id) was stocked with before the orders were placed: its stock
   * now plus the units its seeded orders took.
   */
  stocked: ReadonlyMap<number, number>;
}

const isoDaysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

/** Products orders may contain: approved and active, with their first picture, oldest first. */
export async function sellableProducts(db: Db): Promise<SellableProduct[]> {
  const rows = await db
    .selectFrom('products')
    .leftJoin('productImages', (join) =>
      join.onRef('productImages.productId', '=', 'products.id').on('productImages.position', '=', 0),
    )
    .select([
      'products.id',
      'products.name',
      'products.salePricePaise',
      'products.categoryId',
      'products.createdAt',
      'productImages.url as image',
    ])
    .where('products.approvalStatus', '=', 'approved')
    .where('products.status', '=', 'active')
    .orderBy('products.createdAt')
    .orderBy('products.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    image: row.image,
    salePricePaise: Number(row.salePricePaise),
    categoryId: row.categoryId,
    since: Date.parse(row.createdAt),
  }));
}

/**
 * Adds to each product's stock the units `orders` will take from it, so placing them
 * leaves the stock the catalog states chose (some products low, some sold out).
 * Products are grouped by units added, one `UPDATE` per group.
 * @returns the units added by product id.
 */
export async function stockForOrders(trx: Db, orders: readonly GeneratedOrder[]): Promise<Map<number, number>> {
  const sold = new Map<number, number>();
  for (const { items } of orders)
    for (const item of items) {
      const productId = item.productId as number;
      sold.set(productId, (sold.get(productId) ?? 0) + item.quantity);
    }
  const byUnits = new Map<number, number[]>();
  for (const [productId, units] of sold) byUnits.set(units, [...(byUnits.get(units) ?? []), productId]);
  for (const [units, productIds] of byUnits)
    for (const part of chunked(productIds, 1))
      await trx
        .updateTable('products')
        .set((eb) => ({ stockQuantity: eb('stockQuantity', '+', units) }))
        .where('id', 'in', part)
        .execute();
  return sold;
}

/**
 * The seeder's events: its history is booked in the vendors' ledger, but tells no one
 * (the demo bell starts empty, decision 0065) and is no staff activity (decision 0070).
 */
const ledgerOnly = createEventBus(ledgerSubscribers);

/**
 * Places the generated orders through the storefront's checkout (`placeOrderInTransaction`:
 * a checkout body of product ids, quantities, billing details and the coupon code;
 * prices from the database, stock taken, coupon uses counted), back-dated to each order's time and judged on its UTC day, then moves each
 * along its status history through the order-status service as `staff`, at the
 * history's times. Oldest first, so coupon limits count as they did. Runs in the
 * caller's transaction; any refusal throws (the stock and coupons are chosen so none comes).
 */
export async function placeOrders(
  trx: Db,
  orders: readonly GeneratedOrder[],
  staff: Pick<Actor, 'userId' | 'role' | 'name'>,
  onPlaced?: (placed: number) => void,
): Promise<void> {
  for (const [index, { order, items, history }] of orders.entries()) {
    if (index > 0 && index % 500 === 0) onPlaced?.(index);
    const placedAt = new Date(order.createdAt);
    const body: CheckoutBody = {
      items: items.map((item) => ({ product: item.productId as number, quantity: item.quantity })),
      billingInfo: {
        fullName: order.billingFullName,
        email: order.billingEmail,
        phone: order.billingPhone,
        note: order.billingNote ?? null,
        address: {
          fullAddress: order.billingAddress,
          city: order.billingCity,
          province: order.billingProvince,
          postalCode: null,
        },
      },
      paymentMethod: order.paymentMethod,
      couponCode: order.couponCode ?? null,
    };
    const { orderId } = await placeOrderInTransaction(trx, ledgerOnly, body, {
      today: utcDateOf(placedAt),
      now: placedAt,
      trackingNumber: order.trackingNumber,
    });
    const correction = demoCorrection(index, items);
    if (correction.kind === 'cancel') {
      // Half an hour after it was placed (never later than now), before it moves on.
      const at = new Date(Math.min(placedAt.getTime() + 30 * 60_000, Date.now()));
      const lines = await trx
        .selectFrom('orderItems')
        .select(['id', 'quantity'])
        .where('orderId', '=', orderId)
        .orderBy('id')
        .execute();
      // One unit of the first line with several, else the whole last line.
      const line = lines.find((candidate) => candidate.quantity > 1) ?? lines.at(-1);
      const whole = await cancelOrderInTransaction(
        trx,
        ledgerOnly,
        staff,
        orderId,
        {
          reason: correction.reason,
          ...(correction.partial && line ? { items: [{ itemId: line.id, quantity: 1 }] } : {}),
          updatedAt: await versionOf(trx, orderId),
        },
        { now: at },
      );
      if (whole) continue;
    }
    for (const entry of history.slice(1))
      await advanceOrderStatusInTransaction(
        trx,
        ledgerOnly,
        staff,
        // The generator's histories walk the pipeline only; cancellations are made above.
        { orderId, status: entry.status as PipelineStatus, notes: entry.notes ?? null },
        { now: new Date(entry.createdAt) },
      );
    const last = history.at(-1);
    if (correction.kind === 'return' && last?.status === 'Delivered') {
      const at = new Date(Math.min(Date.parse(last.createdAt as string) + 26 * 3_600_000, Date.now()));
      const [line] = await trx
        .selectFrom('orderItems')
        .select('id')
        .where('orderId', '=', orderId)
        .orderBy('id')
        .execute();
      if (line)
        await recordReturnInTransaction(
          trx,
          ledgerOnly,
          staff,
          orderId,
          {
            items: [{ itemId: line.id, quantity: 1 }],
            reason: correction.reason,
            restock: correction.restock,
            updatedAt: await versionOf(trx, orderId),
          },
          { now: at },
        );
    }
  }
}

/** The payout hold when the app's `PAYOUT_HOLD_DAYS` is not given. */
export const DEFAULT_PAYOUT_HOLD_DAYS = 7;

/**
 * The demo store's money (issue 25): every vendor has bank details (given two months
 * ago, so no bank-change hold applies), one payout run pays everything available past
 * Rs. 100 through the payout service, and each payout is marked Paid with a bank
 * reference, but one, of a vendor other than the demo vendor, marked Failed (its money
 * is available again). The ledger itself was posted by the checkout, cancellations,
 * returns and deliveries above.
 */
async function payDemoVendors(
  trx: Db,
  vendorIds: readonly number[],
  demoVendorId: number | undefined,
  { staff, now, holdDays }: { staff: Pick<Actor, 'userId' | 'role' | 'name'>; now: Date; holdDays: number },
): Promise<void> {
  const changedAt = new Date(now.getTime() - 60 * DAY).toISOString();
  for (const [index, vendorId] of vendorIds.entries())
    await trx
      .updateTable('vendors')
      .set({
        bankAccountHolder: `Demo Account ${index + 1}`,
        bankAccountNumber: `5010000${String(4_210_000 + index * 7_919)}`,
        bankIfsc: ['HDFC0001234', 'ICIC0000456', 'SBIN0007788', 'UTIB0000123'][index % 4] as string,
        bankChangedAt: changedAt,
      })
      .where('id', '=', vendorId)
      .execute();
  const { payouts } = await createPayouts(
    trx,
    ledgerOnly,
    staff,
    { holdDays, minimumPaise: 10_000, bankChangeHoldHours: 24 },
    undefined,
  );
  const failed = payouts.find((payout) => payout.vendorId !== String(demoVendorId));
  for (const [index, payout] of payouts.entries())
    await decidePayout(
      trx,
      ledgerOnly,
      staff,
      Number(payout._id),
      payout === failed
        ? { status: 'Failed', reason: 'The bank returned it: the account number does not exist' }
        : {
            status: 'Paid',
            reference: `HDFCN${utcDateOf(now).replaceAll('-', '')}${String(index + 1).padStart(6, '0')}`,
          },
    );
}

/** An order's version as stored (its `updatedAt`). */
async function versionOf(trx: Db, orderId: number): Promise<string> {
  const row = await trx.selectFrom('orders').select('updatedAt').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.updatedAt;
}

const DEMO_CANCEL_REASONS = [
  'The customer ordered the wrong size',
  'The customer found it cheaper elsewhere',
  'Duplicate order',
  'The delivery address is not serviceable',
];
const DEMO_RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'] as const;

/**
 * What goes wrong with the demo store's order at `index` (issue 24), by a fixed rule so
 * the store stays the same on every machine: about 3 % are cancelled whole right after
 * they are placed, about 5 % have one unit cancelled (when they have more than one), and
 * about 4 % of the delivered ones get one unit back, every other one restocked.
 */
function demoCorrection(
  index: number,
  items: readonly { quantity: number }[],
):
  | { kind: 'none' }
  | { kind: 'cancel'; reason: string; partial: boolean }
  | { kind: 'return'; reason: (typeof DEMO_RETURN_REASONS)[number]; restock: boolean } {
  const reason = DEMO_CANCEL_REASONS[index % DEMO_CANCEL_REASONS.length] as string;
  if (index % 31 === 7) return { kind: 'cancel', reason, partial: false };
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  if (index % 19 === 5 && units > 1) return { kind: 'cancel', reason, partial: true };
  if (index % 23 === 11)
    return {
      kind: 'return',
      reason: DEMO_RETURN_REASONS[index % DEMO_RETURN_REASONS.length] as (typeof DEMO_RETURN_REASONS)[number],
      restock: index % 2 === 0,
    };
  return { kind: 'none' };
}

/**
 * Inserts the staff (admin and vendors). Passwords are hashed once each: every
 * vendor shares the one hash of `VENDOR_PASSWORD`.
 * @returns the admin's user id and the vendor ids by `DEMO_VENDORS` key.
 */
export async function insertStaff(
  trx: Db,
  now: Date,
  hashes: { admin: string; vendor: string },
): Promise<{ adminId: number; vendorIds: Map<string, number> }> {
  const adminCreated = isoDaysAgo(now, 460);
  const admin = await trx
    .insertInto('users')
    .values({
      name: ADMIN.name,
      email: ADMIN.email,
      passwordHash: hashes.admin,
      role: 'admin',
      staffRole: 'owner',
      phone: '+91 80 4567 8900',
      createdAt: adminCreated,
      updatedAt: adminCreated,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vendorUsers = await trx
    .insertInto('users')
    .values(
      DEMO_VENDORS.map((vendor) => ({
        name: vendor.name,
        email: vendor.email,
        passwordHash: hashes.vendor,
        role: 'vendor' as const,
        phone: vendor.phoneNumber,
        createdAt: isoDaysAgo(now, vendor.registeredDaysAgo),
        updatedAt: isoDaysAgo(now, vendor.registeredDaysAgo),
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const userIds = new Map(vendorUsers.map((row) => [row.email, row.id]));
  const vendors = await trx
    .insertInto('vendors')
    .values(
      DEMO_VENDORS.map((vendor) => {
        const registered = isoDaysAgo(now, vendor.registeredDaysAgo);
        const reviewed = vendor.status === 'pending' ? null : isoDaysAgo(now, vendor.registeredDaysAgo - 1);
        return {
          userId: userIds.get(vendor.email) as number,
          businessName: vendor.businessName,
          phoneNumber: vendor.phoneNumber,
          address: vendor.address,
          status: vendor.status,
          reviewedBy: reviewed ? admin.id : null,
          reviewedAt: reviewed,
          createdAt: registered,
          updatedAt: reviewed ?? registered,
        };
      }),
    )
    .returning(['id', 'userId'])
    .execute();
  const keyOfUser = new Map(DEMO_VENDORS.map((vendor) => [userIds.get(vendor.email), vendor.key]));
  return { adminId: admin.id, vendorIds: new Map(vendors.map((row) => [keyOfUser.get(row.userId) as string, row.id])) };
}

/** Inserts storefront customers (no password); returns their ids by e-mail. */
export async function insertCustomers(trx: Db, customers: DemoCustomer[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunked(customers, 7)) {
    const rows = await trx
      .insertInto('users')
      .values(
        chunk.map((customer) => ({
          name: customer.name,
          email: customer.email,
          passwordHash: null,
          role: 'customer' as const,
          phone: customer.phone,
          createdAt: customer.createdAt,
          updatedAt: customer.createdAt,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    for (const row of rows) ids.set(row.email, row.id);
  }
  return ids;
}

/** Inserts coupons with their restrictions; returns them as orders redeem them (usedCount 0). */
export async function insertCoupons(
  trx: Db,
  coupons: ReturnType<typeof demoCoupons>,
  now: Date,
): Promise<SeedCoupon[]> {
  const seeded: SeedCoupon[] = [];
  for (const { description, createdDaysAgo, applicableProductIds, applicableCategoryIds, ...terms } of coupons) {
    const created = isoDaysAgo(now, createdDaysAgo);
    const row = await trx
      .insertInto('coupons')
      .values({ ...terms, description, usedCount: 0, createdAt: created, updatedAt: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (applicableProductIds.length > 0)
      await trx
        .insertInto('couponProducts')
        .values(
          applicableProductIds.map((productId) => ({
            couponId: row.id,
            productId,
            createdAt: created,
            updatedAt: created,
          })),
        )
        .execute();
    if (applicableCategoryIds.length > 0)
      await trx
        .insertInto('couponCategories')
        .values(
          applicableCategoryIds.map((categoryId) => ({
            couponId: row.id,
            categoryId,
            createdAt: created,
            updatedAt: created,
          })),
        )
        .execute();
    seeded.push({ ...terms, applicableProductIds, applicableCategoryIds, id: row.id, usedCount: 0 });
  }
  return seeded;
}

/** Sets each coupon's usedCount to the orders that used it. */
export async function saveCouponUsage(trx: Db, coupons: SeedCoupon[]): Promise<void> {
  for (const coupon of coupons) {
    if (coupon.usedCount > 0)
      await trx.updateTable('coupons').set({ usedCount: coupon.usedCount }).where('id', '=', coupon.id).execute();
  }
}

/** The coupons' restrictions: the Clothing category and ten wrist watches on sale. */
export function couponRestrictions(categoryIds: Map<string, number>, products: SellableProduct[]) {
  const clothing = categoryIds.get(keyOf('Clothing'));
  const watches = categoryIds.get(keyOf('Watches'));
  return {
    clothingCategoryIds: clothing === undefined ? [] : [clothing],
    watchProductIds: products
      .filter((product) => product.categoryId === watches)
      .slice(0, 10)
      .map((product) => product.id),
  };
}

/** The storefront's own pictures: its logo and a banner for each of `DEMO_WEBSITE.banners`, stored as uploads. */
async function pictureStorefront(trx: Db): Promise<{ logo: string; banners: string[] }> {
  const store = async (svg: string) => uploadPath(await storeProcessedImage(trx, await renderSvg(svg), null));
  const logo = await store(logoSvg('Haat'));
  const banners: string[] = [];
  for (const banner of DEMO_WEBSITE.banners)
    banners.push(await store(bannerSvg({ headline: banner.headline, line: banner.line, category: banner.imageFrom })));
  return { logo, banners };
}

/**
 * Blog posts, contact messages and the website configuration, with the store's own
 * pictures: a post shows its category's picture, the site its logo and banners.
 */
export async function insertContent(
  trx: Db,
  faker: typeof fakerEN_IN,
  now: Date,
  imageOfCategory: (name: string) => string | null,
): Promise<void> {
  const pictures = await pictureStorefront(trx);
  await trx
    .insertInto('blogs')
    .values(
      DEMO_BLOGS.map((blog) => ({
        title: blog.title,
        category: blog.category,
        author: blog.author,
        content: blog.content,
        image: imageOfCategory(blog.imageFrom),
        createdAt: isoDaysAgo(now, blog.daysAgo),
        updatedAt: isoDaysAgo(now, blog.daysAgo),
      })),
    )
    .execute();
  await trx
    .insertInto('contacts')
    .values(makeContacts(faker, DEMO_CONTACTS, now).map((contact) => ({ ...contact, updatedAt: contact.createdAt })))
    .execute();

  const at = isoDaysAgo(now, 400);
  const { salesBanner, banners, socialLinks, ...site } = { ...DEMO_WEBSITE, logoUrl: pictures.logo };
  await trx
    .insertInto('websiteConfig')
    .values({
      id: 1,
      ...site,
      salesBannerLogoUrl: pictures.logo,
      salesBannerBackgroundColor: salesBanner.backgroundColor,
      salesBannerTextColor: salesBanner.textColor,
      salesBannerDiscountText: salesBanner.discountText,
      salesBannerShopNowLink: salesBanner.shopNowLink,
      salesBannerIsActive: salesBanner.isActive,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await trx
    .insertInto('websiteBanners')
    .values(
      banners.map((banner, index) => ({
        imageUrl: pictures.banners[index] ?? pictures.logo,
        anchorLink: banner.anchorLink,
        isActive: banner.isActive,
        displayOrder: index,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
  await trx
    .insertInto('websiteSocialLinks')
    .values(socialLinks.map((link, index) => ({ ...link, displayOrder: index, createdAt: at, updatedAt: at })))
    .execute();
}

/**
 * Seeds the demo store in one transaction, unless the database already has users.
 * @returns what it made, or null when the database was not empty.
 */
export async function seedDemoStore(
  db: Db,
  options: {
    now?: Date;
    payoutHoldDays?: number;
    /** Told as each part begins (`'the catalog'`) and as the orders go (`'orders: 500 of 1,500'`). */
    onProgress?: (part: string) => void;
  } = {},
): Promise<DemoSeedSummary | null> {
  const progress = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const now = options.now ?? new Date();
  const faker = fakerEN_IN;
  faker.seed(DEMO_FAKER_SEED);
  faker.setDefaultRefDate(now);
  const csv = readFileSync(DEMO_CATALOG_CSV);
  // Hashing is deliberately slow: two hashes, side by side, before the transaction opens.
  const [adminHash, vendorHash] = await Promise.all([hashPassword(ADMIN.password), hashPassword(VENDOR_PASSWORD)]);

  const summary = await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return null;
    progress('the staff, vendors and the catalog of 747 products');
    const { adminId, vendorIds } = await insertStaff(trx, now, { admin: adminHash, vendor: vendorHash });

    const plan = await planCatalogImport(trx, parseCatalogCsv(csv));
    const demoVendorKey = DEMO_VENDORS[0]?.key as string;
    const states = catalogStates(faker, plan.creates, { vendorIds, demoVendorKey, adminId, now });
    const catalog = await applyCatalogPlan(trx, plan, { now, newProductState: (_, index) => states[index] ?? {} });
    progress("the store's pictures");
    const { categoryPictures } = await pictureCatalog(trx, now);
    const products = await sellableProducts(trx);

    progress('customers and coupons');
    const customers = makeCustomers(
      faker,
      DEMO_CUSTOMERS,
      new Date(now.getTime() - 440 * DAY),
      new Date(now.getTime() - DAY),
    );
    const customerIds = await insertCustomers(trx, customers);

    const coupons = await insertCoupons(
      trx,
      demoCoupons(utcDateOf(now), couponRestrictions(catalog.categoryIds, products)),
      now,
    );
    const factory = new OrderFactory(faker, {
      products,
      customers: customers.map((customer) => ({
        ...customer,
        id: customerIds.get(customer.email) as number,
        since: Date.parse(customer.createdAt),
      })),
      coupons,
      featuredProductIds: coupons.flatMap((coupon) => coupon.applicableProductIds),
      staffId: adminId,
      now,
    });
    const orders = orderTimes(faker, DEMO_ORDERS, now, DEMO_HISTORY_DAYS, DEMO_ORDERS_TODAY).map((time) =>
      factory.orderAt(time),
    );
    const sold = await stockForOrders(trx, orders);
    // The sellers' KYC is approved before their first sale, so every sale is taxed and
    // registered with their GSTIN, PAN and state (issue 35), as on a store that checks KYC first.
    await approveSeedKyc(
      trx,
      [...vendorIds.values()],
      new Date(now.getTime() - (DEMO_HISTORY_DAYS + 5) * DAY).toISOString(),
    );
    const ofOrders = orders.length.toLocaleString('en-IN');
    progress(`${ofOrders} orders through the checkout`);
    await placeOrders(trx, orders, { userId: adminId, role: 'admin', name: ADMIN.name }, (placed) =>
      progress(`orders: ${placed.toLocaleString('en-IN')} of ${ofOrders}`),
    );
    progress("the vendors' payouts");
    await payDemoVendors(trx, [...vendorIds.values()], vendorIds.get(demoVendorKey), {
      staff: { userId: adminId, role: 'admin', name: ADMIN.name },
      now,
      holdDays: options.payoutHoldDays ?? DEFAULT_PAYOUT_HOLD_DAYS,
    });
    const stock = await trx.selectFrom('products').select(['id', 'stockQuantity']).execute();

    progress('blog posts, messages and the storefront');
    await insertContent(trx, faker, now, (name) => {
      const id = catalog.categoryIds.get(keyOf(name));
      return id === undefined ? null : (categoryPictures.get(id) ?? null);
    });

    return {
      products: catalog.created,
      categories: catalog.categoriesCreated,
      customers: customers.length,
      orders: orders.length,
      coupons: coupons.length,
      stocked: new Map(stock.map((row) => [row.id, Number(row.stockQuantity) + (sold.get(row.id) ?? 0)])),
    };
  });
  return summary && { ...summary, milliseconds: Math.round(performance.now() - started) };
}
