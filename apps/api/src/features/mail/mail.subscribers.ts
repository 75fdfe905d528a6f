import {
  type AssignableStaffRole,
  type AssignableTeamRole,
  type KycReviewField,
  kycReviewFieldLabels,
  kycReviewFields,
  staffRoleLabels,
  teamRoleLabels,
} from '@haat/contract';
import { findStaffUserIds } from '../../platform/auth/staff-recipients.js';
import { findVendorRecipients, findVendorRecipientsOf } from '../../platform/auth/vendor-recipients.js';
import { type AnySubscriber, subscribe } from '../../platform/events/event-bus.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { findKycReasons, findProductForMail, findVendor } from './mail.repository.js';

/** How long the first new order waits for others to join its vendor's digest, ms. */
export const NEW_ORDER_DIGEST_DELAY_MS = 5 * 60_000;

/**
 * The mails of the store's events (issue 36; decision 0125): each subscriber queues its
 * mail in the event's transaction through `queueMail`, keyed by the event, so a mail
 * exists exactly when its change does and one event never queues it twice. A vendor's
 * mail goes to each of the seller's team who hear of its subject (`findVendorRecipients`,
 * decision 0158), each one's own mail preferences applying (`queueMail`).
 */
export const mailSubscribers: readonly AnySubscriber[] = [
  subscribe('vendor.registered', 'mail admins of a new vendor', async (trx, { vendorId, at }) => {
    const vendor = await findVendor(trx, vendorId);
    if (!vendor) return;
    for (const userId of await findStaffUserIds(trx, 'vendors:read'))
      await queueMail(trx, {
        to: { userId },
        template: 'admin-new-vendor',
        data: { businessName: vendor.businessName },
        dedupeKey: `vendor.registered:${vendorId}`,
        at,
      });
  }),
  subscribe('vendor.statusChanged', 'mail the vendor their approval or rejection', async (trx, event) => {
    if (event.from === event.to || (event.to !== 'approved' && event.to !== 'rejected')) return;
    const vendor = await findVendor(trx, event.vendor.id);
    if (!vendor) return;
    for (const userId of await findVendorRecipientsOf(trx, vendor.id, 'account'))
      await queueMail(trx, {
        to: { userId },
        template: 'vendor-decision',
        data: { businessName: vendor.businessName, approved: event.to === 'approved', reason: null },
        dedupeKey: `vendor.statusChanged:${event.vendor.id}:${event.to}:${event.at}`,
        at: event.at,
      });
  }),
  subscribe('product.reviewed', 'mail the vendor their product decision', async (trx, event) => {
    const product = await findProductForMail(trx, event.productId);
    if (!product || product.vendorId === null) return;
    for (const userId of await findVendorRecipientsOf(trx, product.vendorId, 'products'))
      await queueMail(trx, {
        to: { userId },
        template: 'product-decision',
        data: {
          productId: product.id,
          productName: product.name,
          approved: event.approved,
          reasons: event.approved ? null : product.rejectionReason,
        },
        dedupeKey: `product.reviewed:${event.productId}:${event.at}`,
        at: event.at,
      });
  }),
  subscribe(
    'order.placed',
    "mail each vendor's order handlers the order to pack (a digest)",
    async (trx, { orderId, trackingNumber, lines, at }) => {
      // Units per vendor, from the lines the event carries (decision 0151).
      const units = new Map<number, number>();
      for (const line of lines)
        if (line.vendorId !== null) units.set(line.vendorId, (units.get(line.vendorId) ?? 0) + line.quantity);
      const teams = await findVendorRecipients(trx, [...units.keys()], 'orders');
      for (const [vendorId, vendorUnits] of units)
        for (const userId of teams.get(vendorId) ?? [])
          await queueMail(trx, {
            to: { userId },
            template: 'vendor-new-orders',
            data: { items: [{ trackingNumber, units: vendorUnits }] },
            dedupeKey: `order.placed:${orderId}`,
            digest: { delayMs: NEW_ORDER_DIGEST_DELAY_MS },
            at,
          });
    },
  ),
  subscribe('order.cancelRequestAccepted', 'mail the vendor the accepted request', async (trx, event) => {
    for (const userId of await findVendorRecipientsOf(trx, event.vendorId, 'orders'))
      await queueMail(trx, {
        to: { userId },
        template: 'cancel-request-answered',
        data: { orderId: event.order.id, trackingNumber: event.order.trackingNumber, accepted: true, reason: null },
        dedupeKey: `order.cancelRequestAccepted:${event.requestId}`,
        at: event.at,
      });
  }),
  subscribe('order.cancelRequestDeclined', 'mail the vendor the declined request', async (trx, event) => {
    for (const userId of await findVendorRecipientsOf(trx, event.vendorId, 'orders'))
      await queueMail(trx, {
        to: { userId },
        template: 'cancel-request-answered',
        data: {
          orderId: event.order.id,
          trackingNumber: event.order.trackingNumber,
          accepted: false,
          reason: event.reason,
        },
        dedupeKey: `order.cancelRequestDeclined:${event.order.id}:${event.vendorId}:${event.at}`,
        at: event.at,
      });
  }),
  subscribe('payout.paid', 'mail the vendor their payout', async (trx, { payout, reference, at }) => {
    for (const userId of await findVendorRecipientsOf(trx, payout.vendorId, 'payouts'))
      await queueMail(trx, {
        to: { userId },
        template: 'payout-paid',
        data: { amountPaise: payout.amountPaise, reference },
        dedupeKey: `payout.paid:${payout.id}`,
        at,
      });
  }),
  subscribe('bankDetails.changed', 'mail the vendor and the admins of changed bank details', async (trx, event) => {
    const vendor = await findVendor(trx, event.vendor.id);
    if (!vendor) return;
    const key = `bankDetails.changed:${event.vendor.id}:${event.at}`;
    for (const userId of await findVendorRecipientsOf(trx, vendor.id, 'bankDetails'))
      await queueMail(trx, {
        to: { userId },
        template: 'bank-details-changed',
        data: { businessName: vendor.businessName, holdHours: event.holdHours, at: event.at },
        dedupeKey: key,
        at: event.at,
      });
    for (const userId of await findStaffUserIds(trx, 'money:read'))
      await queueMail(trx, {
        to: { userId },
        template: 'admin-bank-details-changed',
        data: { vendorId: vendor.id, businessName: vendor.businessName, holdHours: event.holdHours },
        dedupeKey: key,
        at: event.at,
      });
  }),
  // Invitations (decision 0130): to the invited address (no account yet), essential; the
  // link is the event's token under the store's public address.
  subscribe(
    'staff.invited',
    'mail the invitation to the staff member',
    async (trx, { actor, invitation, token, at }) => {
      await queueMail(trx, {
        to: { email: invitation.email },
        template: 'staff-invitation',
        data: {
          name: invitation.name,
          roleLabel: staffRoleLabels[invitation.role as AssignableStaffRole] ?? invitation.role,
          invitedBy: actor.name,
          token,
          expiresAt: invitation.expiresAt,
        },
        dedupeKey: `staff.invited:${invitation.id}`,
        at,
      });
    },
  ),
  subscribe('team.member_invited', 'mail the invitation to the team member', async (trx, event) => {
    await queueMail(trx, {
      to: { email: event.invitation.email },
      template: 'team-invitation',
      data: {
        name: event.invitation.name,
        businessName: event.vendor.businessName,
        roleLabel: teamRoleLabels[event.invitation.role as AssignableTeamRole] ?? event.invitation.role,
        invitedBy: event.actor.name,
        token: event.token,
        expiresAt: event.invitation.expiresAt,
      },
      dedupeKey: `team.member_invited:${event.invitation.id}`,
      at: event.at,
    });
  }),
  // Raised only when a KYC enters review (a first submission, one again after a review, or
  // a PAN/GSTIN/enrolment change on an approved one), never for a saved draft: each is mailed
  // to the staff who review vendors.
  subscribe('kyc.submitted', 'mail the reviewers a KYC to review', async (trx, event) => {
    for (const userId of await findStaffUserIds(trx, 'vendors:write'))
      await queueMail(trx, {
        to: { userId },
        template: 'admin-kyc-submitted',
        data: {
          vendorId: event.vendor.id,
          businessName: event.vendor.businessName,
          identityChanged: event.identityChanged,
          changedFields: [...event.changedFields],
        },
        dedupeKey: `kyc.submitted:${event.vendor.id}:${event.at}`,
        at: event.at,
      });
  }),
  subscribe('kyc.decided', 'mail the vendor the KYC decision', async (trx, event) => {
    const stored = event.status === 'approved' ? {} : ((await findKycReasons(trx, event.vendor.id)) ?? {});
    const reasons = kycReviewFields
      .filter((field) => typeof stored[field] === 'string' && stored[field] !== '')
      .map((field: KycReviewField) => ({ field: kycReviewFieldLabels[field], reason: stored[field] as string }));
    for (const userId of await findVendorRecipientsOf(trx, event.vendor.id, 'kyc'))
      await queueMail(trx, {
        to: { userId },
        template: 'kyc-decision',
        data: { businessName: event.vendor.businessName, status: event.status, reasons },
        dedupeKey: `kyc.decided:${event.vendor.id}:${event.at}`,
        at: event.at,
      });
  }),
];
