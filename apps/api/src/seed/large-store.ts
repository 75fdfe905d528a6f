import { readFileSync } from 'node:fs';
import type { Faker } from '@faker-js/faker';
import { faker as fakerEN_IN } from '@faker-js/faker/locale/en_IN';
import { parseIndianState, splitLineTax } from '@haat/contract';
import { sql } from 'kysely';
import { utcDateOf } from '../features/coupons/coupon-rules.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { DatabaseKind, Db } from '../platform/db/create-db.js';
import { BulkInserter } from './bulk.js';
import { applyCatalogPlan } from './catalog/apply.js';
import type { MappedProduct } from './catalog/map.js';
import { parseCatalogCsv } from './catalog/parse.js';
import { importedFields, keyOf, loadSubcategoryIds, planCatalogImport, subcategoryKey } from './catalog/plan.js';
import { catalogStates, DEMO_CATALOG_MIX } from './demo/catalog-states.js';
import { demoCoupons } from './demo/coupons.js';
import { OrderFactory, orderTimes, type SellableProduct, type Shopper } from './demo/orders.js';
import { ADMIN, DEMO_VENDORS, makeCustomers, VENDOR_PASSWORD } from './demo/people.js';
import {
  couponRestrictions,
  DEMO_FAKER_SEED,
  DEMO_HISTORY_DAYS,
  insertCoupons,
  insertStaff,
  saveCouponUsage,
} from './demo/seed-demo-store.js';
import { DEMO_CATALOG_CSV } from './demo-assets.js';
import { LedgerBuilder, payFirstVendors, releaseCutoff } from './large-store-money.js';
import { generateShipments } from './large-store-shipments.js';

/**
 * The large-store generator behind `npm run seed` (benchmarks): the demo staff and
 * vendors, N products made as variants of the sample catalog, K customers and M
 * orders over 14 months, priced by `priceOrder` like the demo store's. Rows go in
 * with multi-row statements of up to 30,000 values (under SQLite's 32,766 and
 * PostgreSQL's 65,535 bind limits), one transaction per chunk, with explicit ids
 * so no row needs reading back.
 */

