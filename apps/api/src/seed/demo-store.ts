import { isUniqueViolation } from '../platform/db/constraint-errors.js';
import type { Db } from '../platform/db/create-db.js';
import { ADMIN, DEMO_VENDORS, VENDOR_PASSWORD } from './demo/people.js';
import type { DemoSeedSummary } from './demo/seed-demo-store.js';

const demoVendor = (status: 'approved' | 'pending') => {
  const vendor = DEMO_VENDORS.find((candidate) => candidate.status === status);
  if (!vendor) throw new Error(`The demo store has no ${status} vendor`);
  return vendor;
};

/** The demo store's sign-ins, printed when the server starts. */
export const DEMO_LOGINS = [
  { label: 'Admin', email: ADMIN.email, password: ADMIN.password },
  { label: 'Vendor (approved)', email: demoVendor('approved').email, password: VENDOR_PASSWORD },
  { label: 'Vendor (pending approval)', email: demoVendor('pending').email, password: VENDOR_PASSWORD },
] as const;

/**
 * Seeds the demo store (`seed/demo/seed-demo-store.ts`) when the database holds no
 * users. The seeding code and its faker locale load only then, so starting on a
 * seeded database stays quick. Returns true when it seeded.
 * @param options.log receives a line as each part begins (a busy 2-core machine takes half
 *   a minute, which should not pass in silence), then the one-line summary.
 * @param options.onSeeded receives the whole summary (the tests check the stock with it).
 */
export async function seedDemoStoreIfEmpty(
  db: Db,
  options: {
    log?: (line: string) => void;
    onSeeded?: (summary: DemoSeedSummary) => void;
    /** The app's `PAYOUT_HOLD_DAYS` (default 7): which earnings the demo's payouts can take. */
    payoutHoldDays?: number;
  } = {},
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const { seedDemoStore } = await import('./demo/seed-demo-store.js');
  let summary: Awaited<ReturnType<typeof seedDemoStore>>;
  try {
    const started = Date.now();
    const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    options.log?.('Seeding the demo store (the first start only)...');
    summary = await seedDemoStore(db, {
      payoutHoldDays: options.payoutHoldDays,
      onProgress: (part) => options.log?.(`  ${seconds()} ${part}...`),
    });
  } catch (error) {
    // Another process seeding the same database at the same moment won.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  if (!summary) return false;
  options.onSeeded?.(summary);
  options.log?.(
    `Seeded the demo store in ${summary.milliseconds} ms: ${summary.products} products in ${summary.categories} categories, ` +
      `${summary.customers} customers, ${summary.orders} orders, ${summary.coupons} coupons`,
  );
  return true;
}
