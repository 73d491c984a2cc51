// An owner's first day (issue 18): the business's country sets its currency and tax.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import {
  autoRegisterBusiness,
  cancelAppointmentByToken,
  createOnlineBooking,
  createInventoryItem,
  createSale,
  createService,
  getBookingAvailability,
  getSale,
  getAppointmentCancellation,
  getConfiguration,
  getRescheduleAvailability,
  getTenant,
  listStaffNotifications,
  markStaffNotificationsRead,
  rescheduleAppointmentByToken,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { OpeningHours, Tenant } from '../../../generated/types.gen.ts';
import { loadServerSecret, signCancelToken } from '../../../server/notifications/cancel-token.ts';
import { smtpTransport } from '../../../server/notifications/transport.ts';
import { createOutboxWorker } from '../../../server/notifications/worker.ts';
import { clientFor, fields, join, newIdentity, newTenant, ok, problem, signUp, uniqueEmail, type Actor, type TestServer } from '../harness.ts';
import { startTestSmtp } from '../mail.ts';

const ZONE = 'Europe/Madrid';
const everyDay = (): OpeningHours => {
  const day = [{ start: '09:00', end: '18:00' }];
  return { timeZone: ZONE, weekly: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day }, closedDates: [] } as OpeningHours;
};

export function firstDaySuite(server: () => TestServer) {
  describe('first day: country, currency and tax', () => {
    it('a business in the United States charges in dollars with the sales tax its owner entered', async () => {
      const owner = await signUp(server(), 'us-dental');
      const tenant = await newTenant(owner, { country: 'US', timeZone: 'America/New_York', taxPercentage: 8.25, taxName: 'Sales tax' });
      // A US till adds the sales tax on top of the prices (issue 17).
      expect(tenant).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, currencySymbol: '$', taxPercentage: 8.25, taxName: 'Sales tax', pricesIncludeTax: false });
      // Its first service is priced in dollars and taxed at that rate; euros are refused.
      const { service } = await ok(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Cleaning', durationMinutes: 60, price: { amount: 12000, currency: 'USD' }, color: '#228be6', active: true } },
        }),
        201,
      );
      expect(service).toMatchObject({ price: { amount: 12000, currency: 'USD' }, taxPercentage: 8.25 });
      await problem(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Whitening', durationMinutes: 60, price: { amount: 12000, currency: 'EUR' }, color: '#228be6', active: true } },
        }),
        422,
      );
    });

    it('a US business whose owner has not entered the rate yet starts with no tax, named sales tax', async () => {
      const owner = await signUp(server(), 'us-no-rate');
      const tenant = await newTenant(owner, { country: 'US' });
      expect(tenant).toMatchObject({ currency: { currencyCode: 'USD' }, taxPercentage: 0, taxName: 'Sales tax' });
    });

    it('a business in Spain gets euros and IVA at 21 %; elsewhere no tax by default', async () => {
      const spanish = await signUp(server(), 'es-salon', { locale: 'es-ES' });
      expect(await newTenant(spanish, { country: 'ES' })).toMatchObject({ currency: { currencyCode: 'EUR' }, taxPercentage: 21, taxName: 'IVA', pricesIncludeTax: true });
      const british = await signUp(server(), 'gb-salon');
      const gb = await newTenant(british, { country: 'GB' });
      expect(gb).toMatchObject({ country: 'GB', currency: { currencyCode: 'GBP' }, currencySymbol: '£', taxPercentage: 0, pricesIncludeTax: true });
      expect(gb.taxName).toBeUndefined();
    });

    it('the one-step sign-up takes the country, currency and tax too', async () => {
      const s = server();
      const who = await newIdentity(s, 'us-auto');
      const created = await ok(
        autoRegisterBusiness({
          client: who.idClient,
          body: {
            email: who.email,
            firebase_id_token: who.idToken,
            name: 'Dana',
            businessName: 'Bright Smile Dental',
            category: 'dental_clinic',
            locale: 'en-US',
            timeZone: 'America/New_York',
            country: 'US',
            taxPercentage: 4,
            terms_accepted: true,
          },
        }),
        201,
      );
      const { tenant } = await ok(getTenant({ client: clientFor(s.baseUrl, created.token), path: { tenantId: created.tenantId } }));
      expect(tenant).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, taxPercentage: 4, taxName: 'Sales tax', timeZone: 'America/New_York', pricesIncludeTax: false });
    });

    it('settings change the country, the tax name and rate; a rate with four decimals is refused (422)', async () => {
      const owner = await signUp(server(), 'moving');
      const tenant = await newTenant(owner, { country: 'ES' });
      const { tenant: updated } = await ok(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { country: 'PT', taxName: 'IVA (PT)', taxPercentage: 23, version: tenant.version } } }),
      );
      expect(updated).toMatchObject({ country: 'PT', taxName: 'IVA (PT)', taxPercentage: 23 });
      const p = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { taxPercentage: 8.8755 } } }), 422);
      expect(fields(p)).toEqual(['/tenant/taxPercentage']);
    });

    it("a New York business: 8.875 % for the business, a service and a product; a charge's tax computed exactly; a fourth decimal refused", async () => {
      const owner = await signUp(server(), 'nyc-tax');
      const tenant = await newTenant(owner, { country: 'US', timeZone: 'America/New_York', taxPercentage: 8.875, taxName: 'Sales tax' });
      expect(tenant).toMatchObject({ currency: { currencyCode: 'USD' }, taxPercentage: 8.875 });
      // Read back from the database as it was stored (numeric(6, 3), not rounded to 8.88).
      expect((await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }))).tenant.taxPercentage).toBe(8.875);
      const usd = (amount: number) => ({ amount, currency: 'USD' });
      const { service } = await ok(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Whitening', durationMinutes: 60, price: usd(12000), taxPercentage: 8.875, color: '#228be6', active: true } },
        }),
        201,
      );
      expect(service.taxPercentage).toBe(8.875);
      // A product takes the business's rate by default.
      const { inventoryItem } = await ok(
        createInventoryItem({ client: owner.client, path: { tenantId: tenant.id }, body: { inventoryItem: { name: 'Electric toothbrush', unit: 'INVENTORY_UNIT_PIECE', quantity: 10, price: usd(12000) } } }),
        201,
      );
      expect(inventoryItem.taxPercentage).toBe(8.875);

      // A $120.00 toothbrush and six $1.00 floss picks, 8.875 % added on top (a US till, issue 17): one
      // bucket of $126.00, tax round(12600 × 8.875 %) = round(1118.25) = 11.18, total $137.18; the
      // lines' taxes add up to it.
      const { sale } = await ok(
        createSale({
          client: owner.client,
          path: { tenantId: tenant.id, id: randomUUID() },
          body: {
            sale: {
              operationType: 'OPERATION_TYPE_PRODUCT_SALE',
              lines: [
                { kind: 'SALE_LINE_KIND_PRODUCT', itemId: inventoryItem.id, name: 'Electric toothbrush', quantity: 1, unitPrice: usd(12000), taxPercentage: inventoryItem.taxPercentage },
                { kind: 'SALE_LINE_KIND_PRODUCT', name: 'Floss pick', quantity: 6, unitPrice: usd(100), taxPercentage: 8.875 },
              ],
            },
          },
        }),
        201,
      );
      expect(sale.taxBreakdown).toEqual([{ taxPercentage: 8.875, base: usd(12600), tax: usd(1118) }]);
      expect(sale.totals.total).toEqual(usd(13718));
      expect(sale.pricesIncludeTax).toBe(false);
      expect(sale.lines.map((line) => line.taxPercentage)).toEqual([8.875, 8.875]);
      expect(sale.lines.reduce((sum, line) => sum + line.taxAmount.amount, 0)).toBe(1118);
      // Read back from the database (sale_lines.tax_percentage numeric(6, 3)).
      expect((await ok(getSale({ client: owner.client, path: { tenantId: tenant.id, id: sale.id } }))).sale.lines.map((line) => line.taxPercentage)).toEqual([8.875, 8.875]);

      // A fourth decimal: 422 too_precise, translated by the SPA, for the business, a service and a product.
      const tooPrecise = (p: { errors?: { field: string; code: string }[] }) => p.errors?.map((e) => [e.field, e.code]);
      expect(tooPrecise(await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { taxPercentage: 8.8751 } } }), 422))).toEqual([
        ['/tenant/taxPercentage', 'too_precise'],
      ]);
      expect(
        tooPrecise(
          await problem(
            createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: { name: 'Cleaning', durationMinutes: 60, price: usd(9000), taxPercentage: 8.8751 } } }),
            422,
          ),
        ),
      ).toEqual([['/service/taxPercentage', 'too_precise']]);
      expect(
        tooPrecise(
          await problem(
            createInventoryItem({ client: owner.client, path: { tenantId: tenant.id }, body: { inventoryItem: { name: 'Floss', unit: 'INVENTORY_UNIT_PIECE', price: usd(300), taxPercentage: 8.8751 } } }),
            422,
          ),
        ),
      ).toEqual([['/inventoryItem/taxPercentage', 'too_precise']]);
    });

    it('the plans are priced in dollars too, for businesses that charge in dollars', async () => {
      const { configuration } = await ok(getConfiguration({ client: clientFor(server().baseUrl) }));
      expect(configuration.proPlan.prices).toContainEqual(expect.objectContaining({ currency: 'USD' }));
      expect(configuration.premiumPlan.prices).toContainEqual(expect.objectContaining({ currency: 'USD' }));
    });
  });

  describe('first day: told what happens', () => {
    const anonymous = () => clientFor(server().baseUrl);

    async function shop(label: string, locale: 'en-US' | 'es-ES' = 'es-ES'): Promise<{ owner: Actor; tenant: Tenant; slug: string; serviceId: string }> {
      const owner = await signUp(server(), label, { locale });
      const tenant = await newTenant(owner, { timeZone: ZONE, locale, opening_hours: everyDay() });
      const { service } = await ok(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Corte', durationMinutes: 30, price: { amount: 2000, currency: 'EUR' }, onlineBookable: true } },
        }),
        201,
      );
      const { tenant: on } = await ok(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { onlineBooking: { enabled: true, minimumNoticeMinutes: 0, horizonDays: 365 } } } }),
      );
      return { owner, tenant: on, slug: on.onlineBooking!.slug!, serviceId: service.id };
    }

    async function bookOnline(s: { slug: string; serviceId: string }, daysAhead: number, email = uniqueEmail('customer')) {
      const from = Temporal.Now.plainDateISO(ZONE).add({ days: daysAhead }).toString();
      const { days } = await ok(getBookingAvailability({ client: anonymous(), path: { slug: s.slug }, query: { serviceIds: [s.serviceId], from, days: 1 } }));
      const startAt = days[0]!.slots[0]!.startAt;
      await ok(
        createOnlineBooking({
          client: anonymous(),
          path: { slug: s.slug },
          body: {
            serviceIds: [s.serviceId],
            startAt,
            customer: { name: 'Lucía', lastName: 'Gómez', phoneCountryCode: '+34', phoneNumber: `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, email },
            language: 'es-ES',
            privacyConsent: true,
          },
        }),
        201,
      );
      return startAt;
    }

    const staffOutbox = (tenantId: string) =>
      server()
        .db.withSystem((tx) =>
          tx.query<{ status: string; notification_id: string }>(`SELECT status, notification_id FROM outbox WHERE tenant_id = $1 AND kind = 'staff_notice'`, [tenantId]),
        )
        .then((r) => r.rows);

    it('an online booking tells the owner in the bell and by e-mail in their language; marking read clears the count', async () => {
      const s = await shop('told-booked');
      const member = await join(server(), s.owner, s.tenant, 'TEAM_ROLE_MEMBER', 'told-bystander');
      const startAt = await bookOnline(s, 3);

      const list = await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
      expect(list.unread).toBe(1);
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ kind: 'STAFF_NOTIFICATION_BOOKED', customerName: 'Lucía Gómez', memberUserId: s.owner.userId, read: false });
      expect(new Date(list.items[0]!.startAt).getTime()).toBe(new Date(startAt).getTime());
      // A member whose calendar does not hold it is not told.
      expect((await ok(listStaffNotifications({ client: member.client, path: { tenantId: s.tenant.id } }))).items).toEqual([]);
      // Another business's member does not see this business's notifications (404).
      const stranger = await signUp(server(), 'told-stranger');
      await problem(listStaffNotifications({ client: stranger.client, path: { tenantId: s.tenant.id } }), 404);

      // The e-mail goes through the outbox, in the owner's language (Spanish here).
      expect(await staffOutbox(s.tenant.id)).toEqual([{ status: 'pending', notification_id: list.items[0]!.id }]);
      const smtp = await startTestSmtp();
      const transport = smtpTransport(smtp.url);
      try {
        const secret = await loadServerSecret(server().db, undefined);
        const worker = createOutboxWorker({
          db: server().db,
          transport,
          render: { secret: async () => secret, publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' },
          leaseSeconds: 60,
          backoffSeconds: 30,
        });
        for (let i = 0; i < 10 && !smtp.received.some((m) => m.envelopeTo.includes(s.owner.email)); i++) await worker.runOnce();
        const mail = smtp.received.find((m) => m.envelopeTo.includes(s.owner.email));
        expect(mail?.subject).toMatch(/^Nueva reserva online: Lucía Gómez, /);
        expect(mail?.text).toContain(`https://cita.test/es-ES/appointments/${list.items[0]!.appointmentId}`);
      } finally {
        transport.close();
        await smtp.close();
      }

      await ok(markStaffNotificationsRead({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: {} }), 204);
      const after = await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
      expect(after.unread).toBe(0);
      expect(after.items[0]!.read).toBe(true);
    });

    it('a cancellation through the e-mail link is told too; with e-mails turned off only the bell tells', async () => {
      const s = await shop('told-cancel', 'en-US');
      await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { notifyTeamByEmail: false } } }));
      expect((await ok(getTenant({ client: s.owner.client, path: { tenantId: s.tenant.id } }))).tenant.notifyTeamByEmail).toBe(false);
      const startAt = await bookOnline(s, 4);
      const { items } = await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
      const secret = await loadServerSecret(server().db, undefined);
      const token = signCancelToken(secret, { tenantId: s.tenant.id, appointmentId: items[0]!.appointmentId, startAt: new Date(startAt), linkVersion: 1 });
      await ok(cancelAppointmentByToken({ client: anonymous(), path: { token }, body: {} }));
      const after = await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
      expect(after.items.map((n) => n.kind)).toEqual(['STAFF_NOTIFICATION_CANCELLED', 'STAFF_NOTIFICATION_BOOKED']);
      expect(after.unread).toBe(2);
      expect(await staffOutbox(s.tenant.id)).toEqual([]);
      // Marking one read leaves the other unread; ids of nobody's are ignored.
      await ok(
        markStaffNotificationsRead({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { ids: [after.items[0]!.id, '00000000-0000-4000-8000-000000000000'] } }),
        204,
      );
      expect((await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }))).unread).toBe(1);
    });
  });

  describe('first day: customers reschedule from the e-mail link', () => {
    const anonymous = () => clientFor(server().baseUrl);
    /** The instant of a wall-clock time in Madrid, `daysAhead` days from today, as the API writes it. */
    const madrid = (daysAhead: number, time: string) =>
      Temporal.Now.plainDateISO(ZONE).add({ days: daysAhead }).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(ZONE);
    const same = (a: string, b: Temporal.ZonedDateTime) => expect(new Date(a).getTime()).toBe(b.epochMilliseconds);

    async function shop(label: string) {
      const owner = await signUp(server(), label, { locale: 'en-US' });
      const tenant = await newTenant(owner, { timeZone: ZONE, locale: 'es-ES', opening_hours: everyDay() });
      const { service } = await ok(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Corte', durationMinutes: 30, price: { amount: 2000, currency: 'EUR' }, onlineBookable: true } },
        }),
        201,
      );
      const { tenant: on } = await ok(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { onlineBooking: { enabled: true, minimumNoticeMinutes: 0, horizonDays: 60 } } } }),
      );
      return { owner, tenant: on, slug: on.onlineBooking!.slug!, serviceId: service.id };
    }

    async function book(s: Awaited<ReturnType<typeof shop>>, at: Temporal.ZonedDateTime) {
      await ok(
        createOnlineBooking({
          client: anonymous(),
          path: { slug: s.slug },
          body: {
            serviceIds: [s.serviceId],
            startAt: at.toInstant().toString(),
            customer: { name: 'Lucía', lastName: 'Gómez', phoneCountryCode: '+34', phoneNumber: `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, email: uniqueEmail('resched') },
            language: 'es-ES',
            privacyConsent: true,
          },
        }),
        201,
      );
      const { items } = await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
      const appointmentId = items.find((n) => new Date(n.startAt).getTime() === at.epochMilliseconds)!.appointmentId;
      const secret = await loadServerSecret(server().db, undefined);
      return { appointmentId, token: signCancelToken(secret, { tenantId: s.tenant.id, appointmentId, startAt: new Date(at.epochMilliseconds), linkVersion: 1 }) };
    }

    const mails = (tenantId: string, appointmentId: string) =>
      server()
        .db.withSystem((tx) =>
          tx.query<{ kind: string; status: string; starts_at: Date }>(
            `SELECT kind, status, starts_at FROM outbox WHERE tenant_id = $1 AND appointment_id = $2 AND kind IN ('confirmation', 'staff_notice') ORDER BY created_at, dedupe_key`,
            [tenantId, appointmentId],
          ),
        )
        .then((r) => r.rows);

    it('moves the appointment to a free time: a new confirmation with a new link, the old link dead, the owner told', async () => {
      const s = await shop('resched-move');
      const booked = madrid(3, '10:00');
      const { appointmentId, token } = await book(s, booked);
      expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }))).appointment.reschedulable).toBe(true);

      // The same day's times: its own 10:00 is not offered again, but 10:15 (overlapping itself) is; 09:00 is the first.
      const day = (await ok(getRescheduleAvailability({ client: anonymous(), path: { token }, query: { from: booked.toPlainDate().toString(), days: 1 } }))).days[0]!;
      const starts = day.slots.map((slot) => new Date(slot.startAt).getTime());
      expect(starts).not.toContain(booked.epochMilliseconds);
      expect(starts).toContain(madrid(3, '10:15').epochMilliseconds);
      expect(starts[0]).toBe(madrid(3, '09:00').epochMilliseconds);

      const target = madrid(4, '16:30');
      const { appointment } = await ok(rescheduleAppointmentByToken({ client: anonymous(), path: { token }, body: { startAt: target.toInstant().toString() } }));
      expect(appointment).toMatchObject({
        startDate: { year: target.year, month: target.month, day: target.day, hours: 16, minutes: 30 },
        endDate: { hours: 17, minutes: 0 },
        status: 'APPOINTMENT_STATUS_CONFIRMED',
        reschedulable: true,
      });
      // The old link names the old time: dead. A link for the new time works.
      expect((await problem(getAppointmentCancellation({ client: anonymous(), path: { token } }), 404)).code).toBe('link_revoked');
      expect((await problem(rescheduleAppointmentByToken({ client: anonymous(), path: { token }, body: { startAt: madrid(5, '11:00').toInstant().toString() } }), 404)).code).toBe(
        'link_revoked',
      );
      const secret = await loadServerSecret(server().db, undefined);
      const fresh = signCancelToken(secret, { tenantId: s.tenant.id, appointmentId, startAt: new Date(target.epochMilliseconds), linkVersion: 1 });
      expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token: fresh } }))).appointment.startDate.hours).toBe(16);

      // The customer is mailed a confirmation of the new time; the owner is told (bell and e-mail).
      const rows = await mails(s.tenant.id, appointmentId);
      expect(rows.filter((r) => r.kind === 'confirmation').map((r) => new Date(r.starts_at).getTime())).toEqual([booked.epochMilliseconds, target.epochMilliseconds]);
      expect(rows.filter((r) => r.kind === 'staff_notice')).toHaveLength(2);
      const { items, unread } = await ok(listStaffNotifications({ client: s.owner.client, path: { tenantId: s.tenant.id } }));
      expect(unread).toBe(2);
      expect(items[0]).toMatchObject({ kind: 'STAFF_NOTIFICATION_RESCHEDULED', appointmentId, customerName: 'Lucía Gómez' });
      same(items[0]!.startAt, target);
    }, 60_000);

    it('follows the booking rules: a taken time offers the next ones, times the business does not offer are refused, a closed booking page refuses', async () => {
      const s = await shop('resched-rules');
      const { token } = await book(s, madrid(3, '10:00'));
      await book(s, madrid(5, '09:00'));
      const move = (at: Temporal.ZonedDateTime | string) =>
        rescheduleAppointmentByToken({ client: anonymous(), path: { token }, body: { startAt: typeof at === 'string' ? at : at.toInstant().toString() } });

      const taken = await problem(move(madrid(5, '09:00')), 409);
      expect(taken.code).toBe('slot_taken');
      same((taken.availableSlots as Array<{ startAt: string }>)[0]!.startAt, madrid(5, '09:30'));
      for (const refused of [madrid(5, '09:07'), madrid(5, '20:00'), madrid(3, '10:00'), madrid(90, '10:00')]) {
        const p = await problem(move(refused), 422);
        expect(p.code).toBe('slot_unavailable');
        expect(fields(p)).toEqual(['/startAt']);
      }
      // Nothing moved.
      expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }))).appointment.startDate.hours).toBe(10);

      // A tampered link is refused before anything is read.
      expect((await problem(getRescheduleAvailability({ client: anonymous(), path: { token: `${token.slice(0, -2)}AA` }, query: { from: '2026-01-01' } }), 404)).code).toBe(
        'invalid_link',
      );

      // The business stops taking bookings online: the page offers no move, and a move is refused.
      await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { onlineBooking: { enabled: false } } } }));
      expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }))).appointment).toMatchObject({ cancellable: true, reschedulable: false });
      expect((await problem(move(madrid(6, '10:00')), 409)).code).toBe('reschedule_unavailable');
    }, 60_000);

    it('a business that confirms by hand sees the moved appointment pending again', async () => {
      const s = await shop('resched-manual');
      await ok(updateTenant({ client: s.owner.client, path: { tenantId: s.tenant.id }, body: { tenant: { onlineBooking: { confirmation: 'ONLINE_BOOKING_CONFIRMATION_MANUAL' } } } }));
      const { token, appointmentId } = await book(s, madrid(3, '10:00'));
      await server().db.withSystem((tx) => tx.query(`UPDATE appointments SET status = 'APPOINTMENT_STATUS_CONFIRMED' WHERE id = $1`, [appointmentId]));
      const { appointment } = await ok(rescheduleAppointmentByToken({ client: anonymous(), path: { token }, body: { startAt: madrid(3, '12:00').toInstant().toString() } }));
      expect(appointment.status).toBe('APPOINTMENT_STATUS_PENDING');
    }, 60_000);
  });
}
