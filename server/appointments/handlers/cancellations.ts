import { Temporal } from 'temporal-polyfill';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { AppointmentStatus, PublicAppointmentSummary } from '../../../generated/types.gen.ts';
import type { Queryable } from '../../db/database.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { verifyCancelToken, type CancelTokenClaims } from '../../notifications/cancel-token.ts';
import { appointmentsWithMoney } from '../../sales/repository.ts';
import { appointmentsChanged } from '../events.ts';
import { notifyTeam } from '../../staff-notifications/repository.ts';
import { partsOfMinuteText } from '../mappers.ts';
import { cancelByCustomer, durationAndBuffer, guardDoubleBooking, loadLinked, memberName, moveByCustomer, serviceNames, type LinkedRow } from '../repository.ts';
import { cancellationRefusal, checkLink, invalidLink, type Slot } from '../rules.ts';
import { toBookingSlot, wallOfInstant } from '../../booking/availability.ts';
import { bookingBusinessOf, type BookableService, type BookingBusiness } from '../../booking/business.ts';
import { freeSlots, offeredWall, slotUnavailable } from '../../booking/free-slots.ts';
import { HttpProblem, unprocessable } from '../../problem.ts';
import { partsOfWall, plainFromParts } from '../../scheduling/time.ts';

type Handlers = Pick<RouteHandlers, 'getAppointmentCancellation' | 'cancelAppointmentByToken' | 'getRescheduleAvailability' | 'rescheduleAppointmentByToken'>;

const MINUTE_MS = 60_000;
/** How many next free times a 409 slot_taken offers, and over how many days it looks for them (as online booking). */
const NEXT_SLOTS = 10;
const NEXT_SLOTS_DAYS = 7;

const rescheduleUnavailable = () =>
  new HttpProblem(409, 'This business does not take changes online; please contact it to move the appointment.', 'reschedule_unavailable');
/** Paid ahead (a live sale stands): the business calls it off, voiding or refunding the sale (issue 17). Nothing about money is said. */
const paidAhead = () => new HttpProblem(409, 'This appointment can no longer be cancelled online; please contact the business.', 'not_cancellable');

/**
 * Why the customer may not cancel `row` through the link, or null: its status and timing
 * (cancellationRefusal), then a live sale of it. The page's read and the cancel ask this one question.
 */
async function customerCancelRefusal(tx: Queryable, claims: CancelTokenClaims, row: LinkedRow): Promise<HttpProblem | null> {
  const refused = cancellationRefusal(row);
  if (refused) return refused;
  return (await appointmentsWithMoney(tx, claims.tenantId, [claims.appointmentId])).standing.has(claims.appointmentId) ? paidAhead() : null;
}

/** Thrown inside the move's transaction when the time is offered but taken. */
class SlotTaken extends Error {}

