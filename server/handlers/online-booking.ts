import { Temporal } from 'temporal-polyfill';
import { notifyTeam } from '../staff-notifications/repository.ts';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { AppointmentStatus, BookingPage, OnlineBookingRequest, OnlineBookingSummary } from '../../generated/types.gen.ts';
import { appointmentsChanged } from '../appointments/events.ts';
import { guardDoubleBooking, insertOccurrence } from '../appointments/repository.ts';
import { defaultRemindersFor, type CustomerFacts, type Prepared, type Slot } from '../appointments/rules.ts';
import { toBookingSlot, wallOfInstant } from '../booking/availability.ts';
import { chosenServices, findBookingBusiness, loadBookableServices, performersOf, type BookableService, type BookingBusiness } from '../booking/business.ts';
import { candidateIds, freeSlots, offeredWall, slotUnavailable } from '../booking/free-slots.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, unprocessable } from '../problem.ts';
import { offsetDateTime, partsOfWall, plainFromParts } from '../scheduling/time.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { idempotencyKeyOf, idempotent } from '../kit/write-rules.ts';
import { publicPortfolio } from '../portfolio/repository.ts';

type Handlers = Pick<RouteHandlers, 'getBookingPage' | 'getBookingAvailability' | 'createOnlineBooking'>;

const MINUTE_MS = 60_000;
/** How many next free times a 409 slot_taken offers, and over how many days it looks for them. */
const NEXT_SLOTS = 10;
const NEXT_SLOTS_DAYS = 7;

const rejected = () =>
  new HttpProblem(422, 'This booking was rejected.', 'rejected', [{ field: '/website', code: 'rejected', message: 'This booking was rejected.' }]);

/** Thrown inside the booking transaction when the time was free a moment ago but is taken now. */
class SlotTaken extends Error {}

const plainOfWall = (wall: number) => plainFromParts(partsOfWall(wall));
const dateOfWall = (wall: number) => {
  const p = partsOfWall(wall);
  return Temporal.PlainDate.from({ year: p.year, month: p.month, day: p.day });
};


/**
 * The customer with the same e-mail and phone, or a new one. An existing customer is used as they
 * are (nothing the caller sent changes them): whoever books cannot learn or alter another person's
 * details, and the answer is the same either way. A new one's name is unconfirmed (name_confirmed:
 * false): the e-mails leave it out until a team member changes it (server/notifications/render.ts).
 */
async function findOrCreateCustomer(tx: Queryable, tenantId: string, body: OnlineBookingRequest): Promise<CustomerFacts> {
  const c = body.customer;
  const email = c.email.trim();
  const columns = 'id, name, last_name, phone_country_code, phone_number, email, preferred_reminder_channel, reminders_enabled';
  const digits = c.phoneNumber.replace(/\D/g, '');
  const countryDigits = c.phoneCountryCode.replace(/\D/g, '');
  // Two first bookings by the same new person at once (two tabs, a double submit of two times) must
  // find one customer, not create two: the same contact in the same business waits for the other's
  // transaction (and then finds its customer) under a transaction-scoped advisory lock.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`booking-customer:${tenantId}:${email.toLowerCase()}:${countryDigits}:${digits}`]);
  const { rows } = await tx.query<CustomerFacts>(
    `SELECT ${columns} FROM customers
      WHERE tenant_id = $1 AND lower(email) = lower($2) AND phone_digits = $3
        AND regexp_replace(coalesce(phone_country_code, ''), '[^0-9]', '', 'g') = $4
      ORDER BY created_at, id LIMIT 1`,
    [tenantId, email, digits, countryDigits],
  );
  if (rows[0]) return rows[0];
  const created = await tx.query<CustomerFacts>(
    `INSERT INTO customers (tenant_id, name, last_name, phone_country_code, phone_number, email, marketing_consent, marketing_consent_at, language,
                            name_confirmed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 THEN now() END, $8, false) RETURNING ${columns}`,
    [tenantId, c.name.trim(), c.lastName?.trim() || null, c.phoneCountryCode, c.phoneNumber, email, body.marketingConsent ?? false, body.language],
  );
  return created.rows[0]!;
}

