import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { periodic } from '../periodic.ts';
import { renderMessage, type OutboxRow, type RenderContext } from './render.ts';
import type { MailTransport } from './transport.ts';
import { DeliveryError, type PhoneSenders } from './phone.ts';

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  render: RenderContext;
  /** The SMS and WhatsApp providers configured (none: those reminders are `skipped` / unsupported_channel when due). */
  phone?: PhoneSenders;
  /** Names this worker's leases (default: a random id per process). */
  owner?: string;
  /** How long a leased row is this worker's; a crashed worker's rows are due again after it (default 60 s). */
  leaseSeconds?: number;
  /** Pause between scans when there was nothing to send (default 5 s). */
  pollMs?: number;
  batchSize?: number;
  /** After this many attempts a row is `failed` (default 8). */
  maxAttempts?: number;
  /** First retry delay; doubles with every attempt, at most 1 h (default 30 s). */
  backoffSeconds?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface RunResult {
  sent: number;
  failed: number;
  dropped: number;
}

/** Retry delay after `attempts` failed attempts: base·2^(attempts-1), capped at one hour. */
export function backoffSeconds(attempts: number, base: number): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * The outbox worker, one per server instance. It leases due rows (FOR UPDATE SKIP LOCKED, so
 * instances sharing a PostgreSQL never take the same row), renders and sends each, then marks it
 * sent. Delivery is at least once: a crash between sending and marking leaves the row leased, and
 * once the lease runs out it is sent again, as the same message (its dedupe key is the Message-ID
 * and the file name).
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { db, transport } = options;
  const owner = options.owner ?? `worker-${randomUUID()}`;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  const base = options.backoffSeconds ?? 30;

  /** Takes up to `limit` due rows for this worker. */
  async function lease(limit = batchSize): Promise<OutboxRow[]> {
    return db.withSystem(async (tx) => {
      const { rows } = await tx.query<OutboxRow>(
        `UPDATE outbox o SET leased_until = now() + make_interval(secs => $2), lease_owner = $1, attempts = o.attempts + 1
           FROM (SELECT tenant_id, id FROM outbox
                  WHERE status = 'pending' AND next_attempt_at <= now() AND (leased_until IS NULL OR leased_until <= now())
                  ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED) due
          WHERE o.tenant_id = due.tenant_id AND o.id = due.id
          RETURNING o.tenant_id, o.id, o.dedupe_key, o.kind, o.channel, o.appointment_id, o.invitation_id, o.starts_at, o.minutes_before, o.sequence, o.link_version, o.attempts, o.invoice_id, o.recipient, o.notification_id`,
        [owner, leaseSeconds, limit],
      );
      return rows;
    });
  }

  async function settle(row: OutboxRow, status: 'dropped' | 'skipped', reason: string) {
    await db.withSystem((tx) =>
      tx.query(
        `UPDATE outbox SET status = $3, last_error = $4, leased_until = NULL, lease_owner = NULL WHERE tenant_id = $1 AND id = $2 AND status = 'pending'`,
        [row.tenant_id, row.id, status, reason],
      ),
    );
  }

  async function unsupported(row: OutboxRow): Promise<'dropped'> {
    await settle(row, 'skipped', 'unsupported_channel');
    return 'dropped';
  }

  /** Renders and sends one leased row (without marking it: see markSent). 'sent', or why not. */
  async function deliver(row: OutboxRow): Promise<'sent' | 'dropped'> {
    // The link-signing secret is loaded (once) before the transaction, and rendering only takes its
    // value: without CITA_SECRET, loading it opens a transaction of its own, which on PGlite (one
    // connection) would wait for this one forever.
    const secret = await options.render.secret();
    const rendered = await db.withSystem((tx) => renderMessage(tx, row, options.render, secret));
    if ('drop' in rendered) {
      await settle(row, 'dropped', rendered.drop);
      return 'dropped';
    }
    if ('skip' in rendered) {
      await settle(row, 'skipped', rendered.skip);
      return 'dropped';
    }
    // A reminder by SMS or WhatsApp needs its provider; without one it is skipped, not lost silently
    // (the appointment page offers a WhatsApp message by hand instead).
    if ('sms' in rendered) {
      if (!options.phone?.sms) return unsupported(row);
      await options.phone.sms.send(rendered.sms);
      return 'sent';
    }
    if ('whatsapp' in rendered) {
      if (!options.phone?.whatsapp) return unsupported(row);
      await options.phone.whatsapp.send(rendered.whatsapp);
      return 'sent';
    }
    await transport.send(rendered.mail);
    return 'sent';
  }

  /** Marks a row sent (a reminder's status on its appointment is read from this row). */
  async function markSent(row: OutboxRow): Promise<void> {
    await db.withSystem((tx) =>
      tx.query(
        `UPDATE outbox SET status = 'sent', sent_at = now(), leased_until = NULL, lease_owner = NULL, last_error = NULL, failure_code = NULL
          WHERE tenant_id = $1 AND id = $2 AND status = 'pending'`,
        [row.tenant_id, row.id],
      ),
    );
  }

  async function failed(row: OutboxRow, error: unknown) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    // A provider's refusal of the request itself (an HTTP 4xx) fails at once: sending it again cannot succeed.
    const rejected = error instanceof DeliveryError && error.permanent;
    const final = row.attempts >= maxAttempts || rejected;
    // The code the API answers as the reminder's failureReason (migration 150); last_error keeps the provider's words.
    const code = rejected ? 'provider_rejected' : 'provider_unavailable';
    await db.withSystem((tx) =>
      tx.query(
        `UPDATE outbox SET status = $3, last_error = $4, failure_code = $6, leased_until = NULL, lease_owner = NULL,
                next_attempt_at = now() + make_interval(secs => $5)
          WHERE tenant_id = $1 AND id = $2 AND status = 'pending'`,
        [row.tenant_id, row.id, final ? 'failed' : 'pending', message, backoffSeconds(row.attempts, base), code],
      ),
    );
    options.log?.[final ? 'error' : 'warn']({ outbox: row.dedupe_key, attempts: row.attempts, err: message }, final ? 'outbox message failed for good' : 'outbox message failed; will retry');
  }

  /** One pass: lease a batch, send each, mark it. */
  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, dropped: 0 };
    const rows = await lease();
    for (const row of rows) {
      try {
        const outcome = await deliver(row);
        if (outcome === 'sent') {
          await markSent(row);
          result.sent++;
        } else result.dropped++;
      } catch (error) {
        result.failed++;
        await failed(row, error).catch((e) => options.log?.error({ err: e }, 'outbox: could not record a failure'));
      }
    }
    return result;
  }

  const loop = periodic(runOnce, {
    delayAfter: (result) => (result.sent + result.failed + result.dropped >= batchSize ? 0 : pollMs),
    retryMs: pollMs,
    failure: 'outbox worker pass failed',
    ...(options.log ? { log: options.log } : {}),
  });

  return {
    owner,
    lease,
    deliver,
    markSent,
    runOnce,
    start: loop.start,
    /** Stops scanning and waits for the pass under way (its rows are marked before this resolves). */
    stop: loop.stop,
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
