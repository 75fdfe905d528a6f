import type { Faker } from '@faker-js/faker';
import { orderStatuses, type PaymentMethod, type PipelineStatus, paymentMethods } from '@haat/contract';
import type { Insertable } from 'kysely';
import { type CouponTerms, type PricedLine, redeemCoupon, utcDateOf } from '../../features/coupons/coupon-rules.js';
import { priceOrder } from '../../features/orders/order-pricing.js';
import type { OrderItemsTable, OrderStatusHistoryTable, OrdersTable } from '../../platform/db/schema.js';

/**
 * Made-up storefront orders for the demo store and the large-store generator:
 * dates weighted towards recent months, lines from products on sale at the time,
 * a coupon where one may be redeemed on that day, totals from `priceOrder` (never
 * typed in), and a status history that walks the pipeline in order.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A product an order can contain. */
export interface SellableProduct {
  id: number;
  name: string;
  image: string | null;
  salePricePaise: number;
  categoryId: number;
  /** Epoch ms from which it could be ordered (its creation). */
  since: number;
}

/** A customer who can place an order, with the billing details it carries. */
export interface Shopper {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  /** Epoch ms of registration. */
  since: number;
}

/** A coupon orders may redeem; `usedCount` goes up as orders use it. */
export interface SeedCoupon extends CouponTerms {
  id: number;
}

/** An order as the seeders write it: the tables' own row types, before ids are known. */
export interface GeneratedOrder {
  order: Insertable<OrdersTable> & { userId: number; paymentMethod: PaymentMethod };
  items: Omit<Insertable<OrderItemsTable>, 'orderId'>[];
  history: Omit<Insertable<OrderStatusHistoryTable>, 'orderId'>[];
}

/**
 * `count` order times over the last `days` days, oldest first: most of them on a
 * density falling linearly with age (recent months busier) over an even floor,
 * and `todayCount` of them today (UTC), before `now`.
 */
export function orderTimes(faker: Faker, count: number, now: Date, days: number, todayCount: number): number[] {
  const end = now.getTime();
  const startOfToday = Date.parse(`${utcDateOf(now)}T00:00:00.000Z`);
  const times: number[] = [];
  for (let index = 0; index < count - todayCount; index += 1) {
    const u = faker.number.float({ min: 0, max: 1 });
    const age = faker.number.float({ min: 0, max: 1 }) < 0.7 ? 1 - Math.sqrt(1 - u) : u;
    times.push(Math.floor(end - 5 * 60_000 - age * days * DAY));
  }
  for (let index = 0; index < todayCount; index += 1) {
    const latest = Math.max(startOfToday, end - 5 * 60_000);
    times.push(Math.floor(startOfToday + faker.number.float({ min: 0, max: 1 }) * (latest - startOfToday)));
  }
  return times.sort((a, b) => a - b);
}

/** The status of an order placed `ageDays` ago: recent ones a mix, older ones mostly Delivered. */
function statusForAge(faker: Faker, ageDays: number): PipelineStatus {
  const weights: [PipelineStatus, number][] =
    ageDays < 1
      ? [
          ['Order Placed', 6],
          ['Packaging', 4],
        ]
      : ageDays < 3
        ? [
            ['Order Placed', 2],
            ['Packaging', 4],
            ['On The Road', 4],
          ]
        : ageDays < 7
          ? [
              ['Packaging', 1],
              ['On The Road', 5],
              ['Delivered', 4],
            ]
          : ageDays < 14
            ? [
                ['On The Road', 15],
                ['Delivered', 85],
              ]
            : [
                ['Packaging', 1],
                ['On The Road', 2],
                ['Delivered', 97],
              ];
  return faker.helpers.weightedArrayElement(weights.map(([value, weight]) => ({ value, weight })));
}

const COURIERS = ['Delhivery', 'Blue Dart', 'Ecom Express', 'DTDC', 'Xpressbees', 'India Post', 'Shadowfax'];
const ORDER_NOTES = [
  'Please call before delivery',
  'Leave the parcel at the security desk',
  'Deliver after 6 PM on weekdays',
  'Gift wrap if possible',
  'Ring the bell twice, the first one is faulty',
  'Deliver to the reception on the ground floor',
];

