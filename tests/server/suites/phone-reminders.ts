// Reminders where customers read them (issue 18): by SMS through Twilio's Messages API and by WhatsApp
// through the WhatsApp Business Cloud API's template messages, against fake providers the test starts
// (tests/server/fake-phone.ts), through the outbox and its worker; and what happens without a provider.
// Customers and appointments are written through the API, as the SPA does.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAppointmentStatus, createAppointment, getAppointmentCalendar, createCustomer, getAppointment, getConfiguration } from '../../../generated/sdk.gen.ts';
import type { Appointment, Tenant } from '../../../generated/types.gen.ts';
import { loadConfig } from '../../../server/config.ts';
import { lazyServerSecret } from '../../../server/notifications/cancel-token.ts';
import { phoneSendersFor } from '../../../server/notifications/phone.ts';
import { fileTransport, type MailTransport } from '../../../server/notifications/transport.ts';
import { createOutboxWorker, type OutboxWorker } from '../../../server/notifications/worker.ts';
import { providerEnv as fakeProviderEnv, startFakeTwilio, startFakeWhatsApp, type FakeTwilio, type FakeWhatsApp } from '../fake-phone.ts';
import { clientFor, ok, problem, signUpOwner, type Actor, type TestServer } from '../harness.ts';

interface Business {
  owner: Actor;
  tenant: Tenant;
  serviceId: string;
}

type Channel = 'REMINDER_CHANNEL_EMAIL' | 'REMINDER_CHANNEL_SMS' | 'REMINDER_CHANNEL_WHATSAPP';

