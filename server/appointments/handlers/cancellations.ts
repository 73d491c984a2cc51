import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { AppointmentStatus, PublicAppointmentSummary } from '../../../generated/types.gen.ts';
import type { Queryable } from '../../db/database.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { verifyCancelToken, type CancelTokenClaims } from '../../notifications/cancel-token.ts';
import { appointmentsChanged } from '../events.ts';
import { notifyTeam } from '../../staff-notifications/repository.ts';
import { partsOfMinuteText } from '../mappers.ts';
import { cancelByCustomer, loadLinked, memberName, serviceNames, type LinkedRow } from '../repository.ts';
import { cancellationRefusal, checkLink, invalidLink } from '../rules.ts';

type Handlers = Pick<RouteHandlers, 'getAppointmentCancellation' | 'cancelAppointmentByToken'>;

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

  async function load(claims: CancelTokenClaims, lock: boolean, tx: Queryable): Promise<LinkedRow> {
    const row = await loadLinked(tx, claims.tenantId, claims.appointmentId, lock);
    checkLink(row, claims);
    return row;
  }

  async function summary(row: LinkedRow, status: AppointmentStatus, claims: CancelTokenClaims): Promise<PublicAppointmentSummary> {
    const services = await db.withTenant(claims.tenantId, (tx) => serviceNames(tx, claims.tenantId, claims.appointmentId));
    const professional = (await memberName(db, row.user_id))?.trim();
    return {
      businessName: row.business_name,
      customerName: (row.customer_name ?? '').trim().split(/\s+/)[0] ?? '',
      ...(professional ? { professionalName: professional.slice(0, 100) } : {}),
      serviceNames: services.length > 0 ? services : [row.business_name],
      startDate: partsOfMinuteText(row.start_local),
      endDate: partsOfMinuteText(row.end_local),
      timeZone: row.time_zone,
      status,
      cancellable: status !== 'APPOINTMENT_STATUS_CANCELLED' && cancellationRefusal(row) === null,
    };
  }

  return {
    async getAppointmentCancellation(request, reply) {
      const claims = await claimsOf(request.params.token);
      const row = await db.withTenant(claims.tenantId, (tx) => load(claims, false, tx));
      reply.header('cache-control', 'no-store');
      return reply.code(200).send({ appointment: await summary(row, row.status, claims) });
    },

    async cancelAppointmentByToken(request, reply) {
      const claims = await claimsOf(request.params.token);
      const reason = request.body.reason?.trim() || null;
      const row = await db.withTenant(claims.tenantId, async (tx) => {
        const current = await load(claims, true, tx);
        const refused = cancellationRefusal(current);
        if (refused) throw refused;
        await cancelByCustomer(tx, claims.tenantId, claims.appointmentId, reason);
        await appointmentsChanged(tx, claims.tenantId, [claims.appointmentId]);
        await notifyTeam(tx, claims.tenantId, claims.appointmentId, 'STAFF_NOTIFICATION_CANCELLED');
        return current;
      });
      reply.header('cache-control', 'no-store');
      return reply
        .code(200)
        .send({ appointment: await summary({ ...row, status: 'APPOINTMENT_STATUS_CANCELLED' }, 'APPOINTMENT_STATUS_CANCELLED', claims) });
    },
  };
}
