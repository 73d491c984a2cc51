import type { Queryable } from '../db/database.ts';
import { e164 } from '../notifications/phone.ts';

/**
 * What the customer hears about appointments. The appointment handlers call this inside their
 * transaction after every write (create, update/move, status change, delete, series), with the ids
 * they touched; it brings the outbox in line with the appointments as they now are:
 *
 * - a live appointment (pending or confirmed) has one outbox row per reminder, due minutesBefore
 *   before its start (an SMS or WhatsApp reminder goes to the customer's phone, an e-mail one to the
 *   address; a reminder already past, or a customer without the phone or e-mail it needs, is
 *   `skipped`; without a configured SMS or WhatsApp provider the worker skips those when due, as
 *   unsupported_channel); reminders no longer asked for, or for an old start time, are dropped;
 * - a new appointment, a change of its time, and a change of its customer (a new link version, whose
 *   links only the new customer gets) sends a confirmation (the iCalendar SEQUENCE grows);
 * - a cancelled or rejected appointment drops its pending messages and sends one cancellation notice
 *   (METHOD:CANCEL); done, no-show and deleted appointments just drop theirs.
 *
 * What became of each reminder is its outbox row's status alone (read beside the appointment:
 * repository.ts APPOINTMENT_SELECT, rules.reminderWithStatus); the appointment keeps only which
 * reminders it asks for.
 *
 * The rows hold references only: the worker renders each message when it sends it.
 */
