import type { ShipmentDetail, ShipmentSummary } from '@haat/contract';
import { timestamps } from '../../../test/screen-kit';

/** A row of the vendor's queue as the API answers it. */
export function shipmentRow(
  id: string,
  trackingNumber: string,
  status: ShipmentSummary['status'],
  extra: Partial<ShipmentSummary> = {},
): ShipmentSummary {
  return {
    _id: id,
    vendor: { _id: '2', businessName: 'Vendor One Traders' },
    status,
    items: [
      { itemId: '11', quantity: 2 },
      { itemId: '12', quantity: 1 },
    ],
    shipBy: '2026-11-03T10:00:00.000Z',
    carrier: null,
    awb: null,
    shippedAt: null,
    deliveredAt: null,
    late: false,
    updatedAt: timestamps.updatedAt,
    order: { _id: `9${id}`, trackingNumber, createdAt: timestamps.createdAt },
    customerName: 'Kiran Rao',
    units: 3,
    ...extra,
  };
}

/** One shipment's detail: its two lines and where it goes. */
export function shipmentDetail(row: ShipmentSummary, updatedAt = row.updatedAt): ShipmentDetail {
  return {
    ...row,
    updatedAt,
    lines: [
      {
        itemId: '11',
        productId: '5',
        productName: 'Steel Watch',
        sku: 'SW-1',
        image: null,
        quantity: 2,
        salePrice: 1499.5,
      },
      {
        itemId: '12',
        productId: '6',
        productName: 'Leather Strap',
        sku: null,
        image: null,
        quantity: 1,
        salePrice: 300,
      },
    ],
    shipTo: {
      fullName: 'Kiran Rao',
      phone: '+91 90000 00000',
      note: null,
      address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
    },
  };
}

export const carriers = { success: true, carriers: ['Delhivery', 'Blue Dart'] };
