import {
  basisPointsToPercent,
  type CouponValidateResponse,
  type Order,
  type OrderCancelRequest,
  type OrderListResponse,
  type OrderStatsResponse,
  type OrderSummary,
  toRupees,
} from '@haat/contract';
import type { ListAnswer } from '../../platform/db/lists.js';
import type { CouponCheck } from './checkout.service.js';
import type { CancelRequestRow } from './order-cancel-requests.repository.js';
import type { OrderListRow, OrderRowWithUser } from './orders.repository.js';
import type { OrderDetail, OrderStats } from './orders.service.js';

/**
 * Orders as the wire carries them (spec sections 3 and 7; decision 0005): the one
 * place where the orders feature's money leaves paise for rupees, and where ids become
 * strings. The routes call these on what the service answered.
 */

function toOrderBase(
  row: OrderRowWithUser,
): Omit<
  Order,
  'products' | 'statusHistory' | 'cancellations' | 'returns' | 'cancelRequests' | 'pendingCancelRequests'
> {
  return {
    _id: String(row.id),
    trackingNumber: row.trackingNumber,
    user:
      row.userId !== null && row.userName !== null
        ? { _id: String(row.userId), name: row.userName, email: row.userEmail ?? '' }
        : null,
    billingInfo: {
      fullName: row.billingFullName,
      email: row.billingEmail,
      phone: row.billingPhone,
      note: row.billingNote,
      address: {
        fullAddress: row.billingAddress,
        city: row.billingCity,
        province: row.billingProvince,
        postalCode: row.billingPostalCode ?? null,
      },
    },
    paymentMethod: row.paymentMethod,
    totalPrice: toRupees(row.subtotalPaise),
    coupon: row.couponCode
      ? {
          code: row.couponCode,
          discountAmount: toRupees(row.discountPaise),
          discountAtPlacement: toRupees(Number(row.couponDiscountPaise)),
          fundedBy: row.couponFundedBy ?? 'vendors',
        }
      : null,
    discountedTotal: toRupees(row.discountedTotalPaise),
    cancelledTotal: toRupees(row.cancelledTotalPaise),
    refundedTotal: toRupees(row.refundedTotalPaise),
    netTotal: toRupees(row.discountedTotalPaise - row.refundedTotalPaise),
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** An order of the list as the wire's summary: rupees, string ids, the number of lines. */
export function toOrderSummary(row: OrderListRow): OrderSummary {
  return {
    ...toOrderBase(row),
    pendingCancelRequests: Number(row.pendingCancelRequests ?? 0),
    itemCount: Number(row.itemCount ?? 0),
  };
}

/**
 * `GET /orders/admin/orders`'s answer: `{ success, orders }` unpaged, with `total`,
 * `totalRelation` ('gte' when `total` is the bound, decision 0027) and `nextCursor`
 * for a page.
 */
export function toOrderListResponse(answer: ListAnswer<OrderListRow>): OrderListResponse {
  const { items, ...paging } = answer;
  return { success: true, orders: items.map(toOrderSummary), ...paging };
}

/** One order with its lines (rupees) and status history, as the wire carries it. */
export function toOrder(detail: OrderDetail): Order {
  return {
    ...toOrderBase(detail.order),
    products: detail.items.map((item) => ({
      _id: String(item.id),
      product: {
        _id: item.productId === null ? null : String(item.productId),
        name: item.productName,
        images: item.productImage ? [item.productImage] : [],
      },
      quantity: item.quantity,
      salePrice: toRupees(item.salePricePaise),
      cancelledQuantity: item.cancelledQuantity,
      returnedQuantity: item.returnedQuantity,
      vendor:
        item.vendorId === null
          ? null
          : { _id: String(item.vendorId), businessName: item.vendorName ?? 'Former vendor' },
      tax:
        item.taxRateBp === null
          ? null
          : {
              rate: basisPointsToPercent(Number(item.taxRateBp)),
              taxableValue: toRupees(Number(item.taxTaxablePaise)),
              cgst: toRupees(Number(item.taxCgstPaise)),
              sgst: toRupees(Number(item.taxSgstPaise)),
              igst: toRupees(Number(item.taxIgstPaise)),
            },
    })),
    statusHistory: detail.history.map((entry) => ({
      _id: String(entry.id),
      status: entry.status,
      notes: entry.notes,
      updatedAt: entry.updatedAt,
      timestamp: entry.createdAt,
    })),
    cancellations: detail.cancellations.map((entry) => ({
      _id: String(entry.id),
      reason: entry.reason,
      wholeOrder: entry.isWholeOrder,
      amount: toRupees(entry.amountPaise),
      items: entry.lines.map(toCorrectionItem),
      by: entry.byName,
      createdAt: entry.createdAt,
    })),
    cancelRequests: detail.cancelRequests.map(toCancelRequest),
    shipments: detail.shipments,
    pendingCancelRequests: detail.cancelRequests.filter((request) => request.status === 'pending').length,
    returns: detail.returns.map((entry) => ({
      _id: String(entry.id),
      reason: entry.reason,
      note: entry.note,
      restock: entry.isRestocked,
      refundAmount: toRupees(entry.refundPaise),
      restockingFee: toRupees(entry.lines.reduce((sum, line) => sum + line.amountPaise, 0) - entry.refundPaise),
      refundMethod: entry.refundMethod,
      items: entry.lines.map(toCorrectionItem),
      by: entry.byName,
      createdAt: entry.createdAt,
    })),
  };
}

/** A vendor's cancellation request as the wire carries it (times UTC). */
export function toCancelRequest(request: CancelRequestRow): OrderCancelRequest {
  return {
    _id: String(request.id),
    vendor: request.vendor,
    reason: request.reason,
    status: request.status,
    decisionReason: request.decisionReason,
    createdAt: request.createdAt,
    decidedAt: request.decidedAt,
  };
}

/** A line of a cancellation or a return as the wire carries it. */
function toCorrectionItem(line: OrderDetail['cancellations'][number]['lines'][number]) {
  return {
    itemId: String(line.orderItemId),
    productName: line.productName,
    quantity: line.quantity,
    amount: toRupees(line.amountPaise),
  };
}

/** `GET /orders/admin/stats`'s answer: revenue in rupees. */
export function toOrderStatsResponse(stats: OrderStats): OrderStatsResponse {
  return {
    success: true,
    totalOrders: stats.totalOrders,
    ordersToday: stats.ordersToday,
    totalRevenue: toRupees(stats.totalRevenuePaise),
    byStatus: stats.byStatus,
  };
}

/** `POST /api/coupons/validate`'s answer: the check with its amounts in rupees. */
export function toCouponValidateResponse(check: CouponCheck): CouponValidateResponse {
  return {
    success: true,
    valid: check.valid,
    code: check.code,
    message: check.message,
    reason: check.reason,
    subtotal: toRupees(check.subtotalPaise),
    discount: toRupees(check.discountPaise),
    discountedTotal: toRupees(check.subtotalPaise - check.discountPaise),
  };
}
