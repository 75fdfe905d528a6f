import { type Order, orderMessages, orderStatusMessages } from '@haat/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { FormSection } from '../../../components/ui/form-section';
import { HistoryPanel } from '../../../components/ui/history-panel';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { rememberedListSearch } from '../../../lib/use-list-filters';
import { isOrderId, useOrder } from '../api';
import { CancelRequests } from '../components/cancel-requests';
import { OrderCorrectionActions, OrderCorrectionsRecord } from '../components/order-corrections';
import { OrderShipments } from '../components/order-shipments';
import { displayStatus, OrderStatusBadge } from '../components/order-status-badge';
import { laterStatuses, UpdateStatusForm } from '../components/update-status-form';

function BackToOrders() {
  return (
    <Link
      to={rememberedListSearch('orders') ? `${paths.orders.list}?${rememberedListSearch('orders')}` : paths.orders.list}
      className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Orders
    </Link>
  );
}

/** The history to show: the stored entries, or the one made up when there are none (spec section 4). */
function timelineOf(order: Order) {
  if (order.statusHistory.length > 0) return order.statusHistory;
  return [
    {
      _id: 'auto',
      status: 'Order Placed' as const,
      notes: orderStatusMessages.autoPlaced,
      updatedAt: order.createdAt,
      timestamp: order.createdAt,
    },
  ];
}

/**
 * Order detail (spec section 2, /admin/orders/{id}): tracking number, status and date;
 * the items and totals; the timeline; the customer's details; the Update Status form
 * until the order is Delivered or Cancelled; cancellations and returns (issue 24). A failed load, an unknown order or an id that
 * cannot name one (spec section 4) shows 'Order Not Found'.
 */