export function phoneRemindersSuite(server: () => TestServer) {
  describe('reminders by SMS and WhatsApp', () => {
    let twilio: FakeTwilio;
    let whatsapp: FakeWhatsApp;
    let mailDir: string;
    const transports: MailTransport[] = [];
    /** The environment of a server with both providers, pointing at the fakes. */
    let providerEnv: NodeJS.ProcessEnv;

    beforeAll(async () => {
      twilio = await startFakeTwilio();
      whatsapp = await startFakeWhatsApp();
      mailDir = mkdtempSync(path.join(tmpdir(), 'cita-phone-reminders-'));
      providerEnv = fakeProviderEnv(twilio, whatsapp, 'cita_reminder');
      // The suites before this one leave messages due on the shared database: send them first (as
      // files), so that each pass below holds what these tests look for.
      const worker = workerFor(false);
      for (let pass = 0; pass < 100; pass += 1) {
        const result = await worker.runOnce();
        if (result.sent + result.failed + result.dropped === 0) break;
      }
    }, 120_000);
    afterAll(async () => {
      for (const transport of transports) transport.close();
      await twilio?.close();
      await whatsapp?.close();
      if (mailDir) rmSync(mailDir, { recursive: true, force: true });
    });

    /** A worker as server/main.ts builds it, from the environment: with the providers, or with none. */
    function workerFor(withProviders: boolean): OutboxWorker {
      const transport = fileTransport(mailDir);
      transports.push(transport);
      const config = loadConfig(withProviders ? providerEnv : {});
      return createOutboxWorker({
        db: server().db,
        transport,
        render: { secret: lazyServerSecret(server().db, undefined), publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' },
        phone: phoneSendersFor(config.phone),
        backoffSeconds: 30,
      });
    }

    const drain = async (worker: OutboxWorker) => {
      for (let i = 0; i < 20; i++) {
        const r = await worker.runOnce();
        if (r.sent + r.failed + r.dropped === 0) return;
      }
    };

    async function business(label: string, settings: { locale: 'en-US' | 'es-ES'; name: string; timeZone: string; service: string }): Promise<Business> {
      const { owner, tenant } = await signUpOwner(server(), label);
      const serviceId = randomUUID();
      await server().db.withTenant(tenant.id, async (tx) => {
        await tx.query(`UPDATE tenants SET locale = $2, time_zone = $3, business_name = $4 WHERE id = $1`, [tenant.id, settings.locale, settings.timeZone, settings.name]);
        await tx.query(
          `INSERT INTO services (tenant_id, id, name, duration_minutes, price_amount, price_currency, tax_percentage, color)
           VALUES ($1, $2, $3, 45, 2500, 'EUR', 21, '#2f9e44')`,
          [tenant.id, serviceId, settings.service],
        );
      });
      return { owner, tenant, serviceId };
    }

    /** A customer (through the API) with an appointment on 23 Nov 2027 at `hours`:30 (default 10:30) and these reminders. */
    async function book(
      b: Business,
      customer: { name: string; phoneCountryCode?: string; phoneNumber?: string; email?: string; language?: 'en-US' | 'es-ES' },
      reminders: Array<{ channel: Channel; minutesBefore: number }>,
      hours = 10,
    ): Promise<Appointment> {
      const path = { tenantId: b.tenant.id };
      const created = (await ok(createCustomer({ client: b.owner.client, path, body: { customer } }), 201)).customer;
      const { appointment } = await ok(
        createAppointment({
          client: b.owner.client,
          path: { ...path, userId: b.owner.userId },
          body: {
            appointment: {
              customerId: created.id,
              services: [{ id: b.serviceId }],
              startDate: { year: 2027, month: 11, day: 23, hours, minutes: 30 },
              endDate: { year: 2027, month: 11, day: 23, hours: hours + 1, minutes: 15 },
              allowOutsideHours: true,
              reminders,
            },
          },
        }),
        201,
      );
      return appointment;
    }

    const reminderRows = (b: Business, appointment: Appointment) =>
      server()
        .db.withSystem((tx) =>
          tx.query<{ channel: string; minutes_before: number; status: string; attempts: number; last_error: string | null }>(
            `SELECT channel, minutes_before, status, attempts, last_error FROM outbox
              WHERE tenant_id = $1 AND appointment_id = $2 AND kind = 'reminder' ORDER BY minutes_before DESC`,
            [b.tenant.id, appointment.id],
          ),
        )
        .then((r) => r.rows);

    /** Time passes: this appointment's pending messages are due now. */
    const makeDue = (b: Business, appointment: Appointment) =>
      server().db.withSystem((tx) =>
        tx.query(`UPDATE outbox SET next_attempt_at = now() WHERE tenant_id = $1 AND appointment_id = $2 AND status = 'pending'`, [b.tenant.id, appointment.id]),
      );

    /** The appointment as the owner's screen reads it. */
    const reread = async (b: Business, appointment: Appointment) =>
      (await ok(getAppointment({ client: b.owner.client, path: { tenantId: b.tenant.id, userId: appointment.userId, id: appointment.id } }))).appointment;

    it('GET /v1/configuration names the reminder channels this server sends: e-mail, and SMS and WhatsApp once configured', async () => {
      const plain = await ok(getConfiguration({ client: clientFor(server().baseUrl) }));
      expect(plain.configuration.reminderChannels).toEqual(['REMINDER_CHANNEL_EMAIL']);
      const configured = await server().startWith(providerEnv);
      const withProviders = await ok(getConfiguration({ client: clientFor(configured.baseUrl) }));
      expect(withProviders.configuration.reminderChannels).toEqual(['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP']);
    }, 60_000);

    it('refuses to start with half a provider configuration', () => {
      expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x' })).toThrow(/TWILIO_FROM/);
      expect(() => loadConfig({ WHATSAPP_TOKEN: 'x' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    });

    it('sends a Spanish-speaking customer an SMS through Twilio and a WhatsApp template message, in Spanish, to the phone in E.164', async () => {
      const b = await business('phone-es', { locale: 'en-US', name: 'Peluquería Ana', timeZone: 'Europe/Madrid', service: 'Corte y peinado' });
      const appointment = await book(b, { name: 'Lucía', phoneCountryCode: '+34', phoneNumber: '612345678', language: 'es-ES' }, [
        { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 1440 },
        { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 120 },
      ]);
      expect((await reminderRows(b, appointment)).map((r) => [r.channel, r.status])).toEqual([
        ['REMINDER_CHANNEL_SMS', 'pending'],
        ['REMINDER_CHANNEL_WHATSAPP', 'pending'],
      ]);
      const worker = workerFor(true);
      await drain(worker); // nothing is due yet
      expect(twilio.messages.filter((m) => m.to === '+34612345678')).toEqual([]);

      await makeDue(b, appointment);
      await drain(worker);
      const sms = twilio.messages.filter((m) => m.to === '+34612345678');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.basicAuth).toBe(`${twilio.accountSid}:${twilio.authToken}`);
      expect(sms[0]!.from).toBe(twilio.from);
      expect(sms[0]!.body).toContain('Recordatorio: tu cita en Peluquería Ana es el martes, 23 de noviembre de 2027, 10:30.');
      expect(sms[0]!.body).toContain('Servicios: Corte y peinado');
      expect(sms[0]!.body).toMatch(/https:\/\/cita\.test\/es-ES\/cancel-appointments\?token=[A-Za-z0-9_-]+/);
      // The name typed for the customer is never in it (as in the e-mails, only what the business controls).
      expect(sms[0]!.body).not.toContain('Lucía');

      const wa = whatsapp.messages.filter((m) => m.payload.to === '34612345678');
      expect(wa).toHaveLength(1);
      expect(wa[0]!.bearer).toBe(whatsapp.token);
      expect(wa[0]!.version).toBe('21.0');
      expect(wa[0]!.payload).toMatchObject({ messaging_product: 'whatsapp', type: 'template', template: { name: 'cita_reminder', language: { code: 'es_ES' } } });
      expect(wa[0]!.payload.template.components).toEqual([
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Peluquería Ana' },
            { type: 'text', text: 'martes, 23 de noviembre de 2027, 10:30' },
          ],
        },
      ]);

      // Each is marked sent on the appointment the owner sees, once.
      const after = await reread(b, appointment);
      expect(after.reminders.map((r) => [r.channel, r.sent])).toEqual([
        ['REMINDER_CHANNEL_SMS', true],
        ['REMINDER_CHANNEL_WHATSAPP', true],
      ]);
      expect(after.reminders[0]!.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(after.reminders.map((r) => r.status)).toEqual(['REMINDER_STATUS_SENT', 'REMINDER_STATUS_SENT']);
      await drain(worker);
      expect(twilio.messages.filter((m) => m.to === '+34612345678')).toHaveLength(1);
    });

    it("an English customer's reminders are in English, and a national number with its trunk 0 becomes E.164", async () => {
      const b = await business('phone-en', { locale: 'en-US', name: 'Bright Smile Dental', timeZone: 'America/New_York', service: 'Cleaning' });
      const appointment = await book(b, { name: 'John', phoneCountryCode: '+44', phoneNumber: '07700900123' }, [
        { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 1440 },
        { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 60 },
      ]);
      await makeDue(b, appointment);
      await drain(workerFor(true));
      const [sms, ...moreSms] = twilio.messages.filter((m) => m.to === '+447700900123');
      expect(moreSms).toEqual([]);
      expect(sms!.body).toMatch(/^Reminder: your appointment at Bright Smile Dental is on Tuesday, November 23, 2027 at 10:30\. Services: Cleaning\./);
      expect(sms!.body).toMatch(/https:\/\/cita\.test\/cancel-appointments\?token=/);
      const [wa] = whatsapp.messages.filter((m) => m.payload.to === '447700900123');
      expect(wa!.payload.template.language.code).toBe('en_US');
      expect(wa!.payload.template.components[0]!.parameters[0]!.text).toBe('Bright Smile Dental');
    });

    it("retries a provider's 5xx and an unreachable provider, and records a 4xx as failed at once with the provider's message", async () => {
      const b = await business('phone-fail', { locale: 'es-ES', name: 'Barbería Leo', timeZone: 'Europe/Madrid', service: 'Corte' });
      const appointment = await book(b, { name: 'Mario', phoneCountryCode: '+34', phoneNumber: '622000111' }, [
        { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 1440 },
        { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 120 },
      ]);
      const worker = workerFor(true);
      await makeDue(b, appointment);
      // Twilio is down (500); WhatsApp refuses the template (400: the request itself is wrong).
      twilio.failNext(500, { code: 20500, message: 'Internal Server Error', status: 500 });
      whatsapp.failNext(400, { error: { message: '(#132001) Template name does not exist in the translation', type: 'OAuthException', code: 132001 } });
      await drain(worker);
      let rows = await reminderRows(b, appointment);
      expect(rows[0]).toMatchObject({ channel: 'REMINDER_CHANNEL_SMS', status: 'pending', attempts: 1 });
      expect(rows[0]!.last_error).toMatch(/twilio 500/);
      expect(rows[1]).toMatchObject({ channel: 'REMINDER_CHANNEL_WHATSAPP', status: 'failed', attempts: 1 });
      expect(rows[1]!.last_error).toMatch(/whatsapp 400.*132001.*Template name does not exist/);

      // Still down, now not even answering: retried again later.
      twilio.setReachable(false);
      await makeDue(b, appointment);
      await drain(worker);
      rows = await reminderRows(b, appointment);
      expect(rows[0]).toMatchObject({ status: 'pending', attempts: 2 });
      expect(rows[0]!.last_error).toMatch(/^twilio: /);

      // Back: the SMS goes out; the refused WhatsApp message is not sent again.
      twilio.setReachable(true);
      await makeDue(b, appointment);
      await drain(worker);
      rows = await reminderRows(b, appointment);
      expect(rows.map((r) => [r.channel, r.status])).toEqual([
        ['REMINDER_CHANNEL_SMS', 'sent'],
        ['REMINDER_CHANNEL_WHATSAPP', 'failed'],
      ]);
      expect(twilio.messages.filter((m) => m.to === '+34622000111')).toHaveLength(1);
      expect(whatsapp.messages.filter((m) => m.payload.to === '34622000111')).toEqual([]);
      expect((await reread(b, appointment)).reminders.map((r) => [r.channel, r.sent])).toEqual([
        ['REMINDER_CHANNEL_SMS', true],
        ['REMINDER_CHANNEL_WHATSAPP', false],
      ]);
    });

    it('without a provider the phone reminders are not sent: skipped as unsupported when due, and shown as not sent; without a phone, skipped at once', async () => {
      const b = await business('phone-none', { locale: 'es-ES', name: 'Estética Sol', timeZone: 'Europe/Madrid', service: 'Limpieza facial' });
      const withPhone = await book(b, { name: 'Eva', phoneCountryCode: '+34', phoneNumber: '633444555' }, [
        { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 1440 },
        { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 120 },
      ]);
      const noPhone = await book(b, { name: 'Inés' }, [{ channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 120 }], 12);
      expect((await reminderRows(b, noPhone)).map((r) => [r.status, r.last_error])).toEqual([['skipped', 'no_recipient']]);

      await makeDue(b, withPhone);
      await drain(workerFor(false));
      expect((await reminderRows(b, withPhone)).map((r) => [r.channel, r.status, r.last_error])).toEqual([
        ['REMINDER_CHANNEL_SMS', 'skipped', 'unsupported_channel'],
        ['REMINDER_CHANNEL_WHATSAPP', 'skipped', 'unsupported_channel'],
      ]);
      expect(twilio.messages.filter((m) => m.to === '+34633444555')).toEqual([]);
      expect(whatsapp.messages.filter((m) => m.payload.to === '34633444555')).toEqual([]);
      expect((await reread(b, withPhone)).reminders.map((r) => [r.channel, r.sent, r.status, r.failureReason])).toEqual([
        ['REMINDER_CHANNEL_SMS', false, 'REMINDER_STATUS_SKIPPED', 'unsupported_channel'],
        ['REMINDER_CHANNEL_WHATSAPP', false, 'REMINDER_STATUS_SKIPPED', 'unsupported_channel'],
      ]);
      expect((await reread(b, noPhone)).reminders.map((r) => [r.status, r.failureReason])).toEqual([['REMINDER_STATUS_SKIPPED', 'no_recipient']]);
    });
    it('the appointment says what became of each reminder, from its outbox row: scheduled, sending, sent, retrying, failed with the reason, cancelled; another business never sees it', async () => {
      const b = await business('remstatus', { locale: 'en-US', name: 'Salón Marta', timeZone: 'Europe/Madrid', service: 'Mechas' });
      const appointment = await book(b, { name: 'Marta', email: 'marta.remstatus@example.com', phoneCountryCode: '+34', phoneNumber: '644555666' }, [
        { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 },
        { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120 },
        { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 60 },
      ]);
      // 23 Nov 2027 10:30 in Madrid is 09:30 UTC.
      const due = ['2027-11-22T09:30:00.000Z', '2027-11-23T07:30:00.000Z', '2027-11-23T08:30:00.000Z'];
      // This server has no SMS or WhatsApp provider: those are said to be skipped (the worker will skip them when due) …
      expect(appointment.reminders.map((r) => [r.channel, r.status, r.failureReason, r.dueAt, r.sent])).toEqual([
        ['REMINDER_CHANNEL_EMAIL', 'REMINDER_STATUS_SCHEDULED', undefined, due[0], false],
        ['REMINDER_CHANNEL_SMS', 'REMINDER_STATUS_SKIPPED', 'unsupported_channel', due[1], false],
        ['REMINDER_CHANNEL_WHATSAPP', 'REMINDER_STATUS_SKIPPED', 'unsupported_channel', due[2], false],
      ]);
      // … and a server with both providers says all three are scheduled.
      const configured = await server().startWith(providerEnv);
      const owner = clientFor(configured.baseUrl, b.owner.token);
      const path = { tenantId: b.tenant.id, userId: appointment.userId, id: appointment.id };
      const read = async () => (await ok(getAppointment({ client: owner, path }))).appointment;
      expect((await read()).reminders.map((r) => r.status)).toEqual(['REMINDER_STATUS_SCHEDULED', 'REMINDER_STATUS_SCHEDULED', 'REMINDER_STATUS_SCHEDULED']);

      // Due, and a worker holds the e-mail one: it is being sent.
      await makeDue(b, appointment);
      await server().db.withSystem((tx) =>
        tx.query(
          `UPDATE outbox SET leased_until = now() + interval '60 seconds', lease_owner = 'test', attempts = attempts + 1
            WHERE tenant_id = $1 AND appointment_id = $2 AND kind = 'reminder' AND channel = 'REMINDER_CHANNEL_EMAIL'`,
          [b.tenant.id, appointment.id],
        ),
      );
      const sending = (await read()).reminders[0]!;
      expect(sending).toMatchObject({ status: 'REMINDER_STATUS_SENDING', sent: false });
      expect(sending.lastAttemptAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      await server().db.withSystem((tx) =>
        tx.query(`UPDATE outbox SET leased_until = NULL, lease_owner = NULL, attempts = 0 WHERE tenant_id = $1 AND appointment_id = $2`, [b.tenant.id, appointment.id]),
      );

      // The worker sends: the e-mail leaves (the test's file transport), Twilio refuses the number (400),
      // WhatsApp is down (503).
      twilio.failNext(400, { code: 21211, message: "The 'To' number +34644555666 is not a valid phone number.", status: 400 });
      whatsapp.failNext(503, { error: { message: 'Service temporarily unavailable', code: 2 } });
      const before = Date.now();
      await drain(workerFor(true));
      const [email, sms, wa] = (await read()).reminders;
      expect(email).toMatchObject({ channel: 'REMINDER_CHANNEL_EMAIL', status: 'REMINDER_STATUS_SENT', sent: true });
      expect(Date.parse(email!.sentAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(email!.failureReason).toBeUndefined();
      expect(sms).toMatchObject({ channel: 'REMINDER_CHANNEL_SMS', status: 'REMINDER_STATUS_FAILED', failureReason: 'provider_rejected', sent: false });
      expect(Date.parse(sms!.lastAttemptAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(sms!.sentAt).toBeUndefined();
      expect(wa).toMatchObject({ channel: 'REMINDER_CHANNEL_WHATSAPP', status: 'REMINDER_STATUS_RETRYING', failureReason: 'provider_unavailable', sent: false });
      // Retried after the backoff (30 s for the first attempt).
      expect(Date.parse(wa!.nextAttemptAt!)).toBeGreaterThan(Date.parse(wa!.lastAttemptAt!));
      // The calendar says the same (the same read, as one JSON array).
      const week = await ok(
        getAppointmentCalendar({
          client: owner,
          path: { tenantId: b.tenant.id, userId: appointment.userId },
          body: { startDate: { year: 2027, month: 11, day: 22, hours: 0, minutes: 0 }, endDate: { year: 2027, month: 11, day: 24, hours: 0, minutes: 0 } },
        }),
      );
      expect(week.appointments.find((a) => a.id === appointment.id)!.reminders.map((r) => r.status)).toEqual([
        'REMINDER_STATUS_SENT',
        'REMINDER_STATUS_FAILED',
        'REMINDER_STATUS_RETRYING',
      ]);

      // Cancelled by the business: what had not left never will.
      await ok(changeAppointmentStatus({ client: owner, path, body: { status: 'APPOINTMENT_STATUS_CANCELLED', version: (await read()).version } }));
      expect((await read()).reminders.map((r) => [r.status, r.sent])).toEqual([
        ['REMINDER_STATUS_SENT', true],
        ['REMINDER_STATUS_FAILED', false],
        ['REMINDER_STATUS_CANCELLED', false],
      ]);

      // Another business's owner: not found, through their business or through this one.
      const other = await signUpOwner(server(), 'remstatus-other');
      await problem(getAppointment({ client: other.owner.client, path: { tenantId: other.tenant.id, userId: other.owner.userId, id: appointment.id } }), 404);
      await problem(getAppointment({ client: other.owner.client, path }), 404);
    });
  });
}
