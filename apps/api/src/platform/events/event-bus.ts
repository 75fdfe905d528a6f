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
  /**
   * Optional: the same effect for many events of the kind at once (`publishAll`), in a
   * few statements instead of `handle`'s per event (decision 0143: a courier manifest
   * ships hundreds of shipments in one transaction). Must leave what `handle` called once
   * per event, in the events' order, would leave.
   */
  handleAll?(trx: Db, events: readonly DomainEventOf<K>[]): Promise<void>;
}

/** A subscriber of any one event, as a feature's list of subscribers holds them. */
export type AnySubscriber = { [K in DomainEventName]: Subscriber<K> }[DomainEventName];

/**
 * Declares a subscriber, its handler typed by the event's payload; `handleAll`, when
 * given, takes many events of the kind at once (`publishAll`; see `Subscriber.handleAll`).
 */
export function subscribe<K extends DomainEventName>(
  event: K,
  name: string,
  handle: (trx: Db, event: DomainEventOf<K>) => Promise<void>,
  handleAll?: (trx: Db, events: readonly DomainEventOf<K>[]) => Promise<void>,
): Subscriber<K> {
  return handleAll ? { event, name, handle, handleAll } : { event, name, handle };
}

/** Declares a subscriber that can also take many events at once (`publishAll`); see `Subscriber.handleAll`. */
export function subscribeAll<K extends DomainEventName>(
  event: K,
  name: string,
  handleAll: (trx: Db, events: readonly DomainEventOf<K>[]) => Promise<void>,
): Subscriber<K> {
  return { event, name, handle: (trx, one) => handleAll(trx, [one]), handleAll };
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
  /**
   * Publishes many events of one kind in `trx` (decision 0143): each subscriber in turn
   * takes them all, at once through its `handleAll` when it has one, else one event after
   * the other in their order. So the subscribers' order holds per event, but subscriber
   * A sees every event before subscriber B sees the first (none of an event's
   * subscribers reads what another writes for it).
   * @throws Error as `publish`; also when the events are not all of one kind.
   */
  publishAll<K extends DomainEventName>(trx: Db, type: K, events: readonly DomainEventOf<K>[]): Promise<void>;
  /** The names of the subscribers of `event`, in the order they run. */
  subscribersOf(event: DomainEventName): string[];
}

/** A subscriber as the bus keeps it: filed under its event's name, so it is only handed that event. */
type Filed = {
  name: string;
  handle: (trx: Db, event: DomainEvent) => Promise<void>;
  handleAll: ((trx: Db, events: readonly DomainEvent[]) => Promise<void>) | undefined;
};

/** A bus over `subscribers`, which run in this order for each event. */
export function createEventBus(subscribers: readonly AnySubscriber[]): EventBus {
  const byEvent = new Map<DomainEventName, Filed[]>();
  for (const subscriber of subscribers) {
    const list = byEvent.get(subscriber.event) ?? [];
    // Filed under `subscriber.event`, the handler only ever receives events of its own type.
    list.push({
      name: subscriber.name,
      handle: subscriber.handle as Filed['handle'],
      handleAll: subscriber.handleAll as Filed['handleAll'],
    });
    byEvent.set(subscriber.event, list);
  }
  return {
    async publish(trx, event) {
      if (!trx.isTransaction) throw new Error(`${event.type} was published outside a transaction`);
      for (const subscriber of byEvent.get(event.type) ?? []) await subscriber.handle(trx, event);
    },
    async publishAll(trx, type, events) {
      if (!trx.isTransaction) throw new Error(`${type} was published outside a transaction`);
      if (events.some((event) => event.type !== type)) throw new Error(`publishAll(${type}) was given another kind`);
      if (events.length === 0) return;
      // Each of kind `type`, checked above: the union's member of `type`.
      const all = events as unknown as readonly DomainEvent[];
      for (const subscriber of byEvent.get(type) ?? []) {
        if (subscriber.handleAll) await subscriber.handleAll(trx, all);
        else for (const event of all) await subscriber.handle(trx, event);
      }
    },
    subscribersOf(event) {
      return (byEvent.get(event) ?? []).map((subscriber) => subscriber.name);
    },
  };
}
