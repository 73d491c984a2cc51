import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { AppointmentStatus, DateTimeParts, PublicAppointmentSummary } from '../../generated/types.gen.ts';
import { LIVE_STATUSES, appointmentsChanged } from '../appointments/events.ts';
import type { Queryable } from '../db/database.ts';
import { verifyCancelToken, type CancelTokenClaims } from '../notifications/cancel-token.ts';
import { HttpProblem } from '../problem.ts';
import type { HandlerDeps } from '../kit/context.ts';

type Handlers = Pick<RouteHandlers, 'getAppointmentCancellation' | 'cancelAppointmentByToken'>;

interface Row {
  user_id: string;
  status: AppointmentStatus;
  start_at: Date;
  start_local: string;
  end_local: string;
  customer_name: string | null;
  cancelled_by: string | null;
  business_name: string;
  time_zone: string;
  cutoff: number;
  link_version: number;
}

/** Every refusal names its reason in `code`, which the page translates; none says anything about the appointment. */
const invalidLink = () => new HttpProblem(404, 'This cancellation link is not valid.', 'invalid_link');
const revokedLink = () =>
  new HttpProblem(404, 'This cancellation link no longer works: the appointment was changed or cancelled by the business. Use the link in the latest e-mail.', 'link_revoked');

function parts(local: string): DateTimeParts {
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hours, minutes };
}

async function load(tx: Queryable, claims: CancelTokenClaims, lock: boolean): Promise<Row> {
  const { rows } = await tx.query<Row>(
    `SELECT a.user_id, a.status, a.start_at, to_char(a.start_local, 'YYYY-MM-DD"T"HH24:MI') AS start_local,
            to_char(a.end_local, 'YYYY-MM-DD"T"HH24:MI') AS end_local, a.customer_snapshot->>'name' AS customer_name,
            a.cancelled_by, t.business_name, t.time_zone, t.cancellation_cutoff_minutes AS cutoff, a.link_version
       FROM appointments a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.tenant_id = $1 AND a.id = $2 AND t.status <> 'TENANT_STATUS_DELETED'
      ${lock ? 'FOR UPDATE OF a' : ''}`,
    [claims.tenantId, claims.appointmentId],
  );
  const row = rows[0];
  // Given to another customer since (even if given back later): the link was never this customer's,
  // and the answer is the one for a link that does not exist.
  if (row && Number(row.link_version) !== claims.linkVersion) throw invalidLink();
  // Deleted, moved (the link was for another time), or called off by the business: revoked.
  if (!row || new Date(row.start_at).getTime() !== claims.startAt.getTime()) throw revokedLink();
  if (row.status === 'APPOINTMENT_STATUS_REJECTED' || (row.status === 'APPOINTMENT_STATUS_CANCELLED' && row.cancelled_by !== 'CANCELLED_BY_CUSTOMER')) {
    throw revokedLink();
  }
  return row;
}

/** Whether the customer may still cancel online: live, not started, before the business's cutoff. */
function refusal(row: Row, now = Date.now()): HttpProblem | null {
  if (row.status === 'APPOINTMENT_STATUS_CANCELLED') return new HttpProblem(409, 'This appointment is already cancelled.', 'already_cancelled');
  if (!LIVE_STATUSES.includes(row.status)) return new HttpProblem(409, 'This appointment can no longer be cancelled.', 'not_cancellable');
  const start = new Date(row.start_at).getTime();
  if (start <= now) return new HttpProblem(409, 'This appointment has already started.', 'appointment_started');
  if (start - row.cutoff * 60_000 <= now) {
    return new HttpProblem(409, `Appointments can be cancelled online up to ${row.cutoff} minutes before they start; please contact the business.`, 'cancellation_cutoff');
  }
  return null;
}

/**
 * The public /cancel-appointments page (no session: the token is the credential). The token is
 * checked before any query; then everything runs as the application role inside the token's tenant.
 */
export function appointmentCancellationHandlers({ db, secret }: HandlerDeps): Handlers {
  const claimsOf = async (token: string) => {
    const claims = verifyCancelToken(await secret(), token);
    if (!claims) throw invalidLink();
    return claims;
  };

  async function summary(row: Row, status: AppointmentStatus, claims: CancelTokenClaims): Promise<PublicAppointmentSummary> {
    const { rows: services } = await db.withTenant(claims.tenantId, (tx) =>
      tx.query<{ name: string }>(`SELECT name FROM appointment_services WHERE tenant_id = $1 AND appointment_id = $2 ORDER BY position`, [
        claims.tenantId,
        claims.appointmentId,
      ]),
    );
    const { rows: users } = await db.querySystem<{ name: string | null }>(`SELECT name FROM users WHERE id = $1`, [row.user_id]);
    const professional = users[0]?.name?.trim();
    return {
      businessName: row.business_name,
      customerName: (row.customer_name ?? '').trim().split(/\s+/)[0] ?? '',
      ...(professional ? { professionalName: professional.slice(0, 100) } : {}),
      serviceNames: services.length > 0 ? services.map((s) => s.name) : [row.business_name],
      startDate: parts(row.start_local),
      endDate: parts(row.end_local),
      timeZone: row.time_zone,
      status,
      cancellable: status !== 'APPOINTMENT_STATUS_CANCELLED' && refusal(row) === null,
    };
  }

  return {
    async getAppointmentCancellation(request, reply) {
      const claims = await claimsOf(request.params.token);
      const row = await db.withTenant(claims.tenantId, (tx) => load(tx, claims, false));
      reply.header('cache-control', 'no-store');
      return reply.code(200).send({ appointment: await summary(row, row.status, claims) });
    },

    async cancelAppointmentByToken(request, reply) {
      const claims = await claimsOf(request.params.token);
      const reason = request.body.reason?.trim() || null;
      const row = await db.withTenant(claims.tenantId, async (tx) => {
        const current = await load(tx, claims, true);
        const refused = refusal(current);
        if (refused) throw refused;
        await tx.query(
          `UPDATE appointments SET status = 'APPOINTMENT_STATUS_CANCELLED', cancelled_at = now(), cancelled_by = 'CANCELLED_BY_CUSTOMER',
                  cancellation_reason = $3, status_reason = $3, version = version + 1
            WHERE tenant_id = $1 AND id = $2`,
          [claims.tenantId, claims.appointmentId, reason],
        );
        await appointmentsChanged(tx, claims.tenantId, [claims.appointmentId]);
        return current;
      });
      reply.header('cache-control', 'no-store');
      return reply
        .code(200)
        .send({ appointment: await summary({ ...row, status: 'APPOINTMENT_STATUS_CANCELLED' }, 'APPOINTMENT_STATUS_CANCELLED', claims) });
    },
  };
}
