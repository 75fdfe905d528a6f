import { findVendorRecipientsOf } from '../../../platform/auth/vendor-recipients.js';
import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, links, notificationTitles, settleNotices } from '../notices.js';
import { findAdminUserIds } from '../notifications.repository.js';

/** What the bell says of seller KYC (issue 35): a KYC to review, and the review's outcome. */
export const kycNotifications: readonly AnySubscriber[] = [
  // Every admin hears of it, with the KYC review as its link; a change of PAN or GSTIN on an
  // approved KYC says that its payouts wait again.
  subscribe('kyc.submitted', 'tell admins of a KYC to review', async (trx, { vendor, identityChanged, at }) => {
    await deliver(trx, await findAdminUserIds(trx), {
      kind: 'kyc_submitted',
      title: notificationTitles.kyc_submitted,
      message: identityChanged
        ? `${vendor.businessName} changed their PAN or GSTIN: their KYC is back in review and their payouts wait.`
        : `${vendor.businessName} submitted their KYC for review.`,
      subjectType: 'vendor',
      subjectId: vendor.id,
      link: links.kycReview(vendor.id),
      createdAt: at,
    });
  }),
  // Other admins' notices are settled; the vendor's owner and managers (who may open KYC,
  // decision 0158) hear the outcome, with their KYC as its link.
  subscribe('kyc.decided', 'settle the review notices and tell the vendor', async (trx, { vendor, status, at }) => {
    await settleNotices(trx, 'kyc_submitted', 'vendor', vendor.id, at);
    const kind =
      status === 'approved' ? 'kyc_approved' : status === 'rejected' ? 'kyc_rejected' : 'kyc_changes_requested';
    const message =
      status === 'approved'
        ? 'Your KYC was approved: your earnings can be paid out.'
        : status === 'rejected'
          ? 'Your KYC was rejected. Open it to see why.'
          : 'Changes were requested to your KYC. Open it to see what to fix, then submit it again.';
    await deliver(trx, await findVendorRecipientsOf(trx, vendor.id, 'kyc'), {
      kind,
      title: notificationTitles[kind],
      message,
      subjectType: 'vendor',
      subjectId: vendor.id,
      link: links.kyc,
      createdAt: at,
    });
  }),
];