export function onlineBookingHandlers({ db }: HandlerDeps): Handlers {
  /** The next free times from `startAt` on (for a 409 slot_taken), in a transaction of their own. */
  async function nextSlots(business: BookingBusiness, serviceIds: readonly string[], userId: string | undefined, startAt: number) {
    return db.withTenant(business.id, async (tx) => {
      const services = await chosenServices(tx, business.id, serviceIds, '/serviceIds');
      const userIds = candidateIds(business, services, userId, '/userId');
      const now = Date.now();
      const days = await freeSlots(tx, { business, services, userIds, from: dateOfWall(wallOfInstant(startAt, business.timeZone)), days: NEXT_SLOTS_DAYS, now });
      return days
        .flatMap((day) => day.slots)
        .filter((slot) => slot.startAt > startAt)
        .slice(0, NEXT_SLOTS)
        .map((slot) => toBookingSlot(slot, business.timeZone));
    });
  }

  return {
    async getBookingPage(request, reply) {
      const business = await findBookingBusiness(db, request.params.slug);
      const [services, portfolio] = await db.withTenant(business.id, async (tx) => [await loadBookableServices(tx, business.id), await publicPortfolio(tx, business.id, business.slug)] as const);
      const choice = business.settings.memberChoice;
      const performers = new Map(services.map((s) => [s.id, performersOf(s, business.team)]));
      const page: BookingPage = {
        slug: business.slug,
        businessName: business.businessName.slice(0, 200),
        ...(business.description ? { description: business.description } : {}),
        ...(business.address ? { address: business.address as BookingPage['address'] } : {}),
        ...(business.phoneNumber ? { phoneCountryCode: business.phoneCountryCode!, phoneNumber: business.phoneNumber } : {}),
        timeZone: business.timeZone,
        locale: business.locale,
        currency: business.currency,
        confirmation: business.settings.confirmation,
        memberChoice: choice,
        minimumNoticeMinutes: business.settings.minimumNoticeMinutes,
        horizonDays: business.settings.horizonDays,
        cancellationCutoffMinutes: business.cancellationCutoffMinutes,
        services: services.map((s) => ({
          id: s.id,
          name: s.name,
          ...(s.description ? { description: s.description } : {}),
          durationMinutes: s.durationMinutes,
          price: { amount: s.amount, currency: s.currency },
          userIds: choice ? performers.get(s.id)! : [],
        })),
        members: choice ? business.team.filter((m) => services.some((s) => performers.get(s.id)!.includes(m.id))) : [],
        ...(portfolio.length > 0 ? { portfolio } : {}),
      };
      return reply.code(200).send({ page });
    },

    async getBookingAvailability(request, reply) {
      const { serviceIds, userId, from, days = 14 } = request.query;
      const business = await findBookingBusiness(db, request.params.slug);
      let first: Temporal.PlainDate;
      try {
        first = Temporal.PlainDate.from(from, { overflow: 'reject' });
      } catch {
        throw unprocessable('from', 'invalid_date', 'This date does not exist.');
      }
      const { services, result } = await db.withTenant(business.id, async (tx) => {
        const services = await chosenServices(tx, business.id, serviceIds, 'serviceIds');
        const userIds = candidateIds(business, services, userId, 'userId');
        return { services, result: await freeSlots(tx, { business, services, userIds, from: first, days, now: Date.now() }) };
      });
      return reply.code(200).send({
        timeZone: business.timeZone,
        durationMinutes: services.reduce((sum, s) => sum + s.durationMinutes, 0),
        days: result.map((day) => ({ date: day.date, slots: day.slots.map((slot) => toBookingSlot(slot, business.timeZone)) })),
      });
    },

    async createOnlineBooking(request, reply) {
      const body = request.body;
      // A bot filled the field people never see: nothing is read or written.
      if (body.website?.trim()) throw rejected();
      if (!body.customer.name.trim()) throw unprocessable('/customer/name', 'blank', 'Enter a name.');
      const business = await findBookingBusiness(db, request.params.slug);
      const zone = business.timeZone;
      const rules = business.settings;
      const startAt = Date.parse(body.startAt);
      const now = Date.now();
      const wall = offeredWall(business, startAt, now);

      try {
        const stored = await db.withTenant(business.id, (tx) =>
          idempotent(tx, business.id, idempotencyKeyOf(request), 'createOnlineBooking', body, async () => {
            const services = await chosenServices(tx, business.id, body.serviceIds, '/serviceIds');
            const userIds = candidateIds(business, services, body.userId, '/userId');
            const day = dateOfWall(wall);
            const query = { business, services, userIds, from: day, days: 1, now };
            const free = (await freeSlots(tx, query))[0]?.slots.find((slot) => slot.startAt === startAt);
            if (!free) {
              const offered = (await freeSlots(tx, { ...query, ignoreAppointments: true }))[0]?.slots.some((slot) => slot.startAt === startAt);
              if (offered) throw new SlotTaken();
              throw slotUnavailable('The business does not work at this time.');
            }
            const userId = free.userIds[0]!;
            const customer = await findOrCreateCustomer(tx, business.id, body);
            const durationMs = services.reduce((sum, s) => sum + s.durationMinutes, 0) * MINUTE_MS;
            const slot: Slot = {
              start: plainOfWall(wall),
              end: plainOfWall(wallOfInstant(startAt + durationMs, zone)),
              startAt: Temporal.Instant.fromEpochMilliseconds(startAt),
              endAt: Temporal.Instant.fromEpochMilliseconds(startAt + durationMs),
            };
            const status: AppointmentStatus = rules.confirmation === 'ONLINE_BOOKING_CONFIRMATION_MANUAL' ? 'APPOINTMENT_STATUS_PENDING' : 'APPOINTMENT_STATUS_CONFIRMED';
            const prepared: Prepared = {
              userId,
              customerId: customer.id,
              customerSnapshot: {
                id: customer.id,
                name: customer.name,
                ...(customer.last_name ? { lastName: customer.last_name } : {}),
                ...(customer.phone_number && customer.phone_country_code ? { phoneCountryCode: customer.phone_country_code, phoneNumber: customer.phone_number } : {}),
                ...(customer.email ? { email: customer.email } : {}),
              },
              services: services.map((s: BookableService) => ({ id: s.id, name: s.name, durationMinutes: s.durationMinutes, amount: s.amount, currency: s.currency })),
              total: services.reduce((sum, s) => sum + s.amount, 0),
              start: slot.start,
              end: slot.end,
              status,
              notes: body.notes?.trim() || null,
              color: null,
              distinctionId: null,
              serviceObjectId: null,
              reminders: defaultRemindersFor(business.defaultReminders, customer),
              allowOutsideHours: false,
            };
            const id = await guardDoubleBooking(tx, business.id, userId, [slot], [], () => insertOccurrence(tx, business.id, prepared, slot));
            await appointmentsChanged(tx, business.id, [id]);
            await notifyTeam(tx, business.id, id, 'STAFF_NOTIFICATION_BOOKED');
            const queued = await tx.query(
              `SELECT 1 FROM outbox WHERE tenant_id = $1 AND appointment_id = $2 AND kind = 'confirmation' AND status = 'pending' LIMIT 1`,
              [business.id, id],
            );
            const member = business.team.find((m) => m.id === userId);
            const booking: OnlineBookingSummary = {
              businessName: business.businessName.slice(0, 200),
              ...(rules.memberChoice && member?.displayName ? { professionalName: member.displayName } : {}),
              serviceNames: services.map((s) => s.name),
              startAt: offsetDateTime(slot.startAt, zone),
              endAt: offsetDateTime(slot.endAt, zone),
              timeZone: zone,
              status,
              confirmationEmailSent: queued.rows.length > 0,
            };
            return { status: 201, body: { booking } };
          }),
        );
        return reply.code(201).send(stored.body);
      } catch (error) {
        // Taken meanwhile: found so by the check above, or by the exclusion constraint (a concurrent booking).
        if (error instanceof SlotTaken || (error instanceof HttpProblem && error.code === 'double_booking')) {
          const availableSlots = await nextSlots(business, body.serviceIds, body.userId, startAt);
          throw new HttpProblem(409, 'This time has just been taken.', 'slot_taken', undefined, { retryable: false, availableSlots });
        }
        throw error;
      }
    },
  };
}
