import { findVendorRecipientsOf } from '../../../platform/auth/vendor-recipients.js';
import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, links, notificationTitles, settleNotices } from '../notices.js';
import { findAdminUserIds, findVendorName } from '../notifications.repository.js';

/** What the bell says of vendors' accounts (issues 10 and 27): a sign-up, and its approval. */
export const vendorNotifications: readonly AnySubscriber[] = [
  // Every admin hears of it, with Vendor management as its link.
  subscribe('vendor.registered', 'tell admins of a new vendor', async (trx, event) => {
    const businessName = await findVendorName(trx, event.vendorId);
    await deliver(trx, await findAdminUserIds(trx), {
      kind: 'vendor_registered',
      title: notificationTitles.vendor_registered,
      message: `${businessName} registered and is waiting for approval.`,
      subjectType: 'vendor',
      subjectId: event.vendorId,
      link: links.vendors,
      createdAt: event.at,
    });
  }),
  // Other admins' "New vendor registered" is settled; a vendor approved now hears of it,
  // with their dashboard as its link (they read it when they first sign in); a team
  // already made (a vendor approved again) hears of it too (decision 0158).
  subscribe('vendor.statusChanged', 'settle the sign-up notices and tell an approved vendor', async (trx, event) => {
    await settleNotices(trx, 'vendor_registered', 'vendor', event.vendor.id, event.at);
    if (event.to !== 'approved' || event.from === 'approved') return;
    await deliver(trx, await findVendorRecipientsOf(trx, event.vendor.id, 'account'), {
      kind: 'vendor_approved',
      title: notificationTitles.vendor_approved,
      message: 'Your vendor account was approved: you can add products and see your orders and earnings.',
      subjectType: 'vendor',
      subjectId: event.vendor.id,
      link: links.dashboard,
      createdAt: event.at,
    });
  }),
];
