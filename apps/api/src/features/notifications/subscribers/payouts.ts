import { rupeeText } from '@haat/contract';
import { findVendorRecipientsOf } from '../../../platform/auth/vendor-recipients.js';
import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, links, notificationTitles } from '../notices.js';
import { findAdminUserIds } from '../notifications.repository.js';

/** What the bell says of vendors' money (issue 25): a payout paid, and bank details changed. */
export const payoutNotifications: readonly AnySubscriber[] = [
  // Its vendor's owner and managers (who may open Earnings, decision 0158) hear the amount
  // and the bank's reference, with Earnings as its link.
  subscribe('payout.paid', 'tell the vendor of their payout', async (trx, { payout, reference, at }) => {
    await deliver(trx, await findVendorRecipientsOf(trx, payout.vendorId, 'payouts'), {
      kind: 'payout_paid',
      title: notificationTitles.payout_paid,
      message: `${rupeeText(payout.amountPaise)} was paid to your bank account (reference ${reference}).`,
      subjectType: 'vendor',
      subjectId: payout.vendorId,
      link: links.earnings,
      createdAt: at,
    });
  }),
  // Every admin hears of it: the usual warning against a taken-over account redirecting money.
  subscribe('bankDetails.changed', 'warn admins of changed bank details', async (trx, { vendor, holdHours, at }) => {
    await deliver(trx, await findAdminUserIds(trx), {
      kind: 'bank_details_changed',
      title: notificationTitles.bank_details_changed,
      message: `${vendor.businessName} changed their bank details; their payouts are held for ${holdHours} hours.`,
      subjectType: 'vendor',
      subjectId: vendor.id,
      link: links.payouts,
      createdAt: at,
    });
  }),
];
