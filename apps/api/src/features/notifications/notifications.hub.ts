import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { accountRefusal } from '../../platform/auth/access.js';
import { findActorById } from '../../platform/auth/actor.repository.js';
import { isTokenRevoked } from '../../platform/auth/sessions.js';
import { type DatabaseKind, type Db, postgresDriver } from '../../platform/db/create-db.js';
import { unreadStates } from './notifications.repository.js';
import { localSignals, NOTIFICATION_CHANNEL, readSignalPayload } from './notifications.signals.js';

/**
 * One API process's live notification streams (docs/decisions/0066): who is
 * listening, what each was last told, and where signals come from: on PostgreSQL a
 * dedicated connection `LISTEN`ing on `haat_notifications` (so every process hears
 * every commit), on SQLite the in-process emitter. On a signal the hub reads the named
 * users' unread count and newest notification from the database and tells each of
 * their streams whose state changed. Closing the hub ends every stream and the
 * listening connection.
 */

/** One open stream: its user, its session, and how to write to it. */
export interface StreamSubscriber {
  userId: number;
  /** The token behind the stream: its id and account version, rechecked before each event. */
  session: { jti: string; version: number; expiresAt: Date };
  /** Writes a `notification` event with the unread count. */
  send(unread: number): void;
  /** Ends the stream (session ended, or the server is closing). */
  end(): void;
  /** What it was last told. */
  last?: { unread: number; newestId: number };
}

/** Waits before reconnecting the listening connection: 1 s, doubling to 30 s. */
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

export class NotificationHub {
  private readonly subscribers = new Map<number, Set<StreamSubscriber>>();
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;
  private readonly onLocalSignal = (payload: string) => void this.onSignal(payload);

  constructor(
    private readonly db: Db,
    private readonly kind: DatabaseKind,
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts hearing signals: on PostgreSQL connects and `LISTEN`s (retrying with backoff if the server is away). */
  async start(): Promise<void> {
    if (this.kind === 'sqlite') {
      localSignals.on('signal', this.onLocalSignal);
      return;
    }
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new (postgresDriver().Client)({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === NOTIFICATION_CHANNEL) void this.onSignal(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'notifications: the LISTEN connection failed; reconnecting');
      this.dropListener(client);
    });
    client.on('end', () => this.dropListener(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    } catch (error) {
      this.log.warn({ err: error }, 'notifications: cannot LISTEN; retrying');
      this.dropListener(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    // Signals sent while no connection listened were lost: refresh every stream.
    void this.refresh([...this.subscribers.keys()]);
  }

  private dropListener(client: pg.Client): void {
    if (this.listener === client) this.listener = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, this.reconnectDelay);
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  private async onSignal(payload: string | undefined): Promise<void> {
    const users = readSignalPayload(payload);
    if (users === null) return;
    const local = users === 'all' ? [...this.subscribers.keys()] : users.filter((id) => this.subscribers.has(id));
    await this.refresh(local);
  }

  /** Reads the users' state and tells each of their streams whose state changed. */
  private async refresh(userIds: number[]): Promise<void> {
    if (userIds.length === 0 || this.closed) return;
    let states: Awaited<ReturnType<typeof unreadStates>>;
    try {
      states = await unreadStates(this.db, userIds);
    } catch (error) {
      if (!this.closed) this.log.warn({ err: error }, 'notifications: reading unread counts failed');
      return;
    }
    for (const userId of userIds) {
      const state = states.get(userId) ?? { unread: 0, newestId: 0 };
      for (const subscriber of this.subscribers.get(userId) ?? []) {
        if (subscriber.last && subscriber.last.unread === state.unread && subscriber.last.newestId === state.newestId)
          continue;
        if (!(await this.sessionLives(subscriber))) {
          subscriber.end();
          continue;
        }
        subscriber.last = state;
        subscriber.send(state.unread);
      }
    }
  }

  /**
   * True while the stream's token still opens the back office: not expired, not
   * signed out, the account's sessions not ended, the account still allowed in.
   */
  async sessionLives(subscriber: StreamSubscriber): Promise<boolean> {
    if (Date.now() >= subscriber.session.expiresAt.getTime()) return false;
    try {
      const [actor, revoked] = await Promise.all([
        findActorById(this.db, subscriber.userId),
        isTokenRevoked(this.db, subscriber.session.jti),
      ]);
      return Boolean(actor && !revoked && actor.tokenVersion === subscriber.session.version && !accountRefusal(actor));
    } catch {
      return !this.closed;
    }
  }

  /** Adds a stream and sends it the current state at once. Returns the function that removes it. */
  async subscribe(subscriber: StreamSubscriber): Promise<() => void> {
    let set = this.subscribers.get(subscriber.userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(subscriber.userId, set);
    }
    set.add(subscriber);
    const remove = () => {
      const current = this.subscribers.get(subscriber.userId);
      current?.delete(subscriber);
      if (current?.size === 0) this.subscribers.delete(subscriber.userId);
    };
    const state = (await unreadStates(this.db, [subscriber.userId])).get(subscriber.userId) ?? {
      unread: 0,
      newestId: 0,
    };
    subscriber.last = state;
    subscriber.send(state.unread);
    return remove;
  }

  /** How many streams `userId` holds open in this process. */
  streamsOf(userId: number): number {
    return this.subscribers.get(userId)?.size ?? 0;
  }

  /** How many streams are open in this process. */
  get streamCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  /** Ends every stream (the server is closing); they may reconnect to another process. */
  endStreams(): void {
    for (const set of [...this.subscribers.values()]) for (const subscriber of [...set]) subscriber.end();
    this.subscribers.clear();
  }

  /** Ends every stream and stops hearing signals (closes the LISTEN connection). */
  async close(): Promise<void> {
    this.closed = true;
    this.endStreams();
    localSignals.off('signal', this.onLocalSignal);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
