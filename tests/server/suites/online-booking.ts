// Online booking (issue 9): the business's settings, the public page, its free times and the booking
// itself (race, retry, honeypot, rate limit, no enumeration, confirmation e-mail in the customer's
// language), default reminders and the customer's language, on the real server through the SDK.
import { randomBytes } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppointment,
  createCustomer,
  createOnlineBooking,
  createService,
  createTimeOff,
  getBookingAvailability,
  getBookingPage,
  getCustomer,
  getTenant,
  listCustomerAppointments,
  listCustomers,
  updateCustomer,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { OnlineBookingRequest, OnlineBookingSettingsInput, OpeningHours, Tenant } from '../../../generated/types.gen.ts';
import { loadServerSecret } from '../../../server/notifications/cancel-token.ts';
import { smtpTransport, type MailTransport } from '../../../server/notifications/transport.ts';
import { createOutboxWorker } from '../../../server/notifications/worker.ts';
import { clientFor, join, newTenant, ok, problem, raw, signUp, uniqueEmail, type Actor, type TestServer } from '../harness.ts';
import { startTestSmtp, type TestSmtp } from '../mail.ts';

const ZONE = 'Europe/Madrid';
const hex = () => randomBytes(4).toString('hex');
const phone = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const daily = (start: string, end: string, closedDates: Array<{ date: string }> = []): OpeningHours => {
  const day = [{ start, end }];
  return { timeZone: ZONE, weekly: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day }, closedDates } as OpeningHours;
};
const today = () => Temporal.Now.plainDateISO(ZONE);
const parts = (date: Temporal.PlainDate, time: string) => ({ year: date.year, month: date.month, day: date.day, hours: Number(time.slice(0, 2)), minutes: Number(time.slice(3, 5)) });

interface Shop {
  owner: Actor;
  tenant: Tenant;
  slug: string;
  serviceId: string;
  hiddenServiceId: string;
}

