import { type AnySubscriber, subscribe } from '../../platform/events/event-bus.js';
import { queueEmailVerification } from './security.service.js';

/** A vendor who signed up is mailed a link to verify their address (issue 36); it holds up nothing. */
export const securitySubscribers: readonly AnySubscriber[] = [
  subscribe('vendor.registered', 'mail the vendor a link to verify their address', async (trx, { vendorId, at }) => {
    const vendor = await trx
      .selectFrom('vendors')
      .innerJoin('users', 'users.id', 'vendors.userId')
      .select(['users.id', 'users.name'])
      .where('vendors.id', '=', vendorId)
      .executeTakeFirst();
    if (vendor) await queueEmailVerification(trx, vendor.id, vendor.name, at);
  }),
];
