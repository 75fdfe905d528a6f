import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { e2ePort } from './ports';
import { expect, signIn, test } from './support';

/**
 * Spec section 2, Dashboard. The figures on screen must equal what plain SQL over the
 * end-to-end database gives: the server under test runs on the SQLite file
 * `.e2e/<port>/store.db` (playwright.config.ts), read here read-only and computed
 * independently of the API's queries. Holds for any data, the empty store included.
 */

/** The database of the server this worker drives (`e2ePort`). */
const databasePath = () =>
  fileURLToPath(new URL(`../../../.e2e/${e2ePort(test.info().parallelIndex)}/store.db`, import.meta.url));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-IN');
const money = (paise: number) => `Rs.${rupees.format(paise / 100)}`;

interface RecentRow {
  trackingNumber: string;
  customer: string | null;
  totalPaise: number;
  status: string;
  createdAt: string;
}

/** Every figure the dashboard shows, by plain SQL over the database, judged at `now` (UTC). */
function expectedFigures(now: Date) {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const one = (query: string, ...params: unknown[]) =>
      db
        .prepare(query)
        .pluck()
        .get(...params) as number;
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const nextDay = new Date(dayStart.getTime() + 86_400_000);
    const statusCounts = db.prepare('select status, count(*) as count from orders group by status').all() as {
      status: string;
      count: number;
    }[];
    return {
      totalProducts: one('select count(*) from products'),
      totalOrders: one('select count(*) from orders'),
      totalUsers: one("select count(*) from users where role = 'customer'"),
      ordersToday: one(
        'select count(*) from orders where created_at >= ? and created_at < ?',
        dayStart.toISOString(),
        nextDay.toISOString(),
      ),
      // Net of refunds (issue 24): what the Delivered orders are worth to the store.
      revenuePaise: one(
        "select coalesce(sum(discounted_total_paise - refunded_total_paise), 0) from orders where status = 'Delivered'",
      ),
      ordersInChart: one(
        'select count(*) from orders where created_at >= ? and created_at < ?',
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString(),
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      ),
      statusCounts,
      recent: db
        .prepare(
          `select o.tracking_number as trackingNumber,
                  coalesce(u.name, nullif(o.billing_full_name, '')) as customer,
                  o.discounted_total_paise as totalPaise, o.status, o.created_at as createdAt
             from orders o left join users u on u.id = o.user_id
            order by o.created_at desc, o.id desc limit 5`,
        )
        .all() as RecentRow[],
    };
  } finally {
    db.close();
  }
}

/** 'Nov 2026' labels of the 12 months ending with the month of `now`, oldest first. */
function monthLabels(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return `${MONTHS[month.getUTCMonth()]} ${month.getUTCFullYear()}`;
  });
}

test('the dashboard shows the figures that SQL over the database gives', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Overview of your business metrics')).toBeVisible();
  const expected = expectedFigures(new Date());

  const card = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(card('Total Products').getByText(whole.format(expected.totalProducts), { exact: true })).toBeVisible();
  await expect(card('Total Orders').getByText(whole.format(expected.totalOrders), { exact: true })).toBeVisible();
  await expect(card('Total Users').getByText(whole.format(expected.totalUsers), { exact: true })).toBeVisible();
  await expect(card('Orders Today').getByText(whole.format(expected.ordersToday), { exact: true })).toBeVisible();
  await expect(card('Total Revenue').getByText(money(expected.revenuePaise), { exact: true })).toBeVisible();
  await expect(card('Total Revenue').getByText('From all completed orders', { exact: true })).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent Orders' });
  if (expected.recent.length === 0) {
    await expect(recent.getByText('No recent orders found', { exact: true })).toBeVisible();
  } else {
    const rows = recent.getByRole('table', { name: 'Recent Orders' }).getByRole('row');
    await expect(rows).toHaveCount(expected.recent.length + 1);
    for (const [index, order] of expected.recent.entries()) {
      await expect(rows.nth(index + 1).getByRole('cell')).toHaveText([
        order.trackingNumber,
        order.customer || 'N/A',
        money(order.totalPaise),
        order.status,
        new Date(order.createdAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
      ]);
    }
  }

  const monthly = page.getByRole('region', { name: 'Monthly Orders & Revenue' });
  const status = page.getByRole('region', { name: 'Order Status Distribution' });
  if (expected.totalOrders === 0) {
    await expect(status.getByText('No orders to display', { exact: true })).toBeVisible();
  } else {
    for (const { status: name, count } of expected.statusCounts) {
      const label = `${name} ${Math.round((count / expected.totalOrders) * 100)}%`;
      await expect(status.getByText(label, { exact: true })).toBeVisible();
    }
  }
  if (expected.ordersInChart > 0) {
    for (const label of monthLabels(new Date())) {
      await expect(monthly.getByText(label, { exact: true })).toBeVisible();
    }
  } else {
    await expect(monthly.getByText('No data available', { exact: true })).toBeVisible();
  }
});

test("a vendor's dashboard is their own, not the store's", async ({ page }) => {
  await signIn(page, { email: 'vendor@example.com', password: 'vendor123' });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Vendor Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden();
});

test("a failed summary shows 'Error Loading Dashboard' with the message, and Retry reloads", async ({ page }) => {
  // The client tries a server error three times before giving up; then the server recovers.
  let failures = 3;
  await page.route('**/api/dashboard/summary', async (route) => {
    if (failures-- > 0) {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side.' }),
      });
    } else {
      await route.continue();
    }
  });
  await signIn(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Dashboard' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Something went wrong on our side.')).toBeVisible();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});
