import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { sessionOf, type TeamRole } from '../kit/context.ts';
import { forbidden, notFound } from '../problem.ts';
import { authorize, can } from '../tenancy/roles.ts';
import type { FigureScope } from './revenue.ts';

/**
 * Whose figures a caller gets (issue 20: "members see only their own figures unless the business says
 * otherwise"): owners and administrators (reports.write) the business's; a member their own sales and
 * appointments, or the business's when it sets membersSeeTeamFigures. A member who may not see the
 * team's and asks for another member's figures, or for the business's, gets 403.
 */
export interface Caller {
  userId: string;
  role: TeamRole;
  /** An owner or administrator (reports.write): the business's figures always, and the invoice register. */
  manager: boolean;
}

export async function figuresCaller(db: Database, request: FastifyRequest, tenantId: string): Promise<Caller> {
  const role = await authorize(db, request, tenantId, 'reports', 'read');
  return { userId: sessionOf(request).userId, role, manager: can(role, 'reports', 'write') };
}

export interface TenantFigures {
  timeZone: string;
  currency: string;
  membersSeeTeamCalendars: boolean;
  membersSeeTeamFigures: boolean;
}

/** The business's time zone, currency and what its members may see (404 when it is gone). */
export async function tenantFigures(tx: Queryable, tenantId: string): Promise<TenantFigures> {
  const { rows } = await tx.query<{ time_zone: string; currency_code: string; members_see_team_calendars: boolean; members_see_team_figures: boolean }>(
    'SELECT time_zone, currency_code, members_see_team_calendars, members_see_team_figures FROM tenants WHERE id = $1',
    [tenantId],
  );
  if (!rows[0]) throw notFound();
  return {
    timeZone: rows[0].time_zone,
    currency: rows[0].currency_code,
    membersSeeTeamCalendars: rows[0].members_see_team_calendars,
    membersSeeTeamFigures: rows[0].members_see_team_figures,
  };
}

/** May the caller see the business's figures (team scope): owners and administrators, and members when the business lets them. */
export const seesTeam = (caller: Caller, tenant: Pick<TenantFigures, 'membersSeeTeamFigures'>) => caller.manager || tenant.membersSeeTeamFigures;

/**
 * The scope of a request: the business's, narrowed to `askedUserId` when given; a member who may not
 * see the team's always gets their own (asking for someone else's is 403).
 */
export function scopeFor(caller: Caller, tenantId: string, tenant: TenantFigures, askedUserId?: string): FigureScope {
  const team = seesTeam(caller, tenant);
  if (!team && askedUserId && askedUserId !== caller.userId) throw forbidden('A team member sees only their own figures.');
  const userId = team ? (askedUserId ?? null) : caller.userId;
  return { tenantId, userId, timeZone: tenant.timeZone, currency: tenant.currency };
}

/**
 * The team's names by user id (users are platform rows that a tenant transaction cannot read: the
 * system connection reads them, for this business's members only). Name, else e-mail.
 */
export async function memberNames(db: Database, tenantId: string): Promise<Map<string, string>> {
  const { rows } = await db.querySystem<{ user_id: string; name: string | null; email: string }>(
    `SELECT m.user_id, nullif(trim(concat_ws(' ', u.name, u.last_name)), '') AS name, u.email
       FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.tenant_id = $1`,
    [tenantId],
  );
  return new Map(rows.map((row) => [row.user_id, (row.name ?? row.email).slice(0, 200)]));
}