export function onlineBookingSuite(server: () => TestServer) {
  const anonymous = () => clientFor(server().baseUrl);

  async function shop(label: string, options: { name?: string; locale?: 'en-US' | 'es-ES'; hours?: OpeningHours; booking?: OnlineBookingSettingsInput; duration?: number; buffer?: number } = {}): Promise<Shop> {
    const owner = await signUp(server(), label);
    // The owner has given a name, as the profile asks (the booking page shows it).
    await server().db.withSystem((tx) => tx.query(`UPDATE users SET name = 'Ana' WHERE id = $1`, [owner.userId]));
    const tenant = await newTenant(owner, {
      businessName: options.name ?? `Salon ${label} ${hex()}`,
      timeZone: ZONE,
      locale: options.locale ?? 'en-US',
      opening_hours: options.hours ?? daily('09:00', '18:00'),
    });
    const service = (name: string, onlineBookable: boolean) =>
      ok(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name, durationMinutes: options.duration ?? 45, bufferMinutes: options.buffer ?? 0, price: { amount: 2500, currency: 'EUR' }, onlineBookable } },
        }),
        201,
      );
    const [{ service: shown }, { service: hidden }] = [await service('Corte', true), await service('Interno', false)];
    const { tenant: updated } = await ok(
      updateTenant({
        client: owner.client,
        path: { tenantId: tenant.id },
        body: { tenant: { onlineBooking: { enabled: true, minimumNoticeMinutes: 0, horizonDays: 365, slotIntervalMinutes: 15, ...options.booking } } },
      }),
    );
    return { owner, tenant: updated, slug: updated.onlineBooking!.slug!, serviceId: shown.id, hiddenServiceId: hidden.id };
  }

  const availability = (s: Shop, from: Temporal.PlainDate, extra: { days?: number; userId?: string; serviceIds?: string[] } = {}) =>
    getBookingAvailability({ client: anonymous(), path: { slug: s.slug }, query: { serviceIds: extra.serviceIds ?? [s.serviceId], from: from.toString(), days: extra.days ?? 1, ...(extra.userId ? { userId: extra.userId } : {}) } });
  const hhmm = (startAt: string) => startAt.slice(11, 16);

  function request(s: Shop, startAt: string, who: { email?: string; phone?: string; name?: string } = {}, extra: Partial<OnlineBookingRequest> = {}): OnlineBookingRequest {
    return {
      serviceIds: [s.serviceId],
      startAt,
      customer: { name: who.name ?? 'Lucía', lastName: 'Gómez', phoneCountryCode: '+34', phoneNumber: who.phone ?? phone(), email: who.email ?? uniqueEmail('booker') },
      language: 'es-ES',
      privacyConsent: true,
      ...extra,
    };
  }
  const book = (s: Shop, body: OnlineBookingRequest, key?: string) =>
    createOnlineBooking({ client: anonymous(), path: { slug: s.slug }, body, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
  const appointmentsOf = async (s: Shop) =>
    (
      await server().db.withTenant(s.tenant.id, (tx) =>
        tx.query<{ id: string; user_id: string; customer_id: string; status: string; start_at: Date; reminders: Array<{ channel: string; minutesBefore: number }> }>(
          'SELECT id, user_id, customer_id, status, start_at, reminders FROM appointments WHERE tenant_id = $1 ORDER BY start_at',
          [s.tenant.id],
        ),
      )
    ).rows;
  /** The first free start of a day in a week's time. */
  const firstFree = async (s: Shop, offsetDays = 7) => (await ok(availability(s, today().add({ days: offsetDays })))).days[0]!.slots[0]!;

  describe('online booking', () => {
    describe('settings', () => {
      it('has defaults, proposes a unique ASCII address when turned on, refuses a taken one, and is for owners and administrators only', async () => {
        const owner = await signUp(server(), 'booking-settings');
        const suffix = hex();
        const tenant = await newTenant(owner, { businessName: `Peluquería Ñandú & Co ${suffix}` });
        const { tenant: fresh } = await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }));
        expect(fresh).toMatchObject({
          cancellationCutoffMinutes: 120,
          defaultReminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }],
          onlineBooking: { enabled: false, confirmation: 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC', minimumNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15, memberChoice: true },
        });
        expect(fresh.onlineBooking!.slug).toBeUndefined();

        const turnOn = (actor: Actor, t: Tenant, onlineBooking: OnlineBookingSettingsInput) =>
          updateTenant({ client: actor.client, path: { tenantId: t.id }, body: { tenant: { onlineBooking } } });
        const { tenant: on } = await ok(turnOn(owner, tenant, { enabled: true, confirmation: 'ONLINE_BOOKING_CONFIRMATION_MANUAL' }));
        expect(on.onlineBooking).toMatchObject({ enabled: true, slug: `peluqueria-nandu-co-${suffix}`, confirmation: 'ONLINE_BOOKING_CONFIRMATION_MANUAL', horizonDays: 60 });

        // Another business with the same name gets the next free address; asking for a taken one is 409.
        const other = await signUp(server(), 'booking-settings-2');
        const twin = await newTenant(other, { businessName: `Peluquería Ñandú & Co ${suffix}` });
        expect((await ok(turnOn(other, twin, { enabled: true }))).tenant.onlineBooking!.slug).toBe(`peluqueria-nandu-co-${suffix}-2`);
        const taken = await problem(turnOn(other, twin, { slug: `peluqueria-nandu-co-${suffix}` }), 409);
        expect(taken.code).toBe('slug_taken');
        expect((await ok(getTenant({ client: other.client, path: { tenantId: twin.id } }))).tenant.onlineBooking!.slug).toBe(`peluqueria-nandu-co-${suffix}-2`);

        // Cutoff and default reminders are saved; a member may not change any of it.
        const { tenant: saved } = await ok(
          updateTenant({
            client: owner.client,
            path: { tenantId: tenant.id },
            body: { tenant: { cancellationCutoffMinutes: 1440, defaultReminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }], onlineBooking: { slug: `ana-${suffix}`, memberChoice: false } } },
          }),
        );
        expect(saved).toMatchObject({ cancellationCutoffMinutes: 1440, defaultReminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }], onlineBooking: { enabled: true, slug: `ana-${suffix}`, memberChoice: false } });
        const member = await join(server(), owner, tenant, 'TEAM_ROLE_MEMBER', 'booking-member');
        await problem(turnOn(member, tenant, { enabled: false }), 403);
        await problem(updateTenant({ client: member.client, path: { tenantId: tenant.id }, body: { tenant: { cancellationCutoffMinutes: 0 } } }), 403);
        // A malformed address is refused by the contract, naming the field.
        const bad = await problem(raw(server().baseUrl, 'PUT', `/v1/tenants/${tenant.id}`, { token: owner.token, body: { tenant: { onlineBooking: { slug: 'Not A Slug' } } } }), 400);
        expect(bad.errors?.[0]?.field).toBe('/tenant/onlineBooking/slug');
      });
    });

    describe('the public page', () => {
      it('shows the online services and members by name only; an unknown address and booking turned off are the same 404', async () => {
        const s = await shop('booking-page');
        const { page } = await ok(getBookingPage({ client: anonymous(), path: { slug: s.slug } }));
        expect(page).toMatchObject({ slug: s.slug, businessName: s.tenant.businessName, timeZone: ZONE, currency: 'EUR', memberChoice: true, minimumNoticeMinutes: 0, horizonDays: 365, cancellationCutoffMinutes: 120 });
        expect(page.services.map((x) => x.id)).toEqual([s.serviceId]);
        expect(page.members).toEqual([{ id: s.owner.userId, displayName: 'Ana' }]);
        expect(JSON.stringify(page)).not.toContain(s.owner.email);
        // A member who has not given a name is listed without one (the page names them by place), never by e-mail.
        await server().db.withSystem((tx) => tx.query(`UPDATE users SET name = '  ' WHERE id = $1`, [s.owner.userId]));
        const nameless = (await ok(getBookingPage({ client: anonymous(), path: { slug: s.slug } }))).page;
        expect(nameless.members).toEqual([{ id: s.owner.userId }]);

        const unknown = await problem(getBookingPage({ client: anonymous(), path: { slug: `nobody-${hex()}` } }), 404);
        await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { onlineBooking: { enabled: false } } } }));
        const off = await problem(getBookingPage({ client: anonymous(), path: { slug: s.slug } }), 404);
        expect({ ...off, requestId: undefined }).toEqual({ ...unknown, requestId: undefined });
        expect(off.code).toBe('booking_not_found');
        await problem(availability(s, today().add({ days: 3 })), 404);
      });
    });

    describe('free times', () => {
      it('follow the hours, a block, an appointment with its buffer, a closed date and the minimum notice', async () => {
        const day = today().add({ days: 10 });
        const s = await shop('booking-free', { hours: daily('09:00', '13:00', [{ date: day.add({ days: 1 }).toString() }]), duration: 45, buffer: 15 });
        await ok(
          createTimeOff({
            client: s.owner.client,
            path: { tenantId: s.tenant.id, userId: s.owner.userId },
            body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: parts(day, '10:00'), endDate: parts(day, '11:00') } },
          }),
          201,
        );
        const { customer } = await ok(createCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { customer: { name: 'Pepe' } } }), 201);
        await ok(
          createAppointment({
            client: s.owner.client,
            path: { tenantId: s.tenant.id, userId: s.owner.userId },
            body: { appointment: { customerId: customer.id, services: [{ id: s.serviceId }], startDate: parts(day, '12:00'), endDate: parts(day, '12:45') } },
          }),
          201,
        );
        // 45 minutes plus a 15-minute buffer: 09:30 runs into the block, 11:15 into the appointment at
        // 12:00, whose own buffer keeps 12:45–13:00 as well; the next day is closed.
        const answer = await ok(availability(s, day, { days: 2 }));
        expect(answer).toMatchObject({ timeZone: ZONE, durationMinutes: 45 });
        expect(answer.days.map((d) => [d.date, d.slots.map((x) => hhmm(x.startAt))])).toEqual([
          [day.toString(), ['09:00', '09:15', '11:00']],
          [day.add({ days: 1 }).toString(), []],
        ]);
        expect(answer.days[0]!.slots[0]!.userIds).toEqual([s.owner.userId]);

        // A service not offered online, and a month of minimum notice.
        const hidden = await problem(availability(s, day, { serviceIds: [s.hiddenServiceId] }), 422);
        expect(hidden.errors?.[0]?.field).toBe('serviceIds/0');
        // More than 24 hours at once is no appointment.
        const { service: long } = await ok(
          createService({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { service: { name: 'Maratón', durationMinutes: 720, price: { amount: 100, currency: 'EUR' }, onlineBookable: true } } }),
          201,
        );
        const tooLong = await problem(availability(s, day, { serviceIds: [long.id, long.id, s.serviceId] }), 422);
        expect(tooLong.errors?.[0]).toMatchObject({ field: 'serviceIds', code: 'too_long' });
        await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { onlineBooking: { minimumNoticeMinutes: 43200 } } } }));
        expect((await ok(availability(s, day))).days[0]!.slots).toEqual([]);
      });

      it('offer only the members who perform every chosen service', async () => {
        const s = await shop('booking-members');
        const colorist = await join(server(), s.owner, s.tenant, 'TEAM_ROLE_MEMBER', 'booking-colorist');
        const { service: color } = await ok(
          createService({
            client: s.owner.client,
            path: { tenantId: s.tenant.id },
            body: { service: { name: 'Color', durationMinutes: 60, price: { amount: 4000, currency: 'EUR' }, onlineBookable: true, userIds: [colorist.userId] } },
          }),
          201,
        );
        const day = today().add({ days: 5 });
        const both = await ok(availability(s, day));
        expect(new Set(both.days[0]!.slots.flatMap((x) => x.userIds))).toEqual(new Set([s.owner.userId, colorist.userId]));
        const onlyColorist = await ok(availability(s, day, { serviceIds: [s.serviceId, color.id] }));
        expect(onlyColorist.durationMinutes).toBe(105);
        expect(onlyColorist.days[0]!.slots.length).toBeGreaterThan(0);
        expect(onlyColorist.days[0]!.slots.every((x) => x.userIds.length === 1 && x.userIds[0] === colorist.userId)).toBe(true);
        const wrong = await problem(availability(s, day, { serviceIds: [color.id], userId: s.owner.userId }), 422);
        expect(wrong.errors?.[0]?.field).toBe('userId');
        const { page } = await ok(getBookingPage({ client: anonymous(), path: { slug: s.slug } }));
        expect(page.services.find((x) => x.id === color.id)!.userIds).toEqual([colorist.userId]);
      });

      it('are right on the night clocks go forward in Madrid', async () => {
        // The next last Sunday of March (02:00 → 03:00).
        let year = today().year;
        const lastSunday = (y: number) => {
          const end = Temporal.PlainDate.from({ year: y, month: 3, day: 31 });
          return end.subtract({ days: end.dayOfWeek % 7 });
        };
        if (Temporal.PlainDate.compare(lastSunday(year), today().add({ days: 1 })) <= 0) year += 1;
        const s = await shop('booking-dst', { hours: daily('00:00', '04:00'), duration: 60, booking: { slotIntervalMinutes: 30 } });
        const answer = await ok(availability(s, lastSunday(year)));
        expect(answer.days[0]!.slots.map((x) => x.startAt.slice(11))).toEqual(['00:00:00+01:00', '00:30:00+01:00', '01:00:00+01:00', '01:30:00+01:00', '03:00:00+02:00']);
      });
    });

    describe('booking', () => {
      it('books a free time as the business chose, with its default reminders, and checks the time again', async () => {
        const s = await shop('booking-book', { booking: { confirmation: 'ONLINE_BOOKING_CONFIRMATION_MANUAL' } });
        await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { defaultReminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }] } } }));
        const slot = await firstFree(s);
        const { booking } = await ok(book(s, request(s, slot.startAt, {}, { notes: 'Solo las puntas' })), 201);
        expect(booking).toEqual({
          businessName: s.tenant.businessName,
          professionalName: expect.any(String),
          serviceNames: ['Corte'],
          startAt: slot.startAt,
          endAt: expect.stringMatching(/T09:45:00\+0[12]:00$/),
          timeZone: ZONE,
          status: 'APPOINTMENT_STATUS_PENDING',
          confirmationEmailSent: true,
        });
        const [stored] = await appointmentsOf(s);
        expect(stored).toMatchObject({ user_id: s.owner.userId, status: 'APPOINTMENT_STATUS_PENDING', reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }] });
        // The slot is gone from the free times.
        const after = await firstFree(s);
        expect(after.startAt).not.toBe(slot.startAt);

        // Times the page never offers: off the interval, outside the hours, too soon.
        const day = today().add({ days: 7 }).toString();
        const offset = slot.startAt.slice(19);
        for (const startAt of [`${day}T10:07:00${offset}`, `${day}T20:00:00${offset}`]) {
          const refused = await problem(book(s, request(s, startAt)), 422);
          expect(refused.errors?.[0]).toMatchObject({ field: '/startAt', code: 'slot_unavailable' });
        }
        await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { onlineBooking: { minimumNoticeMinutes: 43200 } } } }));
        expect((await problem(book(s, request(s, after.startAt)), 422)).code).toBe('slot_unavailable');
        expect(await appointmentsOf(s)).toHaveLength(1);
      });

      it('two people racing for one time: exactly one books, the other hears it was just taken, with the next free times', async () => {
        const s = await shop('booking-race');
        const slot = await firstFree(s);
        const results = await Promise.all([book(s, request(s, slot.startAt)), book(s, request(s, slot.startAt))]);
        expect(results.map((r) => r.response.status).sort()).toEqual([201, 409]);
        const lost = results.find((r) => r.response.status === 409)!;
        const taken = await problem(Promise.resolve(lost), 409);
        expect(taken.code).toBe('slot_taken');
        const next = (taken as { availableSlots?: Array<{ startAt: string; userIds: string[] }> }).availableSlots ?? [];
        expect(next.length).toBeGreaterThan(0);
        expect(next.length).toBeLessThanOrEqual(10);
        expect(next.map((x) => x.startAt)).not.toContain(slot.startAt);
        expect(Date.parse(next[0]!.startAt)).toBeGreaterThan(Date.parse(slot.startAt));
        expect(await appointmentsOf(s)).toHaveLength(1);
      });

      it('the same new person booking several times at once becomes one customer, not several', async () => {
        const s = await shop('booking-one-customer');
        const { slots } = (await ok(availability(s, today().add({ days: 7 })))).days[0]!;
        // Four times that do not overlap (the service lasts 45 minutes), booked at once with one contact.
        const times = slots.filter((_, i) => i % 4 === 0).slice(0, 4).map((x) => x.startAt);
        const who = { email: uniqueEmail('twice'), phone: phone() };
        const results = await Promise.all(times.map((startAt) => book(s, request(s, startAt, who))));
        expect(results.map((r) => r.response.status)).toEqual([201, 201, 201, 201]);
        const { items } = await ok(listCustomers({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
        expect(items).toHaveLength(1);
        expect(new Set((await appointmentsOf(s)).map((a) => a.customer_id))).toEqual(new Set([items[0]!.id]));
      });

      it('a retry with the same Idempotency-Key books once and answers the same', async () => {
        const s = await shop('booking-retry');
        const slot = await firstFree(s);
        const body = request(s, slot.startAt);
        const key = `booking-${hex()}-${hex()}-${hex()}`;
        const first = await ok(book(s, body, key), 201);
        const again = await ok(book(s, body, key), 201);
        expect(again).toEqual(first);
        expect(await appointmentsOf(s)).toHaveLength(1);
      });

      it('a filled honeypot books nothing', async () => {
        const s = await shop('booking-honeypot');
        const slot = await firstFree(s);
        const refused = await problem(book(s, request(s, slot.startAt, {}, { website: 'https://spam.example' })), 422);
        expect(refused.code).toBe('rejected');
        expect(await appointmentsOf(s)).toHaveLength(0);
        expect((await ok(listCustomers({ client: s.owner.client, path: { tenantId: s.tenant.id } }))).total).toBe(0);
      });

      it('limits bookings per e-mail and per phone', async () => {
        const s = await shop('booking-limit');
        const day = today().add({ days: 7 }).toString();
        const email = uniqueEmail('limited');
        const tel = phone();
        // Off-interval times (422) still count: the limit is on attempts.
        const attempt = (who: { email?: string; phone?: string }) => book(s, request(s, `${day}T10:07:00+01:00`, who));
        for (let i = 0; i < 5; i++) expect((await attempt({ email })).response.status).toBe(422);
        expect((await attempt({ email })).response.status).toBe(429);
        for (let i = 0; i < 5; i++) expect((await attempt({ phone: tel })).response.status).toBe(422);
        await problem(attempt({ phone: tel }), 429);
        // Someone else is not held up.
        expect((await attempt({})).response.status).toBe(422);
      });

      it('limits bookings per client address, whatever contact each one invents', async () => {
        const s = await shop('booking-address-limit');
        const limited = clientFor((await server().startRateLimited(10000, { BOOKING_ADDRESS_RATE_LIMIT: '3' })).baseUrl);
        const attempt = () => createOnlineBooking({ client: limited, path: { slug: s.slug }, body: request(s, `${today().add({ days: 7 }).toString()}T10:07:00+01:00`) });
        for (let i = 0; i < 3; i++) expect((await attempt()).response.status).toBe(422);
        const refused = await problem(attempt(), 429);
        expect(refused.detail).toMatch(/from this connection/);
      });

      // Instances behind one load balancer share the per-contact count through Redis (REDIS_URL).
      it.skipIf(!process.env.TEST_REDIS_URL)('shares the per-contact count between instances through Redis (TEST_REDIS_URL)', async () => {
        const s = await shop('booking-limit-redis');
        const env = { REDIS_URL: process.env.TEST_REDIS_URL, RATE_LIMIT_NAMESPACE: `cita-test-${hex()}:`, BOOKING_CONTACT_RATE_LIMIT: '2' };
        const [a, b] = [clientFor((await server().startRateLimited(10000, env)).baseUrl), clientFor((await server().startRateLimited(10000, env)).baseUrl)];
        const body = request(s, `${today().add({ days: 7 }).toString()}T10:07:00+01:00`, { email: uniqueEmail('shared') });
        const attempt = (client: typeof a) => createOnlineBooking({ client, path: { slug: s.slug }, body });
        expect((await attempt(a)).response.status).toBe(422);
        expect((await attempt(b)).response.status).toBe(422);
        await problem(attempt(a), 429);
        await problem(attempt(b), 429);
      }, 30_000);

      it('answers an existing customer exactly as a new one, leaves their details alone, and writes each the confirmation in their own language', async () => {
        const s = await shop('booking-enum', { locale: 'en-US' });
        const email = uniqueEmail('marta');
        const tel = phone();
        const { customer: marta } = await ok(
          createCustomer({
            client: s.owner.client,
            path: { tenantId: s.tenant.id },
            body: { customer: { name: 'Marta', lastName: 'Ruiz', email, phoneCountryCode: '+34', phoneNumber: tel, language: 'en-US' } },
          }),
          201,
        );
        const free = (await ok(availability(s, today().add({ days: 7 })))).days[0]!.slots;
        const existing = await ok(book(s, request(s, free[0]!.startAt, { email: email.toUpperCase(), phone: tel, name: 'Impostor' }, { marketingConsent: true, language: 'es-ES' })), 201);
        const newcomerEmail = uniqueEmail('newcomer');
        const newcomer = await ok(book(s, request(s, free[8]!.startAt, { email: newcomerEmail, name: 'Nuria' }, { language: 'es-ES' })), 201);
        const strip = (b: typeof existing) => ({ ...b.booking, startAt: undefined, endAt: undefined });
        expect(strip(existing)).toEqual(strip(newcomer));
        expect(Object.keys(existing.booking).sort()).toEqual(Object.keys(newcomer.booking).sort());

        // Marta is unchanged, and her appointment is hers; the newcomer is a new customer in Spanish.
        const { customer: after } = await ok(getCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id, id: marta.id } }));
        expect(after).toEqual({ ...marta, appointmentsCount: after.appointmentsCount, lastVisitDate: after.lastVisitDate, updatedAt: after.updatedAt });
        expect(after).toMatchObject({ name: 'Marta', lastName: 'Ruiz', language: 'en-US', marketingConsent: false, version: marta.version });
        const hers = await ok(listCustomerAppointments({ client: s.owner.client, path: { tenantId: s.tenant.id, id: marta.id } }));
        expect(hers.items.map((a) => a.customer.name)).toEqual(['Marta']);
        const { items } = await ok(listCustomers({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
        expect(items.map((c) => c.name).sort()).toEqual(['Marta', 'Nuria']);
        const nuria = items.find((c) => c.name === 'Nuria')!;
        expect((await ok(getCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id, id: nuria.id } }))).customer).toMatchObject({ language: 'es-ES', email: newcomerEmail });

        // The confirmations: Marta's in English (her language), Nuria's in Spanish, each with its link.
        const smtp: TestSmtp = await startTestSmtp();
        const transport: MailTransport = smtpTransport(smtp.url);
        try {
          const secret = await loadServerSecret(server().db, undefined);
          const worker = createOutboxWorker({
            db: server().db,
            transport,
            render: { secret: async () => secret, publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' },
            leaseSeconds: 60,
            backoffSeconds: 30,
          });
          for (let i = 0; i < 10 && smtp.received.filter((m) => [email, newcomerEmail].includes(m.envelopeTo[0]!)).length < 2; i++) await worker.runOnce();
          const toMarta = smtp.received.filter((m) => m.envelopeTo.includes(email));
          const toNuria = smtp.received.filter((m) => m.envelopeTo.includes(newcomerEmail));
          expect(toMarta).toHaveLength(1);
          expect(toNuria).toHaveLength(1);
          expect(toMarta[0]!.subject).toMatch(/^Your appointment at /);
          expect(toMarta[0]!.text).toMatch(/https:\/\/cita\.test\/cancel-appointments\?token=/);
          expect(toNuria[0]!.subject).toMatch(/^Tu cita en /);
          // Nuria's name is what she typed on the public page: her first e-mail greets without it (the README).
          expect(toNuria[0]!.text).toContain('Hola: tu cita en');
          expect(toNuria[0]!.text).not.toContain('Nuria');
          expect(toNuria[0]!.text).toMatch(/https:\/\/cita\.test\/es-ES\/cancel-appointments\?token=/);
          expect(toNuria[0]!.headers.get('content-language')).toBe('es-ES');
        } finally {
          transport.close();
          await smtp.close();
        }
      });
    });

    describe('the e-mail to an address nobody confirmed', () => {
      it('carries only what the business controls: not the name the booker typed, in the text, the HTML, the subject or the .ics', async () => {
        const s = await shop('booking-spam', { locale: 'en-US', name: 'Bright Smile Dental' });
        const victim = uniqueEmail('victim');
        const typed = 'Visit evil.example now';
        const slot = await firstFree(s, 9);
        await ok(book(s, request(s, slot.startAt, { email: victim, name: typed }, { language: 'en-US', notes: 'See evil.example for a prize' })), 201);
        const smtp: TestSmtp = await startTestSmtp();
        const transport: MailTransport = smtpTransport(smtp.url);
        try {
          const secret = await loadServerSecret(server().db, undefined);
          const worker = createOutboxWorker({
            db: server().db,
            transport,
            render: { secret: async () => secret, publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' },
            leaseSeconds: 60,
            backoffSeconds: 30,
          });
          for (let i = 0; i < 10 && !smtp.received.some((m) => m.envelopeTo.includes(victim)); i++) await worker.runOnce();
          const mails = smtp.received.filter((m) => m.envelopeTo.includes(victim));
          expect(mails).toHaveLength(1);
          const mail = mails[0]!;
          expect(mail.subject).toMatch(/^Your appointment at Bright Smile Dental: /);
          expect(mail.text).toContain('Hello, your appointment at Bright Smile Dental is booked.');
          expect(mail.text).toContain('Services: Corte');
          expect(mail.text).toMatch(/https:\/\/cita\.test\/cancel-appointments\?token=/);
          for (const part of [mail.raw, mail.subject, mail.text, mail.html, mail.ics]) {
            expect(part).not.toContain('evil.example');
            expect(part).not.toContain('Visit');
            expect(part).not.toContain('Gómez');
          }
        } finally {
          transport.close();
          await smtp.close();
        }
      });
    });

    describe('default reminders and the customer language', () => {
      let s: Shop;
      beforeAll(async () => {
        s = await shop('booking-defaults');
      });
      afterAll(() => undefined);

      it('a new appointment without reminders gets the business defaults; an explicit empty list means none', async () => {
        await ok(
          updateTenant({
            client: s.owner.client,
            path: { tenantId: s.tenant.id },
            body: { tenant: { defaultReminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 2880 }, { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 60 }] } },
          }),
        );
        const { customer } = await ok(createCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { customer: { name: 'Rosa', email: uniqueEmail('rosa') } } }), 201);
        const day = today().add({ days: 20 });
        const create = (time: string, extra: { reminders?: [] } = {}) =>
          ok(
            createAppointment({
              client: s.owner.client,
              path: { tenantId: s.tenant.id, userId: s.owner.userId },
              body: { appointment: { customerId: customer.id, services: [{ id: s.serviceId }], startDate: parts(day, time), endDate: parts(day, `${time.slice(0, 2)}:45`), ...extra } },
            }),
            201,
          );
        expect((await create('10:00')).appointment.reminders.map(({ channel, minutesBefore, sent, status }) => ({ channel, minutesBefore, sent, status }))).toEqual([
          { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 2880, sent: false, status: 'REMINDER_STATUS_SCHEDULED' },
          { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 60, sent: false, status: 'REMINDER_STATUS_SCHEDULED' },
        ]);
        expect((await create('12:00', { reminders: [] })).appointment.reminders).toEqual([]);
      });

      it("keeps a customer's language", async () => {
        const { customer } = await ok(createCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { customer: { name: 'Jordi', language: 'es-ES' } } }), 201);
        expect(customer.language).toBe('es-ES');
        expect((await ok(getCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id, id: customer.id } }))).customer.language).toBe('es-ES');
        const { customer: changed } = await ok(
          updateCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id, id: customer.id }, body: { customer: { name: 'Jordi', language: 'en-US', version: customer.version } } }),
        );
        expect(changed.language).toBe('en-US');
        const { customer: cleared } = await ok(
          updateCustomer({ client: s.owner.client, path: { tenantId: s.tenant.id, id: customer.id }, body: { customer: { name: 'Jordi', version: changed.version } } }),
        );
        expect(cleared.language).toBeUndefined();
      });
    });
  });
}
