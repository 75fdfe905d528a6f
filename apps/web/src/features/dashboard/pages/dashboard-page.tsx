import { type DashboardWidget, dashboardMessages, dashboardSettingsMessages } from '@haat/contract';
import { AlertTriangle, CalendarCheck, IndianRupee, Package, Percent, ShoppingCart, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { shows, useDashboardSettings } from '../../../lib/dashboard-settings';
import { formatNumber, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardSummary } from '../api';
import { MonthlyChart } from '../components/monthly-chart';
import { RecentOrdersTable } from '../components/recent-orders-table';
import { StatCard } from '../components/stat-card';
import { StatusChart } from '../components/status-chart';

const CARDS: DashboardWidget[] = ['totalProducts', 'totalOrders', 'totalUsers', 'ordersToday'];
const OTHERS: DashboardWidget[] = ['totalRevenue', 'monthlyChart', 'statusChart', 'recentOrders'];

/**
 * The admin dashboard (spec section 2, Dashboard; section 4: loading, then error or
 * loaded). Every figure comes from one call, `GET /api/dashboard/summary`, computed
 * in the database: Total Revenue sums Delivered orders, as its caption says, and the
 * monthly chart covers the last 12 months labelled with the year. The user's Dashboard
 * Settings (issue 10) hide cards and charts and set the chart's months; should they
 * fail to load, the dashboard shows everything over 12 months.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const settings = useDashboardSettings();
  const summary = useDashboardSummary(settings.data?.settings.months, !settings.isPending);

  if (settings.isPending || summary.isPending) return <Spinner label={dashboardMessages.loading} />;

  if (summary.isError) {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
        <AlertTriangle className="mx-auto h-10 w-10 text-red-500" aria-hidden />
        <h1 className="mt-3 text-xl font-semibold text-red-800">{dashboardMessages.errorTitle}</h1>
        <p className="mt-2 text-sm text-red-700">{summary.error.message}</p>
        {/* The spec's Retry reloads the page, which also re-reads the session. */}
        <Button className="mt-5" onClick={() => window.location.reload()}>
          {dashboardMessages.retry}
        </Button>
      </div>
    );
  }

  const data = summary.data;
  const show = (widget: DashboardWidget) => shows(settings.data, widget);
  const anyCard = CARDS.some(show);
  const anyShown = anyCard || OTHERS.some(show);
  return (
    <div className="space-y-6">
      <PageHeader title={dashboardMessages.heading} subtitle={dashboardMessages.subtitle} />

      {!anyShown && (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          {dashboardSettingsMessages.allHidden}{' '}
          <Link className="text-pink-600 hover:underline" to={paths.dashboardSettings}>
            {dashboardSettingsMessages.heading}
          </Link>
        </p>
      )}

      {anyCard && (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {show('totalProducts') && (
            <StatCard
              title={dashboardMessages.totalProducts}
              value={formatNumber(data.totalProducts)}
              icon={Package}
              accent="bg-blue-100 text-blue-700"
            />
          )}
          {show('totalOrders') && (
            <StatCard
              title={dashboardMessages.totalOrders}
              value={formatNumber(data.totalOrders)}
              icon={ShoppingCart}
              accent="bg-purple-100 text-purple-700"
            />
          )}
          {show('totalUsers') && (
            <StatCard
              title={dashboardMessages.totalUsers}
              value={formatNumber(data.totalUsers)}
              icon={Users}
              accent="bg-emerald-100 text-emerald-700"
            />
          )}
          {show('ordersToday') && (
            <StatCard
              title={dashboardMessages.ordersToday}
              value={formatNumber(data.ordersToday)}
              icon={CalendarCheck}
              accent="bg-amber-100 text-amber-700"
            />
          )}
        </div>
      )}

      {show('totalRevenue') && (
        <StatCard
          title={dashboardMessages.totalRevenue}
          value={formatRupees(data.totalRevenue)}
          caption={dashboardMessages.revenueCaption}
          icon={IndianRupee}
          accent="bg-pink-100 text-pink-700"
        />
      )}

      {show('totalRevenue') && data.commission && (
        <StatCard
          title="Commission this month"
          value={formatRupees(data.commission.thisMonth)}
          caption={commissionCaption(data.commission)}
          icon={Percent}
          accent="bg-teal-100 text-teal-700"
        />
      )}

      {(show('monthlyChart') || show('statusChart')) && (
        <div className="grid gap-6 xl:grid-cols-2">
          {show('monthlyChart') && <MonthlyChart months={data.monthly} />}
          {show('statusChart') && <StatusChart distribution={data.statusDistribution} />}
        </div>
      )}

      {show('recentOrders') && <RecentOrdersTable orders={data.recentOrders} />}
    </div>
  );
}

/**
 * The commission card's caption: all time, net of cancellations and refunds, and (issue
 * 35, decision 0131) the store-funded coupon discounts the commission bore this month.
 */
export function commissionCaption(commission: {
  allTime: number;
  storeFunded?: { thisMonth: number; allTime: number } | undefined;
}): string {
  const base = `${formatRupees(commission.allTime)} all time, net of cancellations and refunds`;
  const funded = commission.storeFunded?.thisMonth ?? 0;
  return funded > 0 ? `${base}; after ${formatRupees(funded)} of store-funded coupons this month` : base;
}