const plainOfWall = (wall: number) => plainFromParts(partsOfWall(wall));
const dateOfWall = (wall: number) => {
  const p = partsOfWall(wall);
  return Temporal.PlainDate.from({ year: p.year, month: p.month, day: p.day });
};

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

  async function summary(row: LinkedRow, status: AppointmentStatus, claims: CancelTokenClaims, bookable: boolean): Promise<PublicAppointmentSummary> {
    const { services, refusal } = await db.withTenant(claims.tenantId, async (tx) => ({
      services: await serviceNames(tx, claims.tenantId, claims.appointmentId),
      refusal: await customerCancelRefusal(tx, claims, { ...row, status }),
    }));
    const professional = (await memberName(db, row.user_id))?.trim();
    const cancellable = refusal === null;
    const phone = row.business_phone_country_code && row.business_phone_number ? { businessPhoneCountryCode: row.business_phone_country_code, businessPhoneNumber: row.business_phone_number } : {};
    return {
      businessName: row.business_name,
      customerName: (row.customer_name ?? '').trim().split(/\s+/)[0] ?? '',
      ...(professional ? { professionalName: professional.slice(0, 100) } : {}),
      serviceNames: services.length > 0 ? services : [row.business_name],
      startDate: partsOfMinuteText(row.start_local),
      endDate: partsOfMinuteText(row.end_local),
      timeZone: row.time_zone,
      status,
      cancellable,
      ...(refusal ? { cancelRefusal: refusal.code as NonNullable<PublicAppointmentSummary['cancelRefusal']> } : {}),
      ...phone,
      // A paid appointment may still be moved: only its cancelling is the business's.
      reschedulable: cancellationRefusal({ ...row, status }) === null && bookable,
    };
  }

  /** The appointment's own services as one block: its duration as booked and its services' buffers now. */
  async function ownBlock(tx: Queryable, claims: CancelTokenClaims, business: BookingBusiness): Promise<BookableService> {
    const { minutes, buffer } = await durationAndBuffer(tx, claims.tenantId, claims.appointmentId);
    return { id: claims.appointmentId, name: '', durationMinutes: minutes, bufferMinutes: buffer, amount: 0, currency: business.currency, userIds: [] };
  }

  /** The link, its appointment still movable, and the business taking online bookings (else the refusal). */
  async function movable(claims: CancelTokenClaims, row: LinkedRow): Promise<BookingBusiness> {
    const refused = cancellationRefusal(row);
    if (refused) throw refused;
    const business = await bookingBusinessOf(db, claims.tenantId);
    if (!business) throw rescheduleUnavailable();
    return business;
  }

  return {
    async getAppointmentCancellation(request, reply) {
      const claims = await claimsOf(request.params.token);
      const row = await db.withTenant(claims.tenantId, (tx) => load(claims, false, tx));
      reply.header('cache-control', 'no-store');
      const bookable = (await bookingBusinessOf(db, claims.tenantId)) !== null;
      return reply.code(200).send({ appointment: await summary(row, row.status, claims, bookable) });
    },

    async cancelAppointmentByToken(request, reply) {
      const claims = await claimsOf(request.params.token);
      const reason = request.body.reason?.trim() || null;
      const row = await db.withTenant(claims.tenantId, async (tx) => {
        const current = await load(claims, true, tx);
        const refused = await customerCancelRefusal(tx, claims, current);
        if (refused) throw refused;
        await cancelByCustomer(tx, claims.tenantId, claims.appointmentId, reason);
        await appointmentsChanged(tx, claims.tenantId, [claims.appointmentId]);
        await notifyTeam(tx, claims.tenantId, claims.appointmentId, 'STAFF_NOTIFICATION_CANCELLED');
        return current;
      });
      reply.header('cache-control', 'no-store');
      return reply
        .code(200)
        .send({ appointment: await summary({ ...row, status: 'APPOINTMENT_STATUS_CANCELLED' }, 'APPOINTMENT_STATUS_CANCELLED', claims, false) });
    },

    async getRescheduleAvailability(request, reply) {
      const claims = await claimsOf(request.params.token);
      const { from, days = 14 } = request.query;
      let first: Temporal.PlainDate;
      try {
        first = Temporal.PlainDate.from(from, { overflow: 'reject' });
      } catch {
        throw unprocessable('from', 'invalid_date', 'This date does not exist.');
      }
      const row = await db.withTenant(claims.tenantId, (tx) => load(claims, false, tx));
      const business = await movable(claims, row);
      const { block, result } = await db.withTenant(claims.tenantId, async (tx) => {
        const block = await ownBlock(tx, claims, business);
        const query = { business, services: [block], userIds: [row.user_id], from: first, days, now: Date.now(), exceptAppointmentId: claims.appointmentId };
        return { block, result: await freeSlots(tx, query) };
      });
      const current = new Date(row.start_at).getTime();
      reply.header('cache-control', 'no-store');
      return reply.code(200).send({
        timeZone: business.timeZone,
        durationMinutes: block.durationMinutes,
        days: result.map((day) => ({
          date: day.date,
          slots: day.slots.filter((slot) => slot.startAt !== current).map((slot) => toBookingSlot(slot, business.timeZone)),
        })),
      });
    },

    async rescheduleAppointmentByToken(request, reply) {
      const claims = await claimsOf(request.params.token);
      const startAt = Date.parse(request.body.startAt);
      const first = await db.withTenant(claims.tenantId, (tx) => load(claims, false, tx));
      const business = await movable(claims, first);
      const now = Date.now();
      const wall = offeredWall(business, startAt, now);
      if (startAt === new Date(first.start_at).getTime()) throw slotUnavailable('This is already the time of the appointment.');
      const zone = business.timeZone;
      try {
        const moved = await db.withTenant(claims.tenantId, async (tx) => {
          // Checked again under the row's lock: a second tab may have moved or cancelled it meanwhile.
          const current = await load(claims, true, tx);
          const refused = cancellationRefusal(current);
          if (refused) throw refused;
          const block = await ownBlock(tx, claims, business);
          const query = { business, services: [block], userIds: [current.user_id], from: dateOfWall(wall), days: 1, now, exceptAppointmentId: claims.appointmentId };
          const free = (await freeSlots(tx, query))[0]?.slots.some((slot) => slot.startAt === startAt);
          if (!free) {
            const offered = (await freeSlots(tx, { ...query, ignoreAppointments: true }))[0]?.slots.some((slot) => slot.startAt === startAt);
            if (offered) throw new SlotTaken();
            throw slotUnavailable('The business does not work at this time.');
          }
          const endAt = startAt + block.durationMinutes * MINUTE_MS;
          const slot: Slot = {
            start: plainOfWall(wall),
            end: plainOfWall(wallOfInstant(endAt, zone)),
            startAt: Temporal.Instant.fromEpochMilliseconds(startAt),
            endAt: Temporal.Instant.fromEpochMilliseconds(endAt),
          };
          const pendingAgain = business.settings.confirmation === 'ONLINE_BOOKING_CONFIRMATION_MANUAL';
          await guardDoubleBooking(tx, claims.tenantId, current.user_id, [slot], [claims.appointmentId], () =>
            moveByCustomer(tx, claims.tenantId, claims.appointmentId, slot, pendingAgain),
          );
          // The new time sends the customer a new confirmation whose link names it (the old one is revoked).
          await appointmentsChanged(tx, claims.tenantId, [claims.appointmentId]);
          await notifyTeam(tx, claims.tenantId, claims.appointmentId, 'STAFF_NOTIFICATION_RESCHEDULED');
          return (await loadLinked(tx, claims.tenantId, claims.appointmentId, false))!;
        });
        reply.header('cache-control', 'no-store');
        return reply.code(200).send({ appointment: await summary(moved, moved.status, claims, true) });
      } catch (error) {
        if (error instanceof SlotTaken || (error instanceof HttpProblem && error.code === 'double_booking')) {
          const availableSlots = await db.withTenant(claims.tenantId, async (tx) => {
            const block = await ownBlock(tx, claims, business);
            const query = { business, services: [block], userIds: [first.user_id], from: dateOfWall(wall), days: NEXT_SLOTS_DAYS, now: Date.now(), exceptAppointmentId: claims.appointmentId };
            return (await freeSlots(tx, query))
              .flatMap((day) => day.slots)
              .filter((slot) => slot.startAt > startAt)
              .slice(0, NEXT_SLOTS)
              .map((slot) => toBookingSlot(slot, zone));
          });
          throw new HttpProblem(409, 'This time has just been taken.', 'slot_taken', undefined, { retryable: false, availableSlots });
        }
        throw error;
      }
    },
  };
}
