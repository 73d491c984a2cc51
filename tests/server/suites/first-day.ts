// An owner's first day (issue 18): the business's country sets its currency and tax.
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import {
  autoRegisterBusiness,
  cancelAppointmentByToken,
  createOnlineBooking,
  createService,
  getBookingAvailability,
  getConfiguration,
  getTenant,
  listStaffNotifications,
  markStaffNotificationsRead,
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
      expect(tenant).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, currencySymbol: '$', taxPercentage: 8.25, taxName: 'Sales tax' });
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
      expect(await newTenant(spanish, { country: 'ES' })).toMatchObject({ currency: { currencyCode: 'EUR' }, taxPercentage: 21, taxName: 'IVA' });
      const british = await signUp(server(), 'gb-salon');
      const gb = await newTenant(british, { country: 'GB' });
      expect(gb).toMatchObject({ country: 'GB', currency: { currencyCode: 'GBP' }, currencySymbol: '£', taxPercentage: 0 });
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
      expect(tenant).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, taxPercentage: 4, taxName: 'Sales tax', timeZone: 'America/New_York' });
    });

    it('settings change the country, the tax name and rate; a rate with three decimals is refused (422)', async () => {
      const owner = await signUp(server(), 'moving');
      const tenant = await newTenant(owner, { country: 'ES' });
      const { tenant: updated } = await ok(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { country: 'PT', taxName: 'IVA (PT)', taxPercentage: 23, version: tenant.version } } }),
      );
      expect(updated).toMatchObject({ country: 'PT', taxName: 'IVA (PT)', taxPercentage: 23 });
      const p = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { taxPercentage: 8.875 } } }), 422);
      expect(fields(p)).toEqual(['/tenant/taxPercentage']);
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
}
