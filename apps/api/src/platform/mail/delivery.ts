import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/create-db.js';
import type { ScheduledTask } from '../jobs/job-runner.js';
import { pacer, yieldToOthers } from '../yield.js';
import { loadBrand, renderMail } from './outbox.js';

/**
 * Delivery of the outbox (issue 36; decision 0125): a scheduled task of the job queue
 * (`mail-delivery`, one runner per round across processes) and a wake-up after a mail
 * is queued in this process. Each round claims due mails in batches, sends them through
 * nodemailer (SMTP) and records the outcome:
 * - **Claim.** `queued` and due, or `sending` whose lease ran out (its process died):
 *   set `sending`, `attempts + 1` and a lease, in one UPDATE guarded by that condition,
 *   so two processes never send the same mail at once. `attempts` is the claim's fence:
 *   the outcome is written only where it is still the claimed one.
 * - **Sent** → `sent` with the HTML and text as sent. **Refused** (a 5xx reply) → back-off,
 *   and `failed` after `maxAttempts`. **Server down or 4xx** → back-off (doubling, capped at
 *   an hour), never failed: it goes when the server is back. Each keeps its last error.
 * - **Once.** The outbox key makes one row per event + recipient + template; the Message-ID
 *   is the row's, so a mail sent again after a crash mid-send (the only way) is the same message.
 */

/** Mails claimed and sent together. */
const BATCH = 25;
/** The longest back-off between two attempts, ms. */
const MAX_BACKOFF_MS = 60 * 60_000;

export interface MailDeliveryOptions {
  from: string;
  storeName: string;
  publicUrl: string;
  retryDelayMs: number;
  maxAttempts: number;
  leaseMs: number;
}

/** What one round did. */
export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
}

/** A nodemailer SMTP transport for `SMTP_URL` (pooled: a few connections reused). */
export function smtpTransport(url: string): Transporter {
  return nodemailer.createTransport(
    url.includes('?') || url.includes('pool=') ? url : `${url}?pool=true&maxConnections=5`,
  );
}

/** Whether an error is the server refusing the message for good (an SMTP 5xx reply). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Delivers every mail due at `now` through `transport`, batch by batch, until none is
 * due or `until` passes. Repeatable: a round cut short leaves each mail queued, sending
 * (its lease runs out) or sent.
 */
export async function deliverDueMail(
  db: Db,
  transport: Transporter,
  options: MailDeliveryOptions,
  now: () => Date = () => new Date(),
  until = Number.POSITIVE_INFINITY,
): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
  const brand = await loadBrand(db, options);
  const host = new URL(options.publicUrl).hostname || 'localhost';
  // SQLite answers synchronously: without a turn now and then, a round would hold every request (decision 0121).
  const pace = pacer();
  for (;;) {
    if (Date.now() > until) break;
    const at = now();
    const nowText = at.toISOString();
    const candidates = await db
      .selectFrom('mailOutbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', nowText)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', nowText)]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (candidates.length === 0) break;
    const claimed = await db
      .updateTable('mailOutbox')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        leaseUntil: new Date(at.getTime() + options.leaseMs).toISOString(),
        updatedAt: nowText,
      }))
      .where(
        'id',
        'in',
        candidates.map((row) => row.id),
      )
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', nowText)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', nowText)]),
        ]),
      )
      .returning(['id', 'dedupeKey', 'toEmail', 'template', 'subject', 'data', 'attempts'])
      .execute();
    await Promise.all(
      claimed.map(async (mail) => {
        await pace();
        const { html, text } = renderMail(mail.template, mail.data, brand);
        const fence = (q: ReturnType<typeof updateMail>) =>
          q.where('id', '=', mail.id).where('status', '=', 'sending').where('attempts', '=', mail.attempts);
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.toEmail,
            subject: mail.subject,
            html,
            text,
            messageId: `<outbox-${mail.id}-${createHash('sha256').update(mail.dedupeKey).digest('hex').slice(0, 16)}@${host}>`,
            headers: { 'X-Haat-Template': mail.template },
          });
          const done = new Date().toISOString();
          await fence(updateMail(db))
            .set({ status: 'sent', html, text, sentAt: done, leaseUntil: null, lastError: null, updatedAt: done })
            .execute();
          round.sent += 1;
        } catch (error) {
          const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
          const last = isPermanent(error) && mail.attempts >= options.maxAttempts;
          const delay = Math.min(MAX_BACKOFF_MS, options.retryDelayMs * 2 ** Math.max(0, mail.attempts - 1));
          const failedAt = new Date();
          await fence(updateMail(db))
            .set({
              status: last ? 'failed' : 'queued',
              lastError: message,
              leaseUntil: null,
              nextAttemptAt: new Date(failedAt.getTime() + delay).toISOString(),
              updatedAt: failedAt.toISOString(),
            })
            .execute();
          if (last) round.failed += 1;
          else round.retried += 1;
        }
        await pace();
      }),
    );
    await yieldToOthers();
  }
  return round;
}

function updateMail(db: Db) {
  return db.updateTable('mailOutbox');
}

/** The mail delivery of one API process: the scheduled task and the wake-up after a mail is queued. */
export interface Mailer {
  /** True when `SMTP_URL` is set; otherwise mail stays in the outbox. */
  readonly enabled: boolean;
  /** Delivers what is due now (tests pass a later `now`); resolves with what it did. Nothing without SMTP. */
  deliverDue(now?: Date): Promise<DeliveryRound>;
  /** Delivers soon in this process (a mail was just queued); never throws. */
  kick(): void;
  /** The scheduled task for the job runner (`mail-delivery`). */
  task: ScheduledTask;
  close(): Promise<void>;
}

/**
 * The process's mailer over `db`. Without `smtpUrl` it never delivers. Rounds in this
 * process never overlap (a wake-up during a round runs one more after it).
 */
export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  options: MailDeliveryOptions & { pollMs: number },
  log: FastifyBaseLogger,
): Mailer {
  const transport = smtpUrl ? smtpTransport(smtpUrl) : null;
  let running: Promise<DeliveryRound> | null = null;
  let again = false;
  let closed = false;
  const empty: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
  const deliverDue = async (at?: Date): Promise<DeliveryRound> => {
    if (!transport || closed) return empty;
    while (running) await running.catch(() => undefined);
    running = deliverDueMail(db, transport, options, at ? () => at : undefined).finally(() => {
      running = null;
    });
    return running;
  };
  const kick = (): void => {
    if (!transport || closed) return;
    if (running) {
      again = true;
      return;
    }
    setImmediate(() => {
      void deliverDue()
        .catch((error: unknown) => log.warn({ err: error }, 'mail delivery failed; the next round tries again'))
        .finally(() => {
          if (again) {
            again = false;
            kick();
          }
        });
    });
  };
  return {
    enabled: transport !== null,
    deliverDue,
    kick,
    task: {
      name: 'mail-delivery',
      everyMs: transport ? options.pollMs : 0,
      run: () => deliverDue(),
    },
    async close() {
      closed = true;
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