function stepNote(faker: Faker, status: PipelineStatus): string | null {
  if (faker.number.float({ min: 0, max: 1 }) < 0.45) return null;
  switch (status) {
    case 'Order Placed':
      return faker.helpers.arrayElement(['Payment confirmed', 'Order received from the storefront']);
    case 'Packaging':
      return faker.helpers.arrayElement([
        'Items packed and ready for dispatch',
        'Quality check done, packing',
        'Waiting for one item from the vendor',
      ]);
    case 'On The Road':
      return `Shipped via ${faker.helpers.arrayElement(COURIERS)}, AWB ${faker.string.numeric(12)}`;
    case 'Delivered':
      return faker.helpers.arrayElement([
        'Delivered to the customer',
        'Delivered, collected by a family member',
        'Delivered to the security guard',
        'Cash collected on delivery',
      ]);
  }
}

/**
 * A bijection on 0..36^6-1: the multiplier is odd and not a multiple of 3, so
 * coprime with 36^6, and far from small, so consecutive orders get unrelated codes.
 */
const CODE_SPACE = 36n ** 6n;
function trackingCode(sequence: number): string {
  const code = (BigInt(sequence) * 1_345_299_997n + 918_273_645n) % CODE_SPACE;
  return code.toString(36).toUpperCase().padStart(6, '0');
}

export interface OrderFactoryOptions {
  /** Sorted by `since`, oldest first. */
  products: SellableProduct[];
  /** Sorted by `since`, oldest first. */
  customers: Shopper[];
  coupons: SeedCoupon[];
  /** Products orders pick more often (coupon-restricted ones, so those coupons get used). */
  featuredProductIds?: number[];
  /** The staff member who moves orders along the pipeline. */
  staffId: number;
  now: Date;
  /** Share of orders that try a coupon. */
  couponRate?: number;
}

export class OrderFactory {
  readonly #faker: Faker;
  readonly #options: Required<OrderFactoryOptions>;
  readonly #bestsellers: SellableProduct[];
  readonly #featured: SellableProduct[];
  #sequence = 0;

