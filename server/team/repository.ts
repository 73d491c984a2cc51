/** All SQL of the team domain (issue 19): members, invitations and the invitation e-mails' outbox rows. */
import type { Queryable } from '../db/database.ts';
import { guardDoubleBookingError } from '../appointments/repository.ts';
import { EXPIRED_INVITATIONS_SHOWN_DAYS } from './rules.ts';

type Row = Record<string, unknown>;

export const MEMBER_COLUMNS = `m.tenant_id, m.user_id, m.role, m.joined_at, m.color, m.bookable_online, m.version,
  u.email, u.name, u.last_name, u.avatar_url, u.status`;

/** Pending invitations and those expired unanswered lately, newest first (read as the system). */
export const LIST_INVITATIONS_SQL = `SELECT * FROM invitations
  WHERE tenant_id = $1 AND status = 'INVITATION_STATUS_PENDING' AND expires_at > now() - make_interval(days => ${EXPIRED_INVITATIONS_SHOWN_DAYS})
  ORDER BY created_at DESC LIMIT 1000`;

export async function memberRow(tx: Queryable, tenantId: string, userId: string): Promise<Row | undefined> {
  const { rows } = await tx.query(`SELECT ${MEMBER_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.tenant_id = $1 AND m.user_id = $2`, [tenantId, userId]);
  return rows[0];
}

/** The account locale of each invited address that has an account (lower-case e-mail → locale). */
export async function accountLocales(tx: Queryable, emails: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ email: string; locale: string }>(`SELECT lower(email) AS email, locale FROM users WHERE lower(email) = ANY($1::text[])`, [emails]);
  return new Map(rows.map((r) => [r.email, r.locale]));
}

/** Creates or renews (a pending or expired-unanswered one: same id) the invitation of `email`. */
export async function upsertInvitation(tx: Queryable, input: { tenantId: string; email: string; role: string; invitedBy: string; days: number; language: string }): Promise<Row> {
  const { rows } = await tx.query(
    `INSERT INTO invitations (tenant_id, email, role, invited_by_user_id, expires_at, language)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5), $6)
     ON CONFLICT (tenant_id, lower(email)) WHERE status = 'INVITATION_STATUS_PENDING'
     DO UPDATE SET role = EXCLUDED.role, invited_by_user_id = EXCLUDED.invited_by_user_id, expires_at = EXCLUDED.expires_at,
                   language = EXCLUDED.language, sends = invitations.sends + 1
     RETURNING *`,
    [input.tenantId, input.email, input.role, input.invitedBy, input.days, input.language],
  );
  return rows[0]!;
}

/** Queues the invitation e-mail (one outbox row per send; the worker renders it when it leaves). */
export async function queueInvitationMail(tx: Queryable, tenantId: string, invitation: { id: string; sends: number }): Promise<void> {
  await tx.query(
    `INSERT INTO outbox (tenant_id, dedupe_key, kind, channel, invitation_id, starts_at, due_at, next_attempt_at)
     VALUES ($1, $2, 'invitation', 'REMINDER_CHANNEL_EMAIL', $3, now(), now(), now())
     ON CONFLICT (tenant_id, dedupe_key) DO NOTHING`,
    [tenantId, `invitation.${invitation.id}.${invitation.sends}`, invitation.id],
  );
}

/** Drops the unsent e-mails of an invitation (revoked). */
export async function dropInvitationMail(tx: Queryable, tenantId: string, invitationId: string): Promise<void> {
  await tx.query(
    `UPDATE outbox SET status = 'dropped', last_error = 'invitation_revoked', leased_until = NULL, lease_owner = NULL
      WHERE tenant_id = $1 AND invitation_id = $2 AND status = 'pending'`,
    [tenantId, invitationId],
  );
}

export async function updateMember(tx: Queryable, tenantId: string, userId: string, version: number, changes: { color?: string | null; bookableOnline?: boolean }): Promise<Row | undefined> {
  const { rows } = await tx.query(
    `UPDATE memberships SET color = CASE WHEN $4::boolean THEN $5 ELSE color END,
            bookable_online = coalesce($6, bookable_online), version = version + 1
      WHERE tenant_id = $1 AND user_id = $2 AND version = $3 RETURNING user_id`,
    [tenantId, userId, version, 'color' in changes, changes.color?.toLowerCase() ?? null, changes.bookableOnline ?? null],
  );
  return rows[0];
}

export async function updateRole(tx: Queryable, tenantId: string, userId: string, version: number, role: string): Promise<Row | undefined> {
  const { rows } = await tx.query(
    `UPDATE memberships SET role = $4, version = version + 1 WHERE tenant_id = $1 AND user_id = $2 AND version = $3 AND role <> 'TEAM_ROLE_OWNER' RETURNING user_id`,
    [tenantId, userId, version, role],
  );
  return rows[0];
}

/**
 * Gives the removed member's appointments from now on to `to` (the live and not yet started ones;
 * the exclusion constraint refuses a clash: 409 double_booking). Answers their ids.
 */
export async function reassignFutureAppointments(tx: Queryable, tenantId: string, from: string, to: string): Promise<string[]> {
  return guardDoubleBookingError(async () => {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE appointments SET user_id = $3, version = version + 1
        WHERE tenant_id = $1 AND user_id = $2 AND start_at >= now() RETURNING id`,
      [tenantId, from, to],
    );
    return rows.map((r) => r.id);
  });
}

export async function deleteMembership(tx: Queryable, tenantId: string, userId: string): Promise<number> {
  const result = await tx.query('DELETE FROM memberships WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]);
  return result.rowCount ?? 0;
}
