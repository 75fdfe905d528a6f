import type { Shipment } from '@haat/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { ShipmentStatus } from './shipment-status';

/**
 * One shipment of an order as a block (issue 34): who ships it, its status with a late
 * mark in words, its units by line, carrier and AWB once on the road, ship-by, shipped
 * and delivered times; `children` are the moves offered.
 */
export function ShipmentBlock({
  shipment,
  lineName,
  index,
  children,
}: {
  shipment: Shipment;
  /** The name of an order line by its `itemId` (the line's `_id`). */
  lineName: (itemId: string) => string;
  /** Its place among the order's shipments (1-based), naming it. */
  index: number;
  children?: ReactNode;
}) {
  const who = shipment.vendor ? shipment.vendor.businessName : "The store's own products";
  const units = shipment.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article
      aria-label={`Shipment ${index}: ${who}`}
      className="min-w-0 rounded-lg border border-slate-200 p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-slate-900">
          Shipment {index}: {who}
        </h3>
        <ShipmentStatus shipment={shipment} />
      </div>
      <ul className="mt-2 space-y-0.5 text-slate-700" aria-label={`Units of shipment ${index}`}>
        {shipment.items.map((item) => (
          <li key={item.itemId} className="break-words">
            {lineName(item.itemId)} × {item.quantity}
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-slate-500">Units</dt>
        <dd>{units}</dd>
        <dt className="text-slate-500">Ship by</dt>
        <dd>
          {formatDateTime(shipment.shipBy)}
          {shipment.late && <span className="ml-1 font-semibold text-red-700">(late)</span>}
        </dd>
        <dt className="text-slate-500">Carrier and AWB</dt>
        <dd className="break-all">
          {shipment.awb ? (
            <>
              {shipment.carrier} · <span className="font-mono">{shipment.awb}</span>
            </>
          ) : (
            'Not shipped yet'
          )}
        </dd>
        {shipment.shippedAt && (
          <>
            <dt className="text-slate-500">Shipped</dt>
            <dd>{formatDateTime(shipment.shippedAt)}</dd>
          </>
        )}
        {shipment.deliveredAt && (
          <>
            <dt className="text-slate-500">Delivered</dt>
            <dd>{formatDateTime(shipment.deliveredAt)}</dd>
          </>
        )}
      </dl>
      {children && <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{children}</div>}
    </article>
  );
}