export async function appointmentsChanged(tx: Queryable, tenantId: string, appointmentIds: readonly string[]): Promise<void> {
  const ids = [...new Set(appointmentIds)];
  if (ids.length === 0) return;
  const { rows } = await tx.query<AppointmentRow>(
    `SELECT id, status, start_at, end_at, reminders, customer_snapshot->>'email' AS email,
            customer_snapshot->>'phoneCountryCode' AS phone_country_code, customer_snapshot->>'phoneNumber' AS phone_number, link_version
       FROM appointments WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  const { rows: notices } = await tx.query<NoticeRow>(
    `SELECT appointment_id, sequence, start_at, end_at, cancelled, link_version FROM appointment_notices
      WHERE tenant_id = $1 AND appointment_id = ANY($2::uuid[]) FOR UPDATE`,
    [tenantId, ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const noticeOf = new Map(notices.map((row) => [row.appointment_id, row]));
  for (const id of ids) {
    const appointment = byId.get(id);
    if (!appointment) {
      // Deleted: nothing more to tell (a mistaken booking); its pending messages never leave.
      await dropPending(tx, tenantId, id, null);
      await tx.query(`DELETE FROM appointment_notices WHERE tenant_id = $1 AND appointment_id = $2`, [tenantId, id]);
      continue;
    }
    await sync(tx, tenantId, appointment, noticeOf.get(id));
  }
}

interface AppointmentRow {
  id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  reminders: Array<{ channel: string; minutesBefore: number }>;
  email: string | null;
  phone_country_code: string | null;
  phone_number: string | null;
  link_version: number;
}
interface NoticeRow {
  appointment_id: string;
  sequence: number;
  start_at: Date;
  end_at: Date;
  cancelled: boolean;
  link_version: number;
}

export const LIVE_STATUSES: readonly string[] = ['APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED'];
const NOTIFIED_CANCELLATIONS: readonly string[] = ['APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED'];

const PHONE_CHANNELS: readonly string[] = ['REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP'];

const epoch = (date: Date) => Math.floor(new Date(date).getTime() / 1000);
const channelKey = (channel: string) => channel.replace('REMINDER_CHANNEL_', '').toLowerCase();

/** A reminder's key; a later customer of the appointment (link version > 1) has reminders of their own. */
export function reminderKey(appointmentId: string, channel: string, minutesBefore: number, startAt: Date, linkVersion = 1): string {
  return `reminder.${appointmentId}.${channelKey(channel)}.${minutesBefore}.${epoch(startAt)}${linkVersion > 1 ? `.v${linkVersion}` : ''}`;
}
export const confirmationKey = (appointmentId: string, sequence: number) => `confirmation.${appointmentId}.${sequence}`;
export const cancellationKey = (appointmentId: string, sequence: number) => `cancellation.${appointmentId}.${sequence}`;

/** Pending messages of the appointment that are no longer wanted (all of them, or those of `kinds`, except `keep`). */
async function dropPending(tx: Queryable, tenantId: string, appointmentId: string, keep: string[] | null, kinds?: string[]) {
  await tx.query(
    `UPDATE outbox SET status = 'dropped', leased_until = NULL, lease_owner = NULL
      WHERE tenant_id = $1 AND appointment_id = $2 AND status = 'pending' AND kind <> 'staff_notice'
        AND ($3::text[] IS NULL OR NOT (dedupe_key = ANY($3::text[])))
        AND ($4::text[] IS NULL OR kind = ANY($4::text[]))`,
    [tenantId, appointmentId, keep, kinds ?? null],
  );
}

interface Scheduled {
  key: string;
  kind: 'reminder' | 'confirmation' | 'cancellation';
  channel: string;
  startsAt: Date;
  minutesBefore: number | null;
  sequence: number;
  /** The appointment's link_version (its customer) the message is for. */
  linkVersion: number;
  dueAt: Date;
  /** Why the row is never to be sent (status `skipped`), or null for a pending row. */
  skip: string | null;
}

async function schedule(tx: Queryable, tenantId: string, appointmentId: string, message: Scheduled) {
  await tx.query(
    `INSERT INTO outbox (tenant_id, dedupe_key, kind, channel, appointment_id, starts_at, minutes_before, sequence, status, due_at, next_attempt_at, last_error,
                         link_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12)
     ON CONFLICT (tenant_id, dedupe_key) DO NOTHING`,
    [
      tenantId,
      message.key,
      message.kind,
      message.channel,
      appointmentId,
      message.startsAt,
      message.minutesBefore,
      message.sequence,
      message.skip ? 'skipped' : 'pending',
      message.dueAt,
      message.skip,
      message.linkVersion,
    ],
  );
}

async function sync(tx: Queryable, tenantId: string, appointment: AppointmentRow, notice: NoticeRow | undefined) {
  const now = Date.now();
  const startAt = new Date(appointment.start_at);
  const endAt = new Date(appointment.end_at);
  const inFuture = startAt.getTime() > now;
  const email = appointment.email?.trim() || null;
  const id = appointment.id;
  const linkVersion = Number(appointment.link_version);

  if (!LIVE_STATUSES.includes(appointment.status)) {
    // Reminders and confirmations stop; a cancellation notice already on its way still goes.
    await dropPending(tx, tenantId, id, null, ['reminder', 'confirmation']);
    if (NOTIFIED_CANCELLATIONS.includes(appointment.status) && notice && !notice.cancelled) {
      const sequence = notice.sequence + 1;
      await tx.query(`UPDATE appointment_notices SET sequence = $3, cancelled = true, updated_at = now() WHERE tenant_id = $1 AND appointment_id = $2`, [
        tenantId,
        id,
        sequence,
      ]);
      if (inFuture) {
        await schedule(tx, tenantId, id, {
          key: cancellationKey(id, sequence),
          kind: 'cancellation',
          channel: 'REMINDER_CHANNEL_EMAIL',
          startsAt: startAt,
          minutesBefore: null,
          sequence,
          linkVersion,
          dueAt: new Date(now),
          skip: email ? null : 'no_recipient',
        });
      }
    }
    return;
  }

  // Booked, re-opened, moved or given to another customer: a (new) confirmation.
  let sequence = notice?.sequence ?? 0;
  const changed =
    !notice ||
    notice.cancelled ||
    epoch(notice.start_at) !== epoch(startAt) ||
    epoch(notice.end_at) !== epoch(endAt) ||
    Number(notice.link_version) !== linkVersion;
  if (!notice) {
    await tx.query(
      `INSERT INTO appointment_notices (tenant_id, appointment_id, sequence, start_at, end_at, link_version) VALUES ($1, $2, 0, $3, $4, $5)`,
      [tenantId, id, startAt, endAt, linkVersion],
    );
  } else if (changed) {
    sequence = notice.sequence + 1;
    await tx.query(
      `UPDATE appointment_notices SET sequence = $3, start_at = $4, end_at = $5, cancelled = false, link_version = $6, updated_at = now()
        WHERE tenant_id = $1 AND appointment_id = $2`,
      [tenantId, id, sequence, startAt, endAt, linkVersion],
    );
  }
  const wanted: string[] = [];
  if (changed && inFuture) {
    const key = confirmationKey(id, sequence);
    wanted.push(key);
    await schedule(tx, tenantId, id, {
      key,
      kind: 'confirmation',
      channel: 'REMINDER_CHANNEL_EMAIL',
      startsAt: startAt,
      minutesBefore: null,
      sequence,
      linkVersion,
      dueAt: new Date(now),
      skip: email ? null : 'no_recipient',
    });
  } else if (!changed) {
    // A confirmation of this very time still waiting to go out stays.
    wanted.push(confirmationKey(id, sequence));
  }

  const reminders = Array.isArray(appointment.reminders) ? appointment.reminders : [];
  for (const reminder of reminders) {
    const key = reminderKey(id, reminder.channel, reminder.minutesBefore, startAt, linkVersion);
    wanted.push(key);
    const dueAt = new Date(startAt.getTime() - reminder.minutesBefore * 60_000);
    const reachable =
      reminder.channel === 'REMINDER_CHANNEL_EMAIL'
        ? Boolean(email)
        : PHONE_CHANNELS.includes(reminder.channel)
          ? Boolean(e164(appointment.phone_country_code, appointment.phone_number))
          : null;
    const skip = reachable === null ? 'unsupported_channel' : !reachable ? 'no_recipient' : dueAt.getTime() <= now ? 'too_late' : null;
    await schedule(tx, tenantId, id, {
      key,
      kind: 'reminder',
      channel: reminder.channel,
      startsAt: startAt,
      minutesBefore: reminder.minutesBefore,
      sequence,
      linkVersion,
      dueAt,
      skip,
    });
  }
  await dropPending(tx, tenantId, id, wanted);
}
