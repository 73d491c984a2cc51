import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { conflict, forbidden, notFound, unprocessable } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import { roleIn, sessionOf, type HandlerDeps } from '../kit/context.ts';
import { staleVersion } from '../kit/write-rules.ts';
import { toInvitation, toTeamMember, toTenant } from '../tenancy/mappers.ts';
import { escapeLike } from '../kit/sql.ts';
import {
  accountLocales,
  deleteMembership,
  dropInvitationMail,
  LIST_INVITATIONS_SQL,
  memberRow,
  queueInvitationMail,
  reassignFutureAppointments,
  updateMember,
  updateRole,
  upsertInvitation,
} from './repository.ts';
import { acceptRefusal, INVITATION_DAYS, invitationLanguage, REFUSAL_MESSAGES, removalPlan } from './rules.ts';

type Handlers = Pick<
  RouteHandlers,
  'listTeamMembers' | 'inviteTeamMembers' | 'revokeInvitation' | 'removeTeamMember' | 'acceptInvitation' | 'updateTeamMember' | 'changeTeamMemberRole'
>;

export { INVITATION_DAYS };

export function teamHandlers({ db }: HandlerDeps): Handlers {
  /** The member as now saved, or 404 / 409 stale_version when the update touched nothing. */
  async function savedMember(tenantId: string, userId: string, updated: unknown) {
    // Members are users too: read as the system, the caller's membership of `tenantId` checked already.
    return db.withSystem(async (tx) => {
      const row = await memberRow(tx, tenantId, userId);
      if (!row) throw notFound('This person is not in the team.');
      if (!updated) throw staleVersion();
      return toTeamMember(row);
    });
  }

  return {
    async listTeamMembers(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'team', 'read');
      const { limit = 50, offset = 0, q } = request.query ?? {};
      const pattern = q ? `%${escapeLike(q.toLowerCase())}%` : null;
      // Team members are users (not tenant data): read as the system, filtered by the tenant whose
      // membership was just checked. Two autocommit statements instead of a transaction of three: the
      // total comes with the page (a window count), and under READ COMMITTED a transaction gave each
      // statement its own snapshot anyway.
      const filter = `m.tenant_id = $1 AND ($2::text IS NULL OR lower(u.email) LIKE $2 ESCAPE '\\' OR lower(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')) LIKE $2 ESCAPE '\\')`;
      const [members, invitations] = await Promise.all([
        db.querySystem<Record<string, unknown> & { total_count: number }>(
          `SELECT m.tenant_id, m.user_id, m.role, m.joined_at, m.color, m.bookable_online, m.version, u.email, u.name, u.last_name, u.avatar_url, u.status,
                  count(*) OVER ()::int AS total_count
             FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${filter}
            ORDER BY (m.role = 'TEAM_ROLE_OWNER') DESC, lower(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')), lower(u.email) LIMIT $3 OFFSET $4`,
          [tenantId, pattern, limit, offset],
        ),
        db.querySystem(LIST_INVITATIONS_SQL, [tenantId]),
      ]);
      // A page past the end has no row to carry the total: count on its own then.
      const total =
        members.rows[0]?.total_count ??
        (offset > 0
          ? (await db.querySystem<{ n: number }>(`SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${filter}`, [tenantId, pattern])).rows[0]!.n
          : 0);
      const result = { items: members.rows.map(toTeamMember), total, invitations: invitations.rows.map(toInvitation) };
      return reply.code(200).send(result);
    },

    async inviteTeamMembers(request, reply) {
      const { tenantId } = request.params;
      const { userId } = sessionOf(request);
      await authorize(db, request, tenantId, 'team', 'write');
      const role = request.body.role ?? 'TEAM_ROLE_MEMBER';
      const emails = [...new Set(request.body.subjects.map((email) => email.toLowerCase()))];
      const { members, locales, businessLocale } = await db.withSystem(async (tx) => ({
        members: (
          await tx.query<{ email: string }>(
            'SELECT lower(u.email) AS email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.tenant_id = $1 AND lower(u.email) = ANY($2::text[])',
            [tenantId, emails],
          )
        ).rows.map((row) => row.email),
        locales: await accountLocales(tx, emails),
        businessLocale: (await tx.query<{ locale: string }>('SELECT locale FROM tenants WHERE id = $1', [tenantId])).rows[0]?.locale,
      }));
      if (members.length > 0) throw conflict(`Already in the team: ${members.join(', ')}.`, 'already_member');
      const items = await db.withTenant(tenantId, async (tx) => {
        const created = [];
        for (const email of emails) {
          // Inviting an address again renews its pending (or expired, unanswered) invitation and sends it again.
          const language = invitationLanguage(locales.get(email), request.body.language, businessLocale);
          const row = await upsertInvitation(tx, { tenantId, email, role, invitedBy: userId, days: INVITATION_DAYS, language });
          await queueInvitationMail(tx, tenantId, { id: row.id as string, sends: Number(row.sends) });
          created.push(toInvitation(row));
        }
        return created;
      });
      return reply.code(201).send({ items, total: items.length });
    },

    async revokeInvitation(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'team', 'delete');
      await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ status: string }>('SELECT status FROM invitations WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
        if (!rows[0]) throw notFound('No invitation has this id.');
        if (rows[0].status !== 'INVITATION_STATUS_PENDING') throw unprocessable('/id', 'invitation_not_pending', 'This invitation is no longer pending.');
        await tx.query(`UPDATE invitations SET status = 'INVITATION_STATUS_REVOKED' WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
        await dropInvitationMail(tx, tenantId, id);
      });
      return reply.code(204).send();
    },

    async updateTeamMember(request, reply) {
      const { tenantId, userId } = request.params;
      await authorize(db, request, tenantId, 'team', 'write');
      const { version, ...changes } = request.body;
      const updated = await db.withTenant(tenantId, (tx) => updateMember(tx, tenantId, userId, version, changes));
      return reply.code(200).send({ member: await savedMember(tenantId, userId, updated) });
    },

    async changeTeamMemberRole(request, reply) {
      const { tenantId, userId } = request.params;
      await authorize(db, request, tenantId, 'teamRemoval', 'write');
      const updated = await db.withTenant(tenantId, async (tx) => {
        const role = await roleIn(tx, tenantId, userId);
        if (!role) throw notFound('This person is not in the team.');
        if (role === 'TEAM_ROLE_OWNER') throw unprocessable('/userId', 'owner_role_fixed', "The owner's role cannot change.");
        return updateRole(tx, tenantId, userId, request.body.version, request.body.role);
      });
      return reply.code(200).send({ member: await savedMember(tenantId, userId, updated) });
    },

    async removeTeamMember(request, reply) {
      const { tenantId, userId } = request.params;
      await authorize(db, request, tenantId, 'teamRemoval', 'delete');
      const plan = removalPlan(userId, request.query?.futureAppointments, request.query?.reassignTo);
      if (plan === 'reassign_to_required') throw unprocessable('/reassignTo', 'required', 'Choose who takes the appointments.');
      if (plan === 'reassign_to_self') throw unprocessable('/reassignTo', 'reassign_to_self', 'Choose someone other than the member who leaves.');
      const removed = await db.withTenant(tenantId, async (tx) => {
        const role = await roleIn(tx, tenantId, userId);
        if (!role) throw notFound('This person is not in the team.');
        if (role === 'TEAM_ROLE_OWNER') throw unprocessable('/userId', 'owner_cannot_leave', 'The owner cannot be removed from the business.');
        if (!plan.keep) {
          if (!(await roleIn(tx, tenantId, plan.to))) throw unprocessable('/reassignTo', 'not_a_member', 'This person is not in the team.');
          await reassignFutureAppointments(tx, tenantId, userId, plan.to);
        }
        return deleteMembership(tx, tenantId, userId);
      });
      if (removed === 0) throw notFound();
      return reply.code(204).send();
    },

    async acceptInvitation(request, reply) {
      const auth = sessionOf(request);
      const { userId, invitationId } = request.params;
      if (userId !== auth.userId) throw notFound();
      const tenant = await db.withSystem(async (tx) => {
        // The invitation row is locked: a revoke, an expiry or a second acceptance cannot interleave.
        const { rows } = await tx.query<{ tenant_id: string; role: string; status: string; expired: boolean; accepted_by_user_id: string | null }>(
          `SELECT i.tenant_id, i.role, i.status, i.expires_at <= now() AS expired, i.accepted_by_user_id
             FROM invitations i JOIN tenants t ON t.id = i.tenant_id
            WHERE i.id = $1 AND lower(i.email) = lower($2) AND t.status <> 'TENANT_STATUS_DELETED'
            FOR UPDATE OF i`,
          [invitationId, auth.email],
        );
        const invitation = rows[0];
        // A deleted business, like someone else's invitation, does not exist for this caller.
        if (!invitation) throw notFound('No invitation for you has this id.');
        const verified = await tx.query('SELECT 1 FROM users WHERE id = $1 AND email_verified', [auth.userId]);
        if (verified.rows.length === 0) throw forbidden('Verify your e-mail address before joining a business.');
        // Idempotent: the same person accepting again gets the business again, but only while they are
        // still in it. A removed member's replay reads nothing of the business.
        if (invitation.status === 'INVITATION_STATUS_ACCEPTED' && invitation.accepted_by_user_id === auth.userId) {
          const member = await tx.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [invitation.tenant_id, auth.userId]);
          if (member.rows.length === 0) throw notFound('No invitation for you has this id.');
          return (await tx.query('SELECT * FROM tenants WHERE id = $1', [invitation.tenant_id])).rows[0]!;
        }
        const refusal = acceptRefusal(invitation);
        if (refusal) throw unprocessable('/invitationId', refusal, REFUSAL_MESSAGES[refusal]);
        await tx.query(
          `UPDATE invitations SET status = 'INVITATION_STATUS_ACCEPTED', accepted_at = now(), accepted_by_user_id = $1 WHERE id = $2`,
          [auth.userId, invitationId],
        );
        await tx.query(`INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [invitation.tenant_id, auth.userId, invitation.role]);
        await tx.query(`UPDATE users SET status = 'USER_STATUS_ACTIVE' WHERE id = $1 AND status = 'USER_STATUS_NEW'`, [auth.userId]);
        return (await tx.query('SELECT * FROM tenants WHERE id = $1', [invitation.tenant_id])).rows[0]!;
      });
      return reply.code(200).send({ tenant: toTenant(tenant) });
    },
  };
}
