import type { LineTaxSplit } from '@haat/contract';
import type { Actor } from '../auth/access.js';

/**
 * Every domain event the store raises, with its payload, in one place
 * (docs/decisions/0114-domain-events-in-the-transaction.md). A feature publishes what
 * happened; the ledger, the bell, the activity log (and next, e-mails and tax
 * documents) subscribe. Payloads carry plain facts — ids, names as they are now, money
 * in integer paise, instants as UTC ISO strings — so this file imports no feature and a
 * subscriber needs no feature's types.
 */

/** Who made a change, as the activity log and history record it. */
export type EventActor = Pick<Actor, 'userId' | 'role' | 'name'>;

/** An order as events name it. */
export interface OrderRef {
  id: number;
  trackingNumber: string;
}

/** Units of one order line taken back by a cancellation or a return. */
export interface LineTakenBack {
  orderItemId: number;
  /** Null when the product was deleted since. */
  productId: number | null;
  quantity: number;
  /**
   * Paise taken back from the line: for a cancellation the units' price less their
   * share of the discount; for a return the line's share of the refund.
   */
  amountPaise: number;
}

/**
 * A line of an order just placed, as the checkout wrote it: what the order's subscribers
 * need, carried so none reads back what the checkout holds (decision 0151).
 */
export interface PlacedLine {
  productId: number;
  /** The product's name as placed. */
  productName: string;
  /** Null for the store's own product. */
  vendorId: number | null;
  quantity: number;
  /** The product's units in stock after this order took its own (the same transaction's figure). */
  stockAfter: number;
  /** The order line's id (`order_items.id`). */
  orderItemId: number;
  /** The line's money as frozen on it (paise): its net after its discount share, the commission, the store-funded share. */
  netPaise: number;
  commissionPaise: number;
  storeFundedPaise: number;
  /** The commission rate charged (basis points) with its floor and cap (paise); null for none. */
  commissionRateBp: number | null;
  commissionMinPaise: number | null;
  commissionMaxPaise: number | null;
  /** The line's GST as frozen on it (`order_item_taxes`), with its seller as declared then. */
  tax: PlacedLineTax;
}

/**
 * A placed line's GST as the checkout froze it (paise; decision 0137), and its seller's
 * PAN and GSTIN (or enrolment number) as their KYC declared them at that moment (null
 * for the store's own product and a seller who declared none): what the tax register
 * records of the sale (decision 0148).
 */
export interface PlacedLineTax extends LineTaxSplit {
  /** The GST rate, basis points. */
  rateBp: number;
  /** GST state codes: where the seller supplies from, and the place of supply. */
  sellerStateCode: string;
  placeOfSupplyCode: string;
  sellerPan: string | null;
  sellerGstin: string | null;
}

/** A vendor's shipment past its ship-by (UTC ISO) and not yet on the road. */
export interface LateShipment {
  shipmentId: number;
  order: OrderRef;
  vendorId: number;
  vendorName: string;
  shipBy: string;
}

