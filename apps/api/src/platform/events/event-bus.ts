import type { Db } from '../db/create-db.js';
import type { DomainEvent, DomainEventName, DomainEventOf } from './domain-events.js';

/**
 * The app's event bus (docs/decisions/0114-domain-events-in-the-transaction.md): a
 * feature publishes a domain event inside the transaction that made it happen, and each
 * subscriber of that event runs there, awaited one after the other in the order the app
 * listed them. A subscriber that throws fails the publish, so the caller's transaction
 * rolls back whole: the change and every side effect commit together or not at all.
 * The bus belongs to the app that built it (decision 0085: no process globals).
 */

/** Something that happens when `event` is published, in the publisher's transaction. */
export interface Subscriber<K extends DomainEventName = DomainEventName> {
  event: K;
  /** Says in a few words what it does, for a reader of the list and for errors. */
  name: string;
  handle(trx: Db, event: DomainEventOf<K>): Promise<void>;
}

/** A subscriber of any one event, as a feature's list of subscribers holds them. */
export type AnySubscriber = { [K in DomainEventName]: Subscriber<K> }[DomainEventName];

/** Declares a subscriber, its handler typed by the event's payload. */
export function subscribe<K extends DomainEventName>(
  event: K,
  name: string,
  handle: (trx: Db, event: DomainEventOf<K>) => Promise<void>,
): Subscriber<K> {
  return { event, name, handle };
}

/** Publishes domain events to the subscribers the app was built with. */
export interface EventBus {
  /**
   * Runs every subscriber of `event.type`, in order, each awaited, inside `trx`.
   * @param trx the open transaction of the change the event reports.
   * @throws Error when `trx` is no transaction (a side effect outside one could be half
   *   written); whatever a subscriber throws, which the caller lets roll its transaction back.
   */
  publish(trx: Db, event: DomainEvent): Promise<void>;
  /** The names of the subscribers of `event`, in the order they run. */
  subscribersOf(event: DomainEventName): string[];
}

/** A subscriber as the bus keeps it: filed under its event's name, so it is only handed that event. */
type Filed = { name: string; handle: (trx: Db, event: DomainEvent) => Promise<void> };

/** A bus over `subscribers`, which run in this order for each event. */
export function createEventBus(subscribers: readonly AnySubscriber[]): EventBus {
  const byEvent = new Map<DomainEventName, Filed[]>();
  for (const subscriber of subscribers) {
    const list = byEvent.get(subscriber.event) ?? [];
    // Filed under `subscriber.event`, the handler only ever receives events of its own type.
    list.push({ name: subscriber.name, handle: subscriber.handle as Filed['handle'] });
    byEvent.set(subscriber.event, list);
  }
  return {
    async publish(trx, event) {
      if (!trx.isTransaction) throw new Error(`${event.type} was published outside a transaction`);
      for (const subscriber of byEvent.get(event.type) ?? []) await subscriber.handle(trx, event);
    },
    subscribersOf(event) {
      return (byEvent.get(event) ?? []).map((subscriber) => subscriber.name);
    },
  };
}