export interface LargeStoreOptions {
  products: number;
  orders: number;
  customers: number;
  /** Vendors in all (the demo's eight, then more named `Bench Vendor N`); default the demo's. */
  vendors?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface LargeStoreSummary {
  products: number;
  productImages: number;
  customers: number;
  orders: number;
  orderItems: number;
  statusEntries: number;
  couponsUsed: number;
  vendors: number;
  ledgerEntries: number;
  payouts: number;
  seconds: number;
}

const DAY = 86_400_000;
/** Orders per transaction. */
const ORDER_CHUNK = 10_000;
/** The GST rate of every generated product (the migration's default) and the store's state as seeded (decision 0137). */
const DEFAULT_RATE_BP = 1800;
const STORE_STATE_CODE = '29';
/** Products per transaction. */
const PRODUCT_CHUNK = 10_000;

/** Customers when `--customers` is not given: half the products, between 100 and 100,000. */
export function defaultCustomerCount(products: number): number {
  return Math.min(100_000, Math.max(100, Math.ceil(products / 2)));
}

const COLOURS = ['Black', 'Navy Blue', 'Maroon', 'Olive', 'Grey', 'White', 'Mustard', 'Teal', 'Pink', 'Beige', 'Red'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

/** The n-th variant of a catalog product: the product itself first, then colours, sizes and packs of it. */
function variantName(base: MappedProduct, round: number): { name: string; color: string | null } {
  if (round === 0) return { name: base.body.name, color: base.body.color ?? null };
  const colour = COLOURS[round % COLOURS.length] as string;
  const apparel = base.categoryName === 'Clothing' || base.categoryName === 'Footwear';
  const extra = apparel
    ? `, ${SIZES[Math.floor(round / COLOURS.length) % SIZES.length]}`
    : round >= COLOURS.length
      ? `, Pack of ${1 + Math.floor(round / COLOURS.length)}`
      : '';
  return { name: `${base.body.name} (${colour}${extra})`.slice(0, 200), color: colour };
}

function tables(kind: DatabaseKind) {
  return {
    products: new BulkInserter(
      'products',
      [
        'id',
        'vendor_id',
        'category_id',
        'subcategory_id',
        'name',
        'product_details',
        'brand',
        'color',
        'sku',
        'model',
        'warranty_period',
        'sale_price_paise',
        'actual_price_paise',
        'manufacturer',
        'stock_quantity',
        'status',
        'approval_status',
        'reviewed_by',
        'reviewed_at',
        'created_at',
        'updated_at',
      ],
      kind,
    ),
    productImages: new BulkInserter(
      'product_images',
      ['product_id', 'position', 'url', 'created_at', 'updated_at'],
      kind,
    ),
    users: new BulkInserter(
      'users',
      ['id', 'name', 'email', 'password_hash', 'role', 'phone', 'created_at', 'updated_at'],
      kind,
    ),
    orders: new BulkInserter(
      'orders',
      [
        'id',
        'tracking_number',
        'user_id',
        'billing_full_name',
        'billing_email',
        'billing_phone',
        'billing_note',
        'billing_address',
        'billing_city',
        'billing_province',
        'payment_method',
        'subtotal_paise',
        'coupon_id',
        'coupon_code',
        'discount_paise',
        'coupon_discount_paise',
        'discounted_total_paise',
        'status',
        'created_at',
        'updated_at',
      ],
      kind,
    ),
    orderItems: new BulkInserter(
      'order_items',
      [
        'id',
        'order_id',
        'product_id',
        'product_name',
        'product_image',
        'quantity',
        'sale_price_paise',
        'vendor_id',
        'commission_rate_bp',
        'net_paise',
        'commission_paise',
        'created_at',
        'updated_at',
      ],
      kind,
    ),
    // Each line's GST as checkout freezes it (issue 35; decision 0137).
    orderItemTaxes: new BulkInserter(
      'order_item_taxes',
      [
        'order_item_id',
        'order_id',
        'hsn_code',
        'rate_bp',
        'taxable_paise',
        'cgst_paise',
        'sgst_paise',
        'igst_paise',
        'seller_state_code',
        'place_of_supply_code',
        'created_at',
        'updated_at',
      ],
      kind,
    ),
    history: new BulkInserter(
      'order_status_history',
      ['order_id', 'status', 'notes', 'changed_by', 'created_at', 'updated_at'],
      kind,
    ),
  };
}

/**
 * Vendors past the demo's eight, for a store of many sellers: approved, with the demo
 * vendors' password. Inserted through Kysely in batches (a few thousand at most).
 * @returns their vendor ids.
 */
async function insertBenchVendors(db: Db, count: number, passwordHash: string, now: Date): Promise<number[]> {
  const ids: number[] = [];
  const at = new Date(now.getTime() - 300 * DAY).toISOString();
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, offset) => start + offset + 1);
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          batch.map((n) => ({
            name: `Bench Seller ${n}`,
            email: `bench.vendor${n}@example.com`,
            passwordHash,
            role: 'vendor' as const,
            phone: null,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning('id')
        .execute();
      const vendors = await trx
        .insertInto('vendors')
        .values(
          users.map((user, index) => ({
            userId: user.id,
            businessName: `Bench Vendor ${batch[index]}`,
            phoneNumber: '+91 98765 43210',
            address: `${batch[index]} Market Road, Pune`,
            status: 'approved' as const,
            reviewedBy: null,
            reviewedAt: at,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...vendors.map((vendor) => vendor.id));
    });
  }
  return ids;
}

/** Every vendor's bank details, given long ago (no bank-change hold applies). */
async function giveBankDetails(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('vendors')
    .set((eb) => ({
      bankAccountHolder: eb.ref('businessName'),
      bankAccountNumber: sql<string>`'5010000' || cast(4210000 + id as text)`,
      bankIfsc: 'HDFC0001234',
      bankChangedAt: new Date(now.getTime() - 60 * DAY).toISOString(),
    }))
    .execute();
}

/** Advances PostgreSQL's identity sequences past the ids written explicitly. */
async function syncSequences(db: Db, kind: DatabaseKind, names: string[]): Promise<void> {
  if (kind !== 'postgres') return;
  for (const table of names) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** Prints a progress line at every tenth of each phase. */
function progress(log: (line: string) => void, started: number) {
  const next = new Map<string, number>();
  return (what: string, done: number, total: number) => {
    if (done < total && done / total < (next.get(what) ?? 0)) return;
    next.set(what, done / total + 0.1);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`  ${what}: ${done.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')}  (${seconds} s)`);
  };
}

/**
 * Fills an empty, migrated database. The caller checks emptiness (see `cli.ts`).
 * @throws when the database is not empty (a unique key collides).
 */
export async function generateLargeStore(
  db: Db,
  kind: DatabaseKind,
  options: LargeStoreOptions,
): Promise<LargeStoreSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const report = progress(log, started);
  const now = options.now ?? new Date();
  const faker: Faker = fakerEN_IN;
  faker.seed(DEMO_FAKER_SEED);
  faker.setDefaultRefDate(now);
  const insert = tables(kind);

  // Staff, vendors, categories and subcategories: small, through the demo's and the importer's code.
  const [adminHash, vendorHash] = await Promise.all([hashPassword(ADMIN.password), hashPassword(VENDOR_PASSWORD)]);
  const plan = await planCatalogImport(db, parseCatalogCsv(readFileSync(DEMO_CATALOG_CSV)));
  const { staff, catalog } = await db.transaction().execute(async (trx) => {
    const staff = await insertStaff(trx, now, { admin: adminHash, vendor: vendorHash });
    const catalog = await applyCatalogPlan(trx, { ...plan, creates: [], updates: [] }, { now });
    return { staff, catalog };
  });
  const subcategoryIds = await loadSubcategoryIds(db);
  const extraVendors = await insertBenchVendors(
    db,
    Math.max(0, (options.vendors ?? 0) - DEMO_VENDORS.length),
    vendorHash,
    now,
  );
  await giveBankDetails(db, now);
  log(`  staff, ${DEMO_VENDORS.length + extraVendors.length} vendors, ${catalog.categoriesCreated} categories`);

  // Products: variants of the catalog, states mixed in the demo's proportions.
  const bases = plan.creates;
  const scale = options.products / Math.max(1, bases.length);
  const mix = {
    pending: Math.round(DEMO_CATALOG_MIX.pending * scale),
    pendingOfDemoVendor: Math.round(DEMO_CATALOG_MIX.pendingOfDemoVendor * scale),
    rejected: Math.round(DEMO_CATALOG_MIX.rejected * scale),
    inactive: Math.round(DEMO_CATALOG_MIX.inactive * scale),
    outOfStock: Math.round(DEMO_CATALOG_MIX.outOfStock * scale),
  };
  const variants = Array.from({ length: options.products }, (_, index) => bases[index % bases.length] as MappedProduct);
  const states = catalogStates(faker, variants, {
    vendorIds: staff.vendorIds,
    demoVendorKey: DEMO_VENDORS[0]?.key as string,
    adminId: staff.adminId,
    now,
    mix,
  });
  // With more vendors than the demo's, every other vendor-owned product goes to one of them.
  if (extraVendors.length > 0)
    states.forEach((state, index) => {
      if (state.vendorId != null && index % 2 === 1)
        state.vendorId = extraVendors[(index >> 1) % extraVendors.length] as number;
    });
  const vendorOf = new Int32Array(options.products + 1);
  states.forEach((state, index) => {
    vendorOf[index + 1] = state.vendorId ?? 0;
  });
  const sellable: SellableProduct[] = [];
  let productImages = 0;
  for (let start = 0; start < options.products; start += PRODUCT_CHUNK) {
    const rows: unknown[][] = [];
    const images: unknown[][] = [];
    for (let index = start; index < Math.min(options.products, start + PRODUCT_CHUNK); index += 1) {
      const base = variants[index] as MappedProduct;
      const state = states[index] as (typeof states)[number];
      const round = Math.floor(index / bases.length);
      const id = index + 1;
      const fields = importedFields(base);
      const { name, color } = variantName(base, round);
      // Variants cost within ±20% of the original, in whole rupees; the sale price keeps its discount.
      const factor = round === 0 ? 1 : faker.number.float({ min: 0.8, max: 1.2 });
      const actual = Math.max(100, Math.round((fields.actualPricePaise * factor) / 100) * 100);
      const sale = Math.min(actual, Math.max(100, Math.round((fields.salePricePaise * factor) / 100) * 100));
      const categoryId = catalog.categoryIds.get(keyOf(base.categoryName)) as number;
      const subcategoryId = subcategoryIds.get(subcategoryKey(categoryId, base.subcategoryName)) ?? null;
      const createdAt = state.createdAt as string;
      rows.push([
        id,
        state.vendorId ?? null,
        categoryId,
        subcategoryId,
        name,
        fields.productDetails,
        fields.brand,
        color,
        round === 0 ? base.body.sku : `${base.body.sku}-V${round}`,
        fields.model,
        fields.warrantyPeriod,
        sale,
        actual,
        fields.manufacturer,
        state.stockQuantity,
        state.status,
        state.approvalStatus,
        state.reviewedBy ?? null,
        state.reviewedAt ?? null,
        createdAt,
        createdAt,
      ]);
      fields.images.forEach((url, position) => {
        images.push([id, position, url, createdAt, createdAt]);
      });
      if (state.status === 'active' && state.approvalStatus === 'approved')
        sellable.push({
          id,
          name,
          image: fields.images[0] ?? null,
          salePricePaise: sale,
          categoryId,
          since: Date.parse(createdAt),
        });
    }
    await db.transaction().execute(async (trx) => {
      await insert.products.insert(trx, rows);
      await insert.productImages.insert(trx, images);
    });
    productImages += images.length;
    report('products', start + rows.length, options.products);
  }
  await syncSequences(db, kind, ['products']);
  sellable.sort((a, b) => a.since - b.since || a.id - b.id);

  // Customers, with explicit ids after the staff's.
  const firstCustomerId =
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    ) + 1;
  const customers = makeCustomers(
    faker,
    options.customers,
    new Date(now.getTime() - 440 * DAY),
    new Date(now.getTime() - DAY),
  );
  const shoppers: Shopper[] = customers.map((customer, index) => ({
    ...customer,
    id: firstCustomerId + index,
    since: Date.parse(customer.createdAt),
  }));
  for (let start = 0; start < shoppers.length; start += 50_000) {
    const chunk = shoppers.slice(start, start + 50_000);
    await db.transaction().execute((trx) =>
      insert.users.insert(
        trx,
        chunk.map((c) => [
          c.id,
          c.name,
          c.email,
          null,
          'customer',
          c.phone,
          new Date(c.since).toISOString(),
          new Date(c.since).toISOString(),
        ]),
      ),
    );
    report('customers', start + chunk.length, shoppers.length);
  }
  await syncSequences(db, kind, ['users']);

  // Coupons, then orders in chunks, oldest first so usage limits run out in time.
  const coupons = await db
    .transaction()
    .execute((trx) =>
      insertCoupons(trx, demoCoupons(utcDateOf(now), couponRestrictions(catalog.categoryIds, sellable)), now),
    );
  const factory = new OrderFactory(faker, {
    products: sellable,
    customers: shoppers,
    coupons,
    featuredProductIds: coupons.flatMap((coupon) => coupon.applicableProductIds),
    staffId: staff.adminId,
    now,
  });
  const times = orderTimes(
    faker,
    options.orders,
    now,
    DEMO_HISTORY_DAYS,
    Math.max(6, Math.round(options.orders / 300)),
  );
  const ledger = new LedgerBuilder(kind, vendorOf, releaseCutoff(now), now.toISOString());
  let orderItems = 0;
  let statusEntries = 0;
  for (let start = 0; start < times.length; start += ORDER_CHUNK) {
    const orders: unknown[][] = [];
    const items: unknown[][] = [];
    const history: unknown[][] = [];
    const taxes: unknown[][] = [];
    for (let index = start; index < Math.min(times.length, start + ORDER_CHUNK); index += 1) {
      const id = index + 1;
      const { order: o, items: lines, history: entries } = factory.orderAt(times[index] as number);
      orders.push([
        id,
        o.trackingNumber,
        o.userId,
        o.billingFullName,
        o.billingEmail,
        o.billingPhone,
        o.billingNote,
        o.billingAddress,
        o.billingCity,
        o.billingProvince,
        o.paymentMethod,
        o.subtotalPaise,
        o.couponId,
        o.couponCode,
        o.discountPaise,
        o.discountPaise,
        o.discountedTotalPaise,
        o.status,
        o.createdAt,
        o.updatedAt,
      ]);
      const delivered = entries.find((e) => e.status === 'Delivered');
      const firstItemId = orderItems + items.length + 1;
      const charged = ledger.charge(
        id,
        o.createdAt as string,
        o.discountPaise,
        lines.map((l, lineIndex) => ({
          id: firstItemId + lineIndex,
          productId: l.productId ?? null,
          quantity: l.quantity,
          salePricePaise: l.salePricePaise,
        })),
        (delivered?.createdAt as string | undefined) ?? null,
      );
      lines.forEach((l, lineIndex) => {
        const charge = charged[lineIndex];
        items.push([
          firstItemId + lineIndex,
          id,
          l.productId,
          l.productName,
          l.productImage,
          l.quantity,
          l.salePricePaise,
          charge?.vendorId ?? null,
          charge?.rateBp ?? null,
          charge?.netPaise ?? null,
          charge?.commissionPaise ?? 0,
          l.createdAt,
          l.updatedAt,
        ]);
        // Every generated product has the default rate; every seller supplies from the store's state.
        const placeOfSupply = parseIndianState(String(o.billingProvince))?.code ?? STORE_STATE_CODE;
        const split = splitLineTax(charge?.netPaise ?? 0, DEFAULT_RATE_BP, placeOfSupply === STORE_STATE_CODE);
        taxes.push([
          firstItemId + lineIndex,
          id,
          null,
          DEFAULT_RATE_BP,
          split.taxablePaise,
          split.cgstPaise,
          split.sgstPaise,
          split.igstPaise,
          STORE_STATE_CODE,
          placeOfSupply,
          l.createdAt,
          l.updatedAt,
        ]);
      });
      for (const e of entries) history.push([id, e.status, e.notes, e.changedBy, e.createdAt, e.updatedAt]);
    }
    await db.transaction().execute(async (trx) => {
      await insert.orders.insert(trx, orders);
      await insert.orderItems.insert(trx, items);
      await insert.orderItemTaxes.insert(trx, taxes);
      await insert.history.insert(trx, history);
      await ledger.flush(trx);
    });
    orderItems += items.length;
    statusEntries += history.length;
    report('orders', start + orders.length, times.length);
  }
  await syncSequences(db, kind, ['orders', 'order_items']);
  const shipments = await generateShipments(db, now);
  log(
    `  shipments: ${shipments.shipments.toLocaleString('en-IN')}, ${shipments.partial.toLocaleString('en-IN')} partly dispatched`,
  );
  await db.transaction().execute((trx) => saveCouponUsage(trx, coupons));
  await db.transaction().execute((trx) => ledger.finish(trx, kind));
  const payouts = await payFirstVendors(db, { userId: staff.adminId, name: ADMIN.name }, now);
  log(`  ledger: ${ledger.entriesWritten.toLocaleString('en-IN')} entries, ${payouts} payouts`);

  log('  analyzing tables for the query planner');
  await sql`analyze`.execute(db);

  return {
    products: options.products,
    productImages,
    customers: shoppers.length,
    orders: times.length,
    orderItems,
    statusEntries,
    couponsUsed: coupons.reduce((sum, coupon) => sum + coupon.usedCount, 0),
    vendors: DEMO_VENDORS.length + extraVendors.length,
    ledgerEntries: ledger.entriesWritten,
    payouts,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