/** The events by name, each with its payload. */
export interface DomainEvents {
  /**
   * A storefront order was placed (checkout), its stock taken and its lines written with
   * their nets; one line per product. `discountedTotalPaise` is the order's total as placed.
   */
  'order.placed': {
    orderId: number;
    trackingNumber: string;
    discountedTotalPaise: number;
    lines: readonly PlacedLine[];
    at: string;
  };
  /** An order moved one step along its pipeline (`at` is its new version). */
  'order.statusChanged': { actor: EventActor; order: OrderRef; from: string; to: string; at: string };
  /** An order reached Delivered (every shipment not cancelled is delivered; vendors' holds start per part: `shipment.vendorPartDelivered`). */
  'order.delivered': { orderId: number; at: string };
  /** Units of an order were cancelled; `statusAfter` is 'Cancelled' when nothing is left. */
  'order.cancelled': {
    actor: EventActor;
    order: OrderRef;
    statusBefore: string;
    statusAfter: string;
    /** The order's discounted total before and after, paise. */
    totalBeforePaise: number;
    totalAfterPaise: number;
    reason: string;
    lines: readonly LineTakenBack[];
    /**
     * The vendor whose own cancellation it was (issue 34): their cancellation of their
     * unshipped units (`actor` one of theirs), or their request accepted (`actor` an
     * admin); null for the store's.
     */
    sellerVendorId: number | null;
    at: string;
  };
  /** Delivered units came back with a refund (`refundPaise`, shared over `lines`). */
  'order.returned': {
    actor: EventActor;
    order: OrderRef;
    /** The order's refunded total before this return, paise. */
    refundedBeforePaise: number;
    refundPaise: number;
    reason: string;
    lines: readonly LineTakenBack[];
    at: string;
  };
  /**
   * A shipment went on the road (issue 34), all of it or the units `units` names (the
   * rest left in shipment `remainderId`). `vendorId` null: the store's own products.
   */
  'shipment.shipped': {
    actor: EventActor;
    order: OrderRef;
    shipmentId: number;
    vendorId: number | null;
    carrier: string | null;
    awb: string | null;
    units: number;
    remainderId: number | null;
    late: boolean;
    at: string;
  };
  /** A shipment was delivered (issue 34). */
  'shipment.delivered': { actor: EventActor; order: OrderRef; shipmentId: number; vendorId: number | null; at: string };
  /**
   * Every shipment of a vendor's part of an order that is not cancelled is now delivered
   * (issue 34): that vendor's payout hold on the order starts at `at`. `actor` made the
   * change that completed it (a delivery, or a cancellation of the units left).
   */
  'shipment.vendorPartDelivered': { actor: EventActor; orderId: number; vendorId: number; at: string };
  /**
   * The hourly look for late shipments (issue 36's digest; decision 0154) found vendors'
   * shipments past their ship-by and not yet on the road: every such one, each time,
   * oldest ship-by first per vendor. What is new to whom is each subscriber's to judge.
   */
  'shipments.late': { shipments: readonly LateShipment[]; at: string };
  /** A vendor asked to cancel their lines of an order. */
  'order.cancelRequested': { order: OrderRef; vendorId: number; vendorName: string; reason: string; at: string };
  /** An admin accepted a vendor's request to cancel: their units not yet on the road were cancelled (`order.cancelled`). */
  'order.cancelRequestAccepted': {
    actor: EventActor;
    order: OrderRef;
    vendorId: number;
    requestId: number;
    requestReason: string;
    at: string;
  };
  /** An admin declined a vendor's request to cancel, saying why. */
  'order.cancelRequestDeclined': {
    actor: EventActor;
    order: OrderRef;
    vendorId: number;
    requestReason: string;
    reason: string;
    at: string;
  };
  /** A vendor submitted a product for approval: created it, or edited it back to pending. */
  'product.submitted': { productId: number; at: string };
  /** An admin approved or rejected a product. */
  'product.reviewed': { productId: number; approved: boolean; at: string };
  /** A vendor's product import sent `count` products (created or resubmitted) for approval. */
  'products.imported': { vendorId: number; count: number; at: string };
  /** A vendor signed up on their own (an admin adding one raises nothing). */
  'vendor.registered': { vendorId: number; at: string };
  /** An admin approved or rejected a vendor's account. */
  'vendor.statusChanged': { vendor: { id: number; userId: number }; from: string; to: string; at: string };
  /** A message arrived from the storefront's contact form. */
  'contact.received': { contact: { id: number; name: string; message: string }; at: string };
  /** An admin made payouts (one per vendor paid), in id order. */
  'payout.created': { actor: EventActor; payoutIds: readonly number[]; at: string };
  /** A payout was marked Paid, with the bank's reference. */
  'payout.paid': {
    actor: EventActor;
    payout: { id: number; vendorId: number; amountPaise: number };
    reference: string;
    at: string;
  };
  /** A payout was marked Failed; its amount is the vendor's again. */
  'payout.failed': {
    actor: EventActor;
    payout: { id: number; vendorId: number; amountPaise: number };
    reason: string;
    at: string;
  };
  /** An admin posted a manual entry (signed paise) to a vendor's ledger. */
  'ledger.adjusted': {
    actor: EventActor;
    vendor: { id: number; businessName: string };
    amountPaise: number;
    reason: string;
    at: string;
  };
  /** A vendor changed the bank account their payouts go to; their payouts wait `holdHours`. */
  'bankDetails.changed': { vendor: { id: number; businessName: string }; holdHours: number; at: string };
  /**
   * A vendor sent their KYC for review (issue 35): submitted it, or changed the PAN, GSTIN
   * or enrolment number of an approved one (`identityChanged`; their payouts wait again).
   * `changedFields` names the fields changed, never their values (personal data).
   */
  'kyc.submitted': {
    actor: EventActor;
    vendor: { id: number; businessName: string };
    identityChanged: boolean;
    changedFields: readonly string[];
    at: string;
  };
  /** An admin approved a KYC, requested changes (reasons for `reasonFields`) or rejected it. */
  'kyc.decided': {
    actor: EventActor;
    vendor: { id: number; userId: number; businessName: string };
    status: 'approved' | 'changes_requested' | 'rejected';
    reasonFields: readonly string[];
    at: string;
  };
  /**
   * An Owner invited a staff member (decision 0130): what the invitation mail needs. `token`
   * is the link's secret (`/accept-invitation?token=...`), never stored but as a hash.
   */
  'staff.invited': { actor: EventActor; invitation: InvitationRef; token: string; at: string };
  /** A vendor's owner invited a team member (decision 0130); `token` as in `staff.invited`. */
  'team.member_invited': {
    actor: EventActor;
    vendor: { id: number; businessName: string };
    invitation: InvitationRef;
    token: string;
    at: string;
  };
}

/** An invitation as its mail names it: who, the role given, and until when the link works (UTC). */
export interface InvitationRef {
  id: number;
  email: string;
  name: string;
  role: string;
  expiresAt: string;
}

/** An event's name. */
export type DomainEventName = keyof DomainEvents;

/** One event: its name as `type` beside its payload. */
export type DomainEventOf<K extends DomainEventName> = { type: K } & DomainEvents[K];

/** Any one event. */
export type DomainEvent = { [K in DomainEventName]: DomainEventOf<K> }[DomainEventName];
