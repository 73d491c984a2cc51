import { randomBytes } from 'node:crypto';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { CalendarFeed } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { signFeedToken, verifyFeedToken } from '../notifications/cancel-token.ts';
import { buildIcs, type IcsEvent } from '../notifications/ics.ts';
import { HttpProblem } from '../problem.ts';
import { requireMember, sessionOf, type HandlerDeps } from '../kit/context.ts';

type Handlers = Pick<RouteHandlers, 'getCalendarFeed' | 'createCalendarFeed' | 'revokeCalendarFeed' | 'getCalendarFeedIcs'>;

/** Appointments a feed lists: from this long ago to this far ahead, at most this many. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 180;
const MAX_EVENTS = 2000;

/**
 * A member's appointments as an iCalendar feed behind a secret address (beyond SPEC). Every member
 * manages only their own feed; the address is the credential of the public read.
 */
export function calendarFeedHandlers({ db, secret, config }: HandlerDeps): Handlers {
  const feedOf = async (tenantId: string, userId: string, row: { nonce: string; created_at: Date } | undefined): Promise<CalendarFeed> =>
    row
      ? {
          active: true,
          url: `${config.publicUrl}/v1/public/calendar-feeds/${signFeedToken(await secret(), { tenantId, userId, nonce: row.nonce })}`,
          createdAt: new Date(row.created_at).toISOString(),
        }
      : { active: false };

  const read = async (tx: Queryable, tenantId: string, userId: string) =>
    (
      await tx.query<{ nonce: string; created_at: Date }>(`SELECT nonce, created_at FROM calendar_feeds WHERE tenant_id = $1 AND user_id = $2`, [
        tenantId,
        userId,
      ])
    ).rows[0];

  return {
    async getCalendarFeed(request, reply) {
      const { tenantId } = request.params;
      await requireMember(db, request, tenantId);
      const { userId } = sessionOf(request);
      const row = await db.withTenant(tenantId, (tx) => read(tx, tenantId, userId));
      reply.header('cache-control', 'no-store');
      return reply.code(200).send({ feed: await feedOf(tenantId, userId, row) });
    },

    async createCalendarFeed(request, reply) {
      const { tenantId } = request.params;
      await requireMember(db, request, tenantId);
      const { userId } = sessionOf(request);
      const row = await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ nonce: string; created_at: Date }>(
          `INSERT INTO calendar_feeds (tenant_id, user_id, nonce) VALUES ($1, $2, $3)
           ON CONFLICT (tenant_id, user_id) DO UPDATE SET nonce = EXCLUDED.nonce, created_at = now()
           RETURNING nonce, created_at`,
          [tenantId, userId, randomBytes(16).toString('hex')],
        );
        return rows[0];
      });
      reply.header('cache-control', 'no-store');
      return reply.code(200).send({ feed: await feedOf(tenantId, userId, row) });
    },

    async revokeCalendarFeed(request, reply) {
      const { tenantId } = request.params;
      await requireMember(db, request, tenantId);
      const { userId } = sessionOf(request);
      await db.withTenant(tenantId, (tx) => tx.query(`DELETE FROM calendar_feeds WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId]));
      return reply.code(204).send();
    },

    async getCalendarFeedIcs(request, reply) {
      const claims = verifyFeedToken(await secret(), request.params.token);
      const notFound = new HttpProblem(404, 'This calendar address is not valid or has been revoked.', 'invalid_link');
      if (!claims) throw notFound;
      const result = await db.withTenant(claims.tenantId, async (tx) => {
        const { rows: feed } = await tx.query<{ business_name: string }>(
          `SELECT t.business_name FROM calendar_feeds f JOIN memberships m ON m.tenant_id = f.tenant_id AND m.user_id = f.user_id
             JOIN tenants t ON t.id = f.tenant_id
            WHERE f.tenant_id = $1 AND f.user_id = $2 AND f.nonce = $3 AND t.status <> 'TENANT_STATUS_DELETED'`,
          [claims.tenantId, claims.userId, claims.nonce],
        );
        if (!feed[0]) return null;
        const { rows } = await tx.query<{ id: string; start_at: Date; end_at: Date; status: string; customer: string | null; services: string | null; notes: string | null; updated_at: Date; sequence: number | null }>(
          `SELECT a.id, a.start_at, a.end_at, a.status, a.customer_snapshot->>'name' AS customer, a.notes, a.updated_at, n.sequence,
                  (SELECT string_agg(s.name, ', ' ORDER BY s.position) FROM appointment_services s WHERE s.tenant_id = a.tenant_id AND s.appointment_id = a.id) AS services
             FROM appointments a LEFT JOIN appointment_notices n ON n.tenant_id = a.tenant_id AND n.appointment_id = a.id
            WHERE a.tenant_id = $1 AND a.user_id = $2
              AND a.status IN ('APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_DONE')
              AND a.start_at >= now() - make_interval(days => $3) AND a.start_at < now() + make_interval(days => $4)
            ORDER BY a.start_at LIMIT $5`,
          [claims.tenantId, claims.userId, PAST_DAYS, AHEAD_DAYS, MAX_EVENTS],
        );
        return { businessName: feed[0].business_name, rows };
      });
      if (!result) throw notFound;
      const events: IcsEvent[] = result.rows.map((row) => ({
        uid: `${row.id}@cita`,
        sequence: row.sequence ?? 0,
        start: new Date(row.start_at),
        end: new Date(row.end_at),
        stamp: new Date(row.updated_at),
        summary: [row.customer, row.services].filter(Boolean).join(' · ') || result.businessName,
        ...(row.notes ? { description: row.notes } : {}),
      }));
      reply.header('cache-control', 'private, no-cache').type('text/calendar; charset=utf-8');
      return reply.code(200).send(buildIcs('PUBLISH', events, `Cita · ${result.businessName}`) as never);
    },
  };
}
