import type { StaffNotification, StaffNotificationKind } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { iso, opt, type Row } from '../kit/rows.ts';

/**
 * The team is told what customers do online (issue 18): the owner and the member whose calendar holds
 * the appointment each get a notification (the shell's bell) and, unless the business turned it off,
 * an e-mail through the outbox (kind 'staff_notice', rendered in the person's language when sent).
 * Called inside the transaction that made the change, after it.
 */
export async function notifyTeam(tx: Queryable, tenantId: string, appointmentId: string, kind: StaffNotificationKind): Promise<void> {
  const { rows } = await tx.query<{ user_id: string; start_at: Date; customer_name: string | null; owner_user_id: string; by_email: boolean }>(
    `SELECT a.user_id, a.start_at, trim(concat_ws(' ', a.customer_snapshot->>'name', a.customer_snapshot->>'lastName')) AS customer_name,
            t.owner_user_id, t.notify_team_by_email AS by_email
       FROM appointments a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.tenant_id = $1 AND a.id = $2`,
    [tenantId, appointmentId],
  );
  const appointment = rows[0];
  if (!appointment) return;
  const people = [...new Set([appointment.owner_user_id, appointment.user_id])];
  const { rows: created } = await tx.query<{ id: string }>(
    `INSERT INTO staff_notifications (tenant_id, user_id, kind, appointment_id, member_user_id, customer_name, starts_at)
     SELECT $1, m.user_id, $3, $4, $5, $6, $7 FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[])
     RETURNING id`,
    [tenantId, people, kind, appointmentId, appointment.user_id, appointment.customer_name?.slice(0, 200) || null, appointment.start_at],
  );
  if (!appointment.by_email) return;
  for (const { id } of created) {
    await tx.query(
      `INSERT INTO outbox (tenant_id, dedupe_key, kind, channel, appointment_id, starts_at, status, due_at, next_attempt_at, notification_id)
       VALUES ($1, $2, 'staff_notice', 'REMINDER_CHANNEL_EMAIL', $3, $4, 'pending', now(), now(), $5)
       ON CONFLICT (tenant_id, dedupe_key) DO NOTHING`,
      [tenantId, `staff.${id}`, appointmentId, appointment.start_at, id],
    );
  }
}

export function toStaffNotification(row: Row): StaffNotification {
  return {
    id: row.id as string,
    kind: row.kind as StaffNotificationKind,
    appointmentId: row.appointment_id as string,
    memberUserId: row.member_user_id as string,
    ...opt('customerName', row.customer_name as string | null),
    startAt: iso(row.starts_at),
    read: row.read_at !== null && row.read_at !== undefined,
    createdAt: iso(row.created_at),
  };
}

export async function listOwn(tx: Queryable, tenantId: string, userId: string) {
  const { rows } = await tx.query(
    `SELECT * FROM staff_notifications WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at DESC, id LIMIT 50`,
    [tenantId, userId],
  );
  const { rows: count } = await tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM staff_notifications WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`,
    [tenantId, userId],
  );
  return { items: rows.map(toStaffNotification), unread: Number(count[0]?.n ?? 0) };
}

export async function markRead(tx: Queryable, tenantId: string, userId: string, ids: readonly string[] | undefined) {
  await tx.query(
    `UPDATE staff_notifications SET read_at = now()
      WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))`,
    [tenantId, userId, ids ?? null],
  );
}

/** What the e-mail of a notification needs (read as the owner by the outbox worker). */
export async function loadNotice(tx: Queryable, tenantId: string, notificationId: string) {
  const { rows } = await tx.query<{
    kind: StaffNotificationKind;
    customer_name: string | null;
    starts_at: Date;
    appointment_id: string;
    member_user_id: string;
    email: string;
    locale: string;
    business_name: string;
    time_zone: string;
  }>(
    `SELECT n.kind, n.customer_name, n.starts_at, n.appointment_id, n.member_user_id, u.email, u.locale, t.business_name, t.time_zone
       FROM staff_notifications n JOIN users u ON u.id = n.user_id JOIN tenants t ON t.id = n.tenant_id
      WHERE n.tenant_id = $1 AND n.id = $2`,
    [tenantId, notificationId],
  );
  return rows[0];
}
