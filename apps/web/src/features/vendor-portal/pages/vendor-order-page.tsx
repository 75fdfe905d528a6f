import { vendorPortalMessages as m } from '@haat/contract';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRupees } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVendorOrder } from '../api';
import { AskToCancel } from '../components/ask-to-cancel';
import { MyShipments } from '../components/my-shipments';
import { vendorOrderListPath } from '../hooks/use-vendor-order-filters';

/**
 * One order as its vendor sees it (issue 8): their lines (with units cancelled or
 * returned) and total, status history, where to ship; and their cancellation requests
 * (issue 24); their shipments and the cancellation of their units not yet shipped (issue 34).
 */
export function VendorOrderPage() {
  useDocumentTitle('Order Details');
  const { id = '' } = useParams();
  const query = useVendorOrder(id);
  if (query.isPending) return <Spinner label="Loading order..." />;
  if (query.isError)
    return (
      <div className="space-y-3">
        <h1 className="text-xl font-semibold">{m.orderNotFound}</h1>
        <p className="text-sm text-slate-600">{errorMessage(query.error, 'Failed to load order details')}</p>
        <Link className="text-pink-600 hover:underline" to={vendorOrderListPath()}>
          Back to my orders
        </Link>
      </div>
    );
  const order = query.data.order;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Order ${order.trackingNumber}`}
        subtitle={`${order.status} · ${formatDateTime(order.createdAt)}`}
      />
      <section aria-label="My items" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="text-base font-semibold">My items</h2>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {order.products.map((line) => (
            <li key={line._id} className="flex justify-between py-2">
              <span>
                {line.product.name} × {line.quantity}
                {line.cancelledQuantity > 0 && (
                  <span className="ml-2 text-red-700">{line.cancelledQuantity} cancelled</span>
                )}
                {line.returnedQuantity > 0 && (
                  <span className="ml-2 text-red-700">{line.returnedQuantity} returned</span>
                )}
              </span>
              <span>{formatRupees(line.salePrice * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-right font-semibold">My Total: {formatRupees(order.total)}</p>
      </section>
      <MyShipments order={order} />
      <AskToCancel order={order} />
      <section aria-label={m.shipTo} className="rounded-xl border border-slate-200 bg-white p-5 text-sm">
        <h2 className="text-base font-semibold">{m.shipTo}</h2>
        <p className="mt-2">{order.shipTo.fullName}</p>
        <p>{order.shipTo.phone}</p>
        <p>
          {order.shipTo.address.fullAddress}, {order.shipTo.address.city}, {order.shipTo.address.province}
        </p>
        {order.shipTo.note && <p className="mt-2 text-slate-500">Note: {order.shipTo.note}</p>}
      </section>
      <section aria-label="Status history" className="rounded-xl border border-slate-200 bg-white p-5 text-sm">
        <h2 className="text-base font-semibold">Status history</h2>
        <ol className="mt-2 space-y-1">
          {order.statusHistory.map((entry) => (
            <li key={`${entry.status}-${entry.updatedAt}`}>
              {entry.status} · {formatDateTime(entry.updatedAt)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