export function OrderDetailPage() {
  useDocumentTitle('Order Details');
  const { id = '' } = useParams();
  const query = useOrder(id);
  // An id that cannot name an order (`abc`, `1.5`, `0`, past 2^31) is not asked for: it is not found.
  const malformed = !isOrderId(id);

  useEffect(() => {
    if (query.isError || malformed) notify.error(orderMessages.loadFailed);
  }, [query.isError, malformed]);

  if (!malformed && query.isPending) return <Spinner label="Loading order..." />;
  if (malformed || query.isError || !query.data?.order) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{orderMessages.notFoundTitle}</h1>
        <p className="mt-2 text-slate-600">{orderMessages.notFoundDetail}</p>
        <div className="mt-6">
          <BackToOrders />
        </div>
      </div>
    );
  }

  const order = query.data.order;
  const billing = order.billingInfo;
  return (
    <div className="space-y-6">
      <BackToOrders />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-mono text-2xl font-semibold text-slate-900">{order.trackingNumber}</h1>
          <p className="mt-1 text-sm text-slate-500">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <OrderStatusBadge status={order.status} />
          {(order.shipments?.length ?? 0) > 0 && <p className="text-xs text-slate-500">Derived from its shipments</p>}
        </div>
      </header>
      {/* A request waiting for an answer stands at the top, beside the status, where the
          admin looks before moving the order on (issue 33); answered ones stay below. */}
      {order.pendingCancelRequests > 0 && <CancelRequests order={order} />}

      {/* One column of minmax(0, 1fr) on a phone: a long product name wraps or is cut inside
          the screen instead of widening the column past it (issue 33). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <FormSection title="Order Items">
            <ul className="divide-y divide-slate-100">
              {order.products.map((line) => (
                <li key={line._id} className="flex items-center gap-4 py-3">
                  <ImageWithFallback
                    src={line.product.images[0]}
                    thumbnail
                    alt={line.product.name}
                    className="h-14 w-14 shrink-0 rounded-lg border border-slate-200"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">
                      {line.product._id ? (
                        <Link to={paths.products.edit(line.product._id)} className="hover:underline">
                          {line.product.name}
                        </Link>
                      ) : (
                        line.product.name
                      )}
                    </p>
                    <p className="text-sm text-slate-500">
                      Qty: {line.quantity} × {formatRupees(line.salePrice)}
                    </p>
                    {line.vendor !== undefined && (
                      <p className="truncate text-xs text-slate-500">
                        {line.vendor ? `Sold by ${line.vendor.businessName}` : "The store's own product"}
                      </p>
                    )}
                    {(line.cancelledQuantity > 0 || line.returnedQuantity > 0) && (
                      <p className="text-xs text-red-700">
                        {[
                          line.cancelledQuantity > 0 ? `${line.cancelledQuantity} cancelled` : null,
                          line.returnedQuantity > 0 ? `${line.returnedQuantity} returned` : null,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </p>
                    )}
                  </div>
                  <p className="shrink-0 font-medium text-slate-900">{formatRupees(line.quantity * line.salePrice)}</p>
                </li>
              ))}
            </ul>
            <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd className="text-slate-900">{formatRupees(order.totalPrice)}</dd>
              </div>
              {order.coupon && (
                <div className="flex justify-between">
                  <dt className="text-slate-600">Discount ({order.coupon.code})</dt>
                  <dd className="text-emerald-700">-{formatRupees(order.coupon.discountAmount)}</dd>
                </div>
              )}
              {/* Issue 35: the discount as placed, when corrections changed it, and a store-funded coupon. */}
              {order.coupon?.discountAtPlacement !== undefined &&
                order.coupon.discountAtPlacement !== order.coupon.discountAmount && (
                  <div className="flex justify-between text-xs">
                    <dt className="text-slate-500">Discount as placed</dt>
                    <dd className="text-slate-500">-{formatRupees(order.coupon.discountAtPlacement)}</dd>
                  </div>
                )}
              {order.coupon?.fundedBy === 'store' && (
                <div className="flex justify-between text-xs">
                  <dt className="text-slate-500">Discount funded by</dt>
                  <dd className="text-slate-500">The store (vendors earn the full price)</dd>
                </div>
              )}
              <div className="flex justify-between text-base font-semibold">
                <dt>Total</dt>
                <dd>{formatRupees(order.discountedTotal)}</dd>
              </div>
              {order.cancelledTotal > 0 && (
                <div className="flex justify-between">
                  <dt className="text-slate-600">Cancelled</dt>
                  <dd className="text-slate-900">{formatRupees(order.cancelledTotal)}</dd>
                </div>
              )}
              {order.refundedTotal > 0 && (
                <>
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Refunded</dt>
                    <dd className="text-red-700">-{formatRupees(order.refundedTotal)}</dd>
                  </div>
                  <div className="flex justify-between font-semibold">
                    <dt>Net</dt>
                    <dd>{formatRupees(order.netTotal)}</dd>
                  </div>
                </>
              )}
            </dl>
          </FormSection>

          <OrderShipments order={order} />

          <OrderCorrectionsRecord order={order} />

          <FormSection title="Order Timeline">
            <ol aria-label="Order timeline" className="space-y-4">
              {timelineOf(order).map((entry) => (
                <li key={entry._id} className="flex gap-3">
                  <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-pink-600" aria-hidden />
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{displayStatus(entry.status)}</p>
                    <p className="text-xs text-slate-500">{formatDateTime(entry.timestamp ?? entry.updatedAt)}</p>
                    {entry.notes && <p className="mt-1 break-words text-sm text-slate-600">{entry.notes}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </FormSection>
        </div>

        <div className="min-w-0 space-y-6">
          <FormSection title="Customer Details">
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="text-slate-500">Name</dt>
                <dd className="break-words text-slate-900">{billing.fullName || order.user?.name || 'N/A'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Email</dt>
                <dd className="break-all text-slate-900">{billing.email || order.user?.email || 'N/A'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Phone</dt>
                <dd className="text-slate-900">{billing.phone || 'N/A'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Address</dt>
                <dd className="break-words text-slate-900">
                  {billing.address.fullAddress}, {billing.address.city}, {billing.address.province}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Payment Method</dt>
                <dd className="text-slate-900">{order.paymentMethod}</dd>
              </div>
              {billing.note && (
                <div>
                  <dt className="text-slate-500">Note</dt>
                  <dd className="break-words text-slate-900">{billing.note}</dd>
                </div>
              )}
            </dl>
          </FormSection>
          {laterStatuses(order.status).length > 0 && <UpdateStatusForm order={order} />}
          {order.pendingCancelRequests === 0 && <CancelRequests order={order} />}
          <OrderCorrectionActions order={order} />
          <HistoryPanel kind="order" id={order._id} />
        </div>
      </div>
    </div>
  );
}
