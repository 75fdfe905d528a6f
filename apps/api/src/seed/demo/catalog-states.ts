import type { Faker } from '@faker-js/faker';
import type { NewProductState } from '../catalog/apply.js';
import type { MappedProduct } from '../catalog/map.js';
import { VENDOR_OF_CATEGORY } from './people.js';

/**
 * How the demo store spreads the imported catalog: each category's products go to
 * the vendor selling it (the rest stay with the store), a dozen await approval, a
 * few were rejected, some are switched off or sold out, the rest are on sale with
 * realistic stock. Creation dates put most of the catalog at the store's launch.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface CatalogMix {
  pending: number;
  /** Of the pending ones, how many belong to the demo's approved vendor login. */
  pendingOfDemoVendor: number;
  rejected: number;
  inactive: number;
  outOfStock: number;
}

export const DEMO_CATALOG_MIX: CatalogMix = {
  pending: 12,
  pendingOfDemoVendor: 3,
  rejected: 4,
  inactive: 25,
  outOfStock: 40,
};

/**
 * One state per product, in the order given.
 * @param vendorIds vendor id by `DEMO_VENDORS` key.
 * @param demoVendorKey the key of the vendor whose login the demo prints.
 */
export function catalogStates(
  faker: Faker,
  products: readonly MappedProduct[],
  options: { vendorIds: Map<string, number>; demoVendorKey: string; adminId: number; now: Date; mix?: CatalogMix },
): NewProductState[] {
  const { vendorIds, demoVendorKey, adminId, now } = options;
  const mix = options.mix ?? DEMO_CATALOG_MIX;
  const end = now.getTime();
  const daysAgo = (min: number, max: number) => end - faker.number.float({ min, max }) * DAY;

  const owners = products.map((product) => {
    const keys = VENDOR_OF_CATEGORY[product.categoryName];
    return keys ? faker.helpers.arrayElement(keys) : null;
  });
  const byVendor = (predicate: (key: string) => boolean) =>
    faker.helpers.shuffle(owners.flatMap((key, index) => (key !== null && predicate(key) ? [index] : [])));

  // Vendors' products await approval (an admin's never do); some of the demo vendor's, so its login shows them.
  const pending = new Set(byVendor((key) => key === demoVendorKey).slice(0, mix.pendingOfDemoVendor));
  for (const index of byVendor((key) => key !== demoVendorKey)) {
    if (pending.size >= mix.pending) break;
    pending.add(index);
  }
  const rejected = new Set(
    byVendor(() => true)
      .filter((index) => !pending.has(index))
      .slice(0, mix.rejected),
  );
  const onSale = faker.helpers.shuffle(
    products.flatMap((_, index) => (pending.has(index) || rejected.has(index) ? [] : [index])),
  );
  const inactive = new Set(onSale.slice(0, mix.inactive));
  const soldOut = new Set(onSale.slice(mix.inactive, mix.inactive + mix.outOfStock));

  return products.map((_, index) => {
    const key = owners[index] ?? null;
    const vendorId = key === null ? null : (vendorIds.get(key) ?? null);
    if (pending.has(index)) {
      const createdAt = new Date(daysAgo(0.2, 10)).toISOString();
      return {
        vendorId,
        status: 'pending',
        approvalStatus: 'pending',
        stockQuantity: faker.number.int({ min: 5, max: 120 }),
        reviewedBy: null,
        reviewedAt: null,
        createdAt,
      };
    }
    const created = rejected.has(index)
      ? daysAgo(10, 60)
      : faker.number.float({ min: 0, max: 1 }) < 0.75
        ? daysAgo(400, 430)
        : daysAgo(15, 400);
    const reviewedAt = new Date(Math.min(end, created + faker.number.float({ min: 2, max: 48 }) * HOUR)).toISOString();
    const skew = faker.number.float({ min: 0, max: 1 }) ** 2;
    return {
      vendorId,
      status: rejected.has(index) ? 'pending' : inactive.has(index) ? 'inactive' : 'active',
      approvalStatus: rejected.has(index) ? 'rejected' : 'approved',
      stockQuantity: soldOut.has(index) ? 0 : Math.round(5 + 245 * skew),
      reviewedBy: adminId,
      reviewedAt,
      createdAt: new Date(created).toISOString(),
    };
  });
}
