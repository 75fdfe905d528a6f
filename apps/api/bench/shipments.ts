import { issueToken } from '../src/platform/auth/sessions.js';
import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * Issue 34's reads on an existing store (`npm run seed -- ... --vendors 1000`), through
 * the real app (`app.inject`), as the vendor with the most shipments:
 * - their shipment queue's first page, `GET /api/vendor/shipments?limit=50`, all and To
 *   pack (targets p95 under 20 ms on SQLite, 50 ms on PostgreSQL at 1,000,000 orders);
 * - a searched page (decision 0150: the beginning of an AWB, an order tracking number
 *   whole, a customer's first name, a customer's two names' beginnings), and the Late tab;
 * - one of their shipments, and the order detail an admin opens
 *   (`GET /api/orders/admin/orders/{id}`, target under 20 ms) for the order holding it.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/shipments.ts`
 */
export async function benchShipments(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    const busiest = await bench.db
      .selectFrom('shipments as s')
      .innerJoin('vendors as v', 'v.id', 's.vendorId')
      .innerJoin('users as u', 'u.id', 'v.userId')
      .select((eb) => ['v.id as vendorId', 'u.id', 'u.tokenVersion', eb.fn.countAll<number>().as('shipments')])
      .groupBy(['v.id', 'u.id', 'u.tokenVersion'])
      .orderBy('shipments', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const token = issueToken(bench.app, { id: busiest.id, role: 'vendor', tokenVersion: busiest.tokenVersion });
    const asVendor = async (url: string) => {
      const res = await bench.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    };
    const sample = await bench.db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.orderId')
      .select(['s.id', 's.orderId', 's.awb', 'o.billingFullName', 'o.trackingNumber'])
      .where('s.vendorId', '=', busiest.vendorId)
      .where('s.awb', 'is not', null)
      .orderBy('s.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const awbPart = (sample.awb ?? '').slice(0, -2).toLowerCase();
    const [firstName = sample.billingFullName, lastName = ''] = sample.billingFullName.split(' ');
    const twoNames = `${firstName.slice(0, 3)} ${lastName.slice(0, 3)}`.trim();
    const label = `a vendor of ${Number(busiest.shipments).toLocaleString('en-IN')} shipments`;
    return [
      await measure(
        `GET /api/vendor/shipments?limit=50 (${label})`,
        () => asVendor('/api/vendor/shipments?limit=50'),
        runs,
      ),
      await measure(
        'GET /api/vendor/shipments?limit=50&status=Order Placed (To pack)',
        () => asVendor('/api/vendor/shipments?limit=50&status=Order%20Placed'),
        runs,
      ),
      await measure(
        'GET /api/vendor/shipments?limit=50&late=true (Late)',
        () => asVendor('/api/vendor/shipments?limit=50&late=true'),
        runs,
      ),
      await measure(
        `GET /api/vendor/shipments?limit=50&search=${awbPart} (the beginning of an AWB)`,
        () => asVendor(`/api/vendor/shipments?limit=50&search=${encodeURIComponent(awbPart)}`),
        runs,
      ),
      await measure(
        `GET /api/vendor/shipments?limit=50&search=${sample.trackingNumber} (a tracking number)`,
        () => asVendor(`/api/vendor/shipments?limit=50&search=${encodeURIComponent(sample.trackingNumber)}`),
        runs,
      ),
      await measure(
        `GET /api/vendor/shipments?limit=50&search=${firstName} (a customer's first name)`,
        () => asVendor(`/api/vendor/shipments?limit=50&search=${encodeURIComponent(firstName)}`),
        runs,
      ),
      await measure(
        `GET /api/vendor/shipments?limit=50&search=${twoNames} (two names' beginnings)`,
        () => asVendor(`/api/vendor/shipments?limit=50&search=${encodeURIComponent(twoNames)}`),
        runs,
      ),
      await measure('GET /api/vendor/shipments/{id}', () => asVendor(`/api/vendor/shipments/${sample.id}`), runs),
      await measure(
        'GET /api/orders/admin/orders/{id} (with its shipments)',
        () => bench.get(`/api/orders/admin/orders/${sample.orderId}`),
        runs,
      ),
    ];
  } finally {
    await bench.close();
  }
}

runWhenExecuted(import.meta.url, "A vendor's shipment queue and the order detail", benchShipments);
