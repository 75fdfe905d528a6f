import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/**
 * How a write tells every API process that some users have something new
 * (docs/decisions/0066-live-notifications-over-sse-and-listen-notify.md). The signal
 * names users only; each process then reads their unread state from the database,
 * which stays the truth.
 */

/** The PostgreSQL channel every API process listens on. */
export const NOTIFICATION_CHANNEL = 'haat_notifications';

/** Longest payload sent as a list of user ids; past it `*` (everyone) is sent. PostgreSQL allows 8,000 bytes. */
const MAX_PAYLOAD = 7000;

/**
 * SQLite's in-process signals: one process serves an embedded database, so an emitter
 * reaches every stream. Every app in the process hears every signal; a hub ignores
 * users whose state in its own database did not change.
 */
export const localSignals = new EventEmitter();
localSignals.setMaxListeners(0);

/** The payload naming `userIds`: a JSON array, or `*` when too long. */
export function signalPayload(userIds: readonly number[]): string {
  const payload = JSON.stringify([...new Set(userIds)]);
  return payload.length > MAX_PAYLOAD ? '*' : payload;
}

/** The user ids a payload names, `'all'` for `*`, or null for a payload not ours. */
export function readSignalPayload(payload: string | undefined): number[] | 'all' | null {
  if (payload === '*') return 'all';
  try {
    const parsed: unknown = JSON.parse(payload ?? '');
    if (Array.isArray(parsed) && parsed.every((id) => Number.isSafeInteger(id))) return parsed as number[];
  } catch {
    // Not ours: ignored below.
  }
  return null;
}

/**
 * Signals that `userIds` have new notifications, from inside the transaction that wrote
 * them. PostgreSQL: `pg_notify`, which the server delivers to every listening process
 * only when the transaction commits (never on rollback). SQLite: an in-process signal
 * on the next turn of the event loop; the streams' reads then queue behind the
 * transaction on the one connection, so they see it committed or rolled back.
 */
export async function signalRecipients(trx: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const payload = signalPayload(userIds);
  if (isPostgres(trx)) {
    await sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`.execute(trx);
  } else {
    setImmediate(() => localSignals.emit('signal', payload));
  }
}
