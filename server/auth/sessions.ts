import { isAdminEmail } from './admins.ts';
import { newSessionToken } from './session-token.ts';
import type { Queryable } from '../db/database.ts';

export interface SessionOptions {
  ttlSeconds: number;
  admins: ReadonlySet<string>;
}

/**
 * Issues Cita's own session token: random, stored only as its hash, expiring. The session is an
 * administrator's only for a verified administrator e-mail.
 */
export async function openSession(
  tx: Queryable,
  options: SessionOptions,
  user: { id: string; email: string; emailVerified: boolean },
  userAgent?: string,
) {
  const { token, hash } = newSessionToken();
  const isAdmin = user.emailVerified && isAdminEmail(options.admins, user.email);
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, is_admin)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5) RETURNING expires_at`,
    [hash, user.id, options.ttlSeconds, userAgent?.slice(0, 300) ?? null, isAdmin],
  );
  return { token, userId: user.id, isAdmin, expiresAt: new Date(rows[0]!.expires_at).toISOString() };
}

/**
 * Invitations addressed to this e-mail become memberships when the account is created, once the
 * identity provider has verified that the caller owns the address.
 */
export async function acceptPendingInvitations(tx: Queryable, user: { id: string; email: string; emailVerified: boolean }): Promise<number> {
  if (!user.emailVerified) return 0;
  const { rows } = await tx.query<{ tenant_id: string }>(
    `UPDATE invitations SET status = 'INVITATION_STATUS_ACCEPTED', accepted_at = now(), accepted_by_user_id = $1
      WHERE lower(email) = lower($2) AND status = 'INVITATION_STATUS_PENDING' AND expires_at > now()
      RETURNING tenant_id, role`,
    [user.id, user.email],
  );
  for (const row of rows as Array<{ tenant_id: string; role?: string }>) {
    await tx.query(
      `INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [row.tenant_id, user.id, row.role],
    );
  }
  return rows.length;
}