  constructor(faker: Faker, options: OrderFactoryOptions) {
    if (options.products.length === 0) throw new Error('Orders need at least one product');
    if (options.customers.length === 0) throw new Error('Orders need at least one customer');
    this.#faker = faker;
    this.#options = { featuredProductIds: [], couponRate: 0.3, ...options };
    const featured = new Set(this.#options.featuredProductIds);
    this.#featured = options.products.filter((product) => featured.has(product.id));
    // One product in twelve sells far more than the rest.
    this.#bestsellers = options.products.filter((_, index) => index % 12 === 5);
  }

  /** Index past the last entry available at `time` in a list sorted by `since`. */
  #availableCount(list: readonly { since: number }[], time: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle] as { since: number }).since <= time) low = middle + 1;
      else high = middle;
    }
    return Math.max(1, low);
  }

  #pickProduct(time: number): SellableProduct {
    const f = this.#faker;
    const roll = f.number.float({ min: 0, max: 1 });
    const pool =
      roll < 0.08 && this.#featured.length > 0
        ? this.#featured
        : roll < 0.4 && this.#bestsellers.length > 0
          ? this.#bestsellers
          : this.#options.products;
    const candidate = pool[f.number.int({ min: 0, max: this.#availableCount(pool, time) - 1 })];
    if (candidate && candidate.since <= time) return candidate;
    const all = this.#options.products;
    return all[f.number.int({ min: 0, max: this.#availableCount(all, time) - 1 })] as SellableProduct;
  }

  #lines(time: number): { product: SellableProduct; quantity: number }[] {
    const f = this.#faker;
    const count = f.helpers.weightedArrayElement([
      { value: 1, weight: 55 },
      { value: 2, weight: 28 },
      { value: 3, weight: 12 },
      { value: 4, weight: 5 },
    ]);
    const lines = new Map<number, { product: SellableProduct; quantity: number }>();
    for (let attempt = 0; lines.size < count && attempt < count * 4; attempt += 1) {
      const product = this.#pickProduct(time);
      if (lines.has(product.id)) continue;
      const quantity = f.helpers.weightedArrayElement([
        { value: 1, weight: 80 },
        { value: 2, weight: 15 },
        { value: 3, weight: 5 },
      ]);
      lines.set(product.id, { product, quantity });
    }
    return [...lines.values()];
  }

  /** Step times from placing to `status`: hours to days apart, squeezed to end before now. */
  #timeline(createdAt: number, status: PipelineStatus): number[] {
    const f = this.#faker;
    const steps = orderStatuses.indexOf(status);
    const gaps = [
      f.number.int({ min: 2 * HOUR, max: 20 * HOUR }),
      f.number.int({ min: 12 * HOUR, max: 48 * HOUR }),
      f.number.int({ min: 24 * HOUR, max: 96 * HOUR }),
    ].slice(0, steps);
    const total = gaps.reduce((sum, gap) => sum + gap, 0);
    const room = (this.#options.now.getTime() - createdAt) * 0.9;
    const scale = total > room ? room / total : 1;
    const times = [createdAt];
    for (const gap of gaps) {
      const previous = times.at(-1) as number;
      times.push(previous + Math.max(1, Math.floor(gap * scale)));
    }
    return times;
  }

  /** One order placed at `time` (epoch ms, before `now`). */
  orderAt(time: number): GeneratedOrder {
    const f = this.#faker;
    const { customers, coupons, staffId, now } = this.#options;
    const customer = customers[f.number.int({ min: 0, max: this.#availableCount(customers, time) - 1 })] as Shopper;
    const chosen = this.#lines(time);
    const lines: PricedLine[] = chosen.map(({ product, quantity }) => ({
      productId: product.id,
      categoryId: product.categoryId,
      quantity,
      salePricePaise: product.salePricePaise,
    }));
    const day = utcDateOf(new Date(time));

    let coupon: SeedCoupon | null = null;
    if (coupons.length > 0 && f.number.float({ min: 0, max: 1 }) < this.#options.couponRate) {
      coupon = f.helpers.shuffle(coupons).find((candidate) => redeemCoupon(candidate, lines, day).ok) ?? null;
    }
    const pricing = priceOrder(lines, coupon, day);
    if (coupon) coupon.usedCount += 1;

    const status = statusForAge(f, (now.getTime() - time) / DAY);
    const times = this.#timeline(time, status);
    const createdAt = new Date(time).toISOString();
    const updatedAt = new Date(times.at(-1) as number).toISOString();
    this.#sequence += 1;
    return {
      order: {
        trackingNumber: `HT${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}${trackingCode(this.#sequence)}`,
        userId: customer.id,
        billingFullName: customer.name,
        billingEmail: customer.email,
        billingPhone: customer.phone,
        billingNote: f.number.float({ min: 0, max: 1 }) < 0.15 ? f.helpers.arrayElement(ORDER_NOTES) : null,
        billingAddress: customer.address,
        billingCity: customer.city,
        billingProvince: customer.province,
        paymentMethod: f.helpers.weightedArrayElement(
          paymentMethods.map((value, index) => ({ value, weight: [40, 35, 15, 10][index] ?? 10 })),
        ),
        subtotalPaise: pricing.subtotalPaise,
        couponId: coupon?.id ?? null,
        couponCode: pricing.couponCode,
        discountPaise: pricing.discountPaise,
        couponDiscountPaise: pricing.discountPaise,
        discountedTotalPaise: pricing.discountedTotalPaise,
        status,
        createdAt,
        updatedAt,
      },
      items: chosen.map(({ product, quantity }) => ({
        productId: product.id,
        productName: product.name,
        productImage: product.image,
        quantity,
        salePricePaise: product.salePricePaise,
        createdAt,
        updatedAt: createdAt,
      })),
      history: times.map((at, index) => {
        const stepStatus = orderStatuses[index] as PipelineStatus;
        const timestamp = new Date(at).toISOString();
        return {
          status: stepStatus,
          notes: stepNote(f, stepStatus),
          changedBy: index === 0 ? null : staffId,
          createdAt: timestamp,
          updatedAt: timestamp,
        };
      }),
    };
  }
}
