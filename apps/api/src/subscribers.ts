import type { Config } from './config.js';
import { activitySubscribers } from './features/activity/activity.subscribers.js';
import { securitySubscribers } from './features/auth/security.subscribers.js';
import { documentSubscribers } from './features/documents/documents.subscribers.js';
import { mailSubscribers } from './features/mail/mail.subscribers.js';
import { contactNotifications } from './features/notifications/subscribers/contacts.js';
import { kycNotifications } from './features/notifications/subscribers/kyc.js';
import { orderNotifications } from './features/notifications/subscribers/orders.js';
import { payoutNotifications } from './features/notifications/subscribers/payouts.js';
import { productNotifications } from './features/notifications/subscribers/products.js';
import { shipmentNotifications } from './features/notifications/subscribers/shipments.js';
import { vendorNotifications } from './features/notifications/subscribers/vendors.js';
import { ledgerSubscribers, releaseWithoutHold } from './features/payouts/payouts.subscribers.js';
import type { AnySubscriber } from './platform/events/event-bus.js';

/**
 * Every side effect of the store's events (docs/decisions/0114-domain-events-in-the-transaction.md),
 * in the order each event runs them: money first, then who is told, then the log. The
 * app builds its bus from these; a script that writes as the app does (the product
 * import's command line) builds its own from them too. The demo seeder takes the
 * ledger's alone.
 */
export function storeSubscribers(config: Pick<Config, 'lowStockThreshold' | 'payoutHoldDays'>): AnySubscriber[] {
  return [
    ...ledgerSubscribers,
    ...(config.payoutHoldDays === 0 ? releaseWithoutHold : []),
    // GST documents (issue 35; decision 0144): issued with the change that causes them.
    ...documentSubscribers,
    ...orderNotifications({ lowStockThreshold: config.lowStockThreshold }),
    ...productNotifications,
    ...vendorNotifications,
    ...contactNotifications,
    ...payoutNotifications,
    ...kycNotifications,
    ...shipmentNotifications,
    // Mail is written to the outbox here and delivered later by the mail task (decision 0125).
    ...mailSubscribers,
    ...securitySubscribers,
    ...activitySubscribers,
  ];
}
