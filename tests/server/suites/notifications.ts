// The customer's side: the outbox and its worker (reminders, confirmations, cancellation notices by
// e-mail, read from an in-process SMTP server or .eml files), and the public cancellation link.
// Appointments are written with SQL here, then appointmentsChanged is called in the same
// transaction, exactly as the appointment handlers do.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelAppointmentByToken,
  createAppointment,
  createCalendarFeed,
  createCustomer,
  createSale,
  getAppointment,
  getAppointmentCancellation,
  getCalendarFeed,
  listPaymentMethods,
  revokeCalendarFeed,
  updateAppointment,
  voidSale,
} from '../../../generated/sdk.gen.ts';
import type { Tenant } from '../../../generated/types.gen.ts';
import { appointmentsChanged } from '../../../server/appointments/events.ts';
import { lazyServerSecret, loadServerSecret, signCancelToken } from '../../../server/notifications/cancel-token.ts';
import { fileTransport, smtpTransport, type MailTransport } from '../../../server/notifications/transport.ts';
import { createOutboxWorker, type OutboxWorker } from '../../../server/notifications/worker.ts';
import { clientFor, ok, problem, raw, signUpOwner, uniqueEmail, type Actor, type TestServer } from '../harness.ts';
import { parseMail, startTestSmtp, type ReceivedMail, type TestSmtp } from '../mail.ts';

const MINUTE = 60_000;

interface Booking {
  id: string;
  email: string;
  startAt: Date;
}

interface Business {
  owner: Actor;
  tenant: Tenant;
  serviceId: string;
}

export function notificationsSuite(server: () => TestServer) {
  describe('customer notifications and self-cancellation', () => {
    let smtp: TestSmtp;
    let secret: string;
    const transports: MailTransport[] = [];

    beforeAll(async () => {
      smtp = await startTestSmtp();
      secret = await loadServerSecret(server().db, undefined);
    });
    afterAll(async () => {
      for (const transport of transports) transport.close();
      await smtp?.close();
    });

    const workerFor = (options: { owner?: string; transport?: MailTransport; leaseSeconds?: number; batchSize?: number; backoffSeconds?: number } = {}): OutboxWorker => {
      const transport = options.transport ?? smtpTransport(smtp.url);
      transports.push(transport);
      return createOutboxWorker({
        db: server().db,
        transport,
        // As server/main.ts does: the worker loads the secret itself, through its own lazy loader
        // (on PGlite a load inside the worker's transaction once deadlocked the only connection).
        render: { secret: lazyServerSecret(server().db, undefined), publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' },
        leaseSeconds: options.leaseSeconds ?? 60,
        backoffSeconds: options.backoffSeconds ?? 30,
        ...(options.owner ? { owner: options.owner } : {}),
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      });
    };

    async function business(label: string, settings: { locale?: string; timeZone?: string; name?: string } = {}): Promise<Business> {
      const { owner, tenant } = await signUpOwner(server(), label);
      const serviceId = randomUUID();
      await server().db.withTenant(tenant.id, async (tx) => {
        await tx.query(`UPDATE tenants SET locale = $2, time_zone = $3, business_name = $4 WHERE id = $1`, [
          tenant.id,
          settings.locale ?? 'en-US',
          settings.timeZone ?? 'Europe/Madrid',
          settings.name ?? tenant.businessName,
        ]);
        await tx.query(
          `INSERT INTO services (tenant_id, id, name, duration_minutes, price_amount, price_currency, tax_percentage, color)
           VALUES ($1, $2, $3, 45, 2500, 'EUR', 21, '#2f9e44')`,
          [tenant.id, serviceId, settings.locale === 'es-ES' ? 'Corte y peinado' : 'Haircut'],
        );
      });
      return { owner, tenant, serviceId };
    }

    /** Books with SQL, then tells the outbox, in one transaction (as the handlers do). */
    async function book(
      b: Business,
      options: { startInMinutes: number; reminders?: Array<{ channel: string; minutesBefore: number }>; email?: string | null; name?: string; startAt?: Date },
    ): Promise<Booking> {
      const id = randomUUID();
      const email = options.email === undefined ? uniqueEmail('customer') : options.email;
      const startAt = options.startAt ?? new Date(Math.ceil((Date.now() + options.startInMinutes * MINUTE) / 60_000) * 60_000);
      await server().db.withTenant(b.tenant.id, async (tx) => {
        await tx.query(
          `INSERT INTO appointments (tenant_id, id, user_id, customer_snapshot, start_at, end_at, start_local, end_local, status,
                                     total_amount, total_currency, reminders)
           SELECT $1, $2, $3, $4::jsonb, $5::timestamptz, $5::timestamptz + interval '45 minutes',
                  $5::timestamptz AT TIME ZONE t.time_zone, ($5::timestamptz + interval '45 minutes') AT TIME ZONE t.time_zone,
                  'APPOINTMENT_STATUS_CONFIRMED', 2500, 'EUR', $6::jsonb
             FROM tenants t WHERE t.id = $1`,
          [
            b.tenant.id,
            id,
            b.owner.userId,
            JSON.stringify({ id: randomUUID(), name: options.name ?? 'Lucía Pérez', ...(email ? { email } : {}) }),
            startAt,
            JSON.stringify(options.reminders ?? []),
          ],
        );
        await tx.query(
          `INSERT INTO appointment_services (tenant_id, appointment_id, position, service_id, name, duration_minutes, price_amount, price_currency)
           SELECT $1, $2, 1, id, name, duration_minutes, price_amount, price_currency FROM services WHERE tenant_id = $1 AND id = $3`,
          [b.tenant.id, id, b.serviceId],
        );
        await appointmentsChanged(tx, b.tenant.id, [id]);
      });
      return { id, email: email ?? '', startAt };
    }

    /** Changes the appointment with SQL, then tells the outbox. */
    async function change(b: Business, booking: Booking, sql: string, params: unknown[] = []) {
      await server().db.withTenant(b.tenant.id, async (tx) => {
        await tx.query(sql, [b.tenant.id, booking.id, ...params]);
        await appointmentsChanged(tx, b.tenant.id, [booking.id]);
      });
    }

    const outboxOf = (b: Business, booking: Booking) =>
      server()
        .db.withSystem((tx) =>
          tx.query<{ dedupe_key: string; kind: string; channel: string; status: string; due_at: Date; attempts: number; last_error: string | null; sent_at: Date | null }>(
            `SELECT dedupe_key, kind, channel, status, due_at, attempts, last_error, sent_at FROM outbox
              WHERE tenant_id = $1 AND appointment_id = $2 ORDER BY created_at, dedupe_key`,
            [b.tenant.id, booking.id],
          ),
        )
        .then((r) => r.rows);

    /** Time passes: the pending messages of this appointment are due now. */
    const makeDue = (b: Business, booking: Booking) =>
      server().db.withSystem((tx) =>
        tx.query(`UPDATE outbox SET next_attempt_at = now() WHERE tenant_id = $1 AND appointment_id = $2 AND status = 'pending'`, [b.tenant.id, booking.id]),
      );
    /** A lease ran out (the worker that held it crashed long enough ago). */
    const expireLeases = (b: Business, booking: Booking) =>
      server().db.withSystem((tx) =>
        tx.query(`UPDATE outbox SET leased_until = now() - interval '1 second' WHERE tenant_id = $1 AND appointment_id = $2 AND leased_until IS NOT NULL`, [
          b.tenant.id,
          booking.id,
        ]),
      );

    const mailsTo = (email: string): ReceivedMail[] => smtp.received.filter((m) => m.envelopeTo.includes(email));
    const drain = async (worker: OutboxWorker) => {
      for (let i = 0; i < 20; i++) {
        const r = await worker.runOnce();
        if (r.sent + r.failed + r.dropped === 0) return;
      }
    };
    /** The appointment's reminders as the owner reads them (GET: their state comes from the outbox). */
    const reminderState = async (b: Business, booking: Booking) =>
      (await ok(getAppointment({ client: b.owner.client, path: { tenantId: b.tenant.id, userId: b.owner.userId, id: booking.id } }))).appointment.reminders;
    const tokenFor = (b: Business, booking: Booking, startAt = booking.startAt) =>
      signCancelToken(secret, { tenantId: b.tenant.id, appointmentId: booking.id, startAt, linkVersion: 1 });
    const anonymous = () => clientFor(server().baseUrl);

    describe('outbox and e-mail', () => {
      // The suites before this one share the database and leave e-mails due: send them first, so that
      // one batch of these tests (20 rows) holds what they look for.
      beforeAll(async () => {
        const worker = workerFor();
        for (let pass = 0; pass < 100; pass += 1) {
          const result = await worker.runOnce();
          if (result.sent + result.failed + result.dropped === 0) break;
        }
      }, 120_000);

      it('a booking sends one confirmation e-mail in the business language, with its time zone, the cancellation link and an .ics', async () => {
        const b = await business('mail-es', { locale: 'es-ES', timeZone: 'Europe/Madrid', name: 'Peluquería Ana' });
        // 23 Nov 2026 09:30 UTC is 10:30 in Madrid.
        const booking = await book(b, { startInMinutes: 0, startAt: new Date('2027-11-23T09:30:00Z') });
        expect((await outboxOf(b, booking)).map((r) => [r.kind, r.status])).toEqual([['confirmation', 'pending']]);

        const result = await workerFor().runOnce();
        expect(result.sent).toBeGreaterThanOrEqual(1);
        const [mail, ...more] = mailsTo(booking.email);
        expect(more).toEqual([]);
        expect(mail!.messageId).toBe(`<confirmation.${booking.id}.0@cita.test>`);
        expect(mail!.subject).toBe('Tu cita en Peluquería Ana: martes, 23 de noviembre de 2027, 10:30');
        expect(mail!.text).toContain('Hola, Lucía Pérez: tu cita en Peluquería Ana está reservada.');
        expect(mail!.text).toContain('Servicios: Corte y peinado');
        const link = /https:\/\/cita\.test\/es-ES\/cancel-appointments\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
        expect(link, mail!.text).not.toBeNull();
        expect(mail!.html).toContain('Cancelar la cita');
        expect(mail!.ics).toContain('METHOD:REQUEST');
        expect(mail!.ics).toContain(`UID:${booking.id}@cita`);
        expect(mail!.ics).toContain('SEQUENCE:0');
        expect(mail!.ics).toContain('DTSTART:20271123T093000Z');
        expect(mail!.headers.get('content-language')).toBe('es-ES');

        // The link in the e-mail opens the appointment on the public page.
        const { appointment } = await ok(getAppointmentCancellation({ client: anonymous(), path: { token: link![1]! } }));
        expect(appointment).toMatchObject({ businessName: 'Peluquería Ana', customerName: 'Lucía', startDate: { year: 2027, month: 11, day: 23, hours: 10, minutes: 30 }, cancellable: true });
        expect((await outboxOf(b, booking))[0]!.status).toBe('sent');
      });

      it('an English business writes in English, in its own time zone', async () => {
        const b = await business('mail-en', { locale: 'en-US', timeZone: 'America/New_York', name: 'Bright Smile Dental' });
        const booking = await book(b, { startInMinutes: 0, startAt: new Date('2027-11-23T15:00:00Z'), name: 'John' });
        await drain(workerFor());
        const [mail] = mailsTo(booking.email);
        expect(mail!.subject).toBe('Your appointment at Bright Smile Dental: Tuesday, November 23, 2027 at 10:00');
        expect(mail!.text).toContain('Hello John, your appointment at Bright Smile Dental is booked.');
        expect(mail!.text).toMatch(/https:\/\/cita\.test\/cancel-appointments\?token=/);
      });

      it('sends each e-mail reminder once at its time, marks it sent on the appointment, and skips an SMS reminder to a customer without a phone', async () => {
        const b = await business('reminders');
        const booking = await book(b, {
          startInMinutes: 3 * 24 * 60,
          reminders: [
            { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 },
            { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 },
            { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 60 },
          ],
        });
        const rows = await outboxOf(b, booking);
        const reminders = rows.filter((r) => r.kind === 'reminder');
        expect(reminders.map((r) => [r.channel, r.status, r.last_error])).toEqual(
          expect.arrayContaining([
            ['REMINDER_CHANNEL_EMAIL', 'pending', null],
            ['REMINDER_CHANNEL_EMAIL', 'pending', null],
            // The customer has no phone (SMS and WhatsApp reminders: the phone-reminders suite).
            ['REMINDER_CHANNEL_SMS', 'skipped', 'no_recipient'],
          ]),
        );
        const due24 = reminders.find((r) => r.dedupe_key.includes('.email.1440.'))!;
        expect(new Date(due24.due_at).getTime()).toBe(booking.startAt.getTime() - 1440 * MINUTE);

        const worker = workerFor();
        await drain(worker); // the confirmation only: the reminders are not due yet
        expect(mailsTo(booking.email).map((m) => m.messageId)).toEqual([`<confirmation.${booking.id}.0@cita.test>`]);

        await makeDue(b, booking);
        await drain(worker);
        await drain(worker);
        const reminderMails = mailsTo(booking.email).filter((m) => m.messageId.startsWith('<reminder.'));
        expect(reminderMails).toHaveLength(2);
        expect(reminderMails[0]!.subject).toMatch(/^Reminder: your appointment at /);
        const state = await reminderState(b, booking);
        expect(state.map((r) => [r.channel, r.minutesBefore, r.sent, r.status])).toEqual([
          ['REMINDER_CHANNEL_EMAIL', 1440, true, 'REMINDER_STATUS_SENT'],
          ['REMINDER_CHANNEL_EMAIL', 120, true, 'REMINDER_STATUS_SENT'],
          ['REMINDER_CHANNEL_SMS', 60, false, 'REMINDER_STATUS_SKIPPED'],
        ]);
        expect(state[0]!.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(state[2]!.sentAt).toBeUndefined();
      });

      it('a reminder already past when booked is not sent; a customer without e-mail gets nothing', async () => {
        const b = await business('past');
        const soon = await book(b, { startInMinutes: 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }] });
        expect((await outboxOf(b, soon)).find((r) => r.kind === 'reminder')).toMatchObject({ status: 'skipped', last_error: 'too_late' });
        const noEmail = await book(b, { startInMinutes: 600, email: null, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 120 }] });
        expect((await outboxOf(b, noEmail)).map((r) => r.status)).toEqual(['skipped', 'skipped']);
        await makeDue(b, soon);
        await drain(workerFor());
        expect(mailsTo(soon.email).map((m) => m.messageId)).toEqual([`<confirmation.${soon.id}.0@cita.test>`]);
      });

      it('a moved appointment re-schedules its reminders, sends a change confirmation (SEQUENCE 1) and revokes the old link', async () => {
        const b = await business('moved');
        const booking = await book(b, { startInMinutes: 2 * 24 * 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }] });
        const oldToken = tokenFor(b, booking);
        const worker = workerFor();
        await drain(worker);
        const newStart = new Date(booking.startAt.getTime() + 24 * 60 * MINUTE);
        await change(b, booking, `UPDATE appointments SET start_at = start_at + interval '1 day', end_at = end_at + interval '1 day',
          start_local = start_local + interval '1 day', end_local = end_local + interval '1 day' WHERE tenant_id = $1 AND id = $2`);
        const rows = await outboxOf(b, booking);
        const reminders = rows.filter((r) => r.kind === 'reminder');
        expect(reminders.map((r) => r.status).sort()).toEqual(['dropped', 'pending']);
        expect(new Date(reminders.find((r) => r.status === 'pending')!.due_at).getTime()).toBe(newStart.getTime() - 1440 * MINUTE);

        await drain(worker);
        const changed = mailsTo(booking.email).find((m) => m.messageId === `<confirmation.${booking.id}.1@cita.test>`);
        expect(changed?.subject).toMatch(/has moved/);
        expect(changed?.ics).toContain('SEQUENCE:1');

        const revoked = await problem(getAppointmentCancellation({ client: anonymous(), path: { token: oldToken } }), 404);
        expect(revoked.code).toBe('link_revoked');
        const fresh = await ok(getAppointmentCancellation({ client: anonymous(), path: { token: tokenFor(b, { ...booking, startAt: newStart }) } }));
        expect(fresh.appointment.cancellable).toBe(true);
      });

      it('a business cancellation drops the pending reminders and sends one cancellation notice (METHOD:CANCEL); a deletion sends nothing', async () => {
        const b = await business('cancelled');
        const booking = await book(b, { startInMinutes: 3 * 24 * 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }] });
        const worker = workerFor();
        await drain(worker);
        await change(b, booking, `UPDATE appointments SET status = 'APPOINTMENT_STATUS_CANCELLED', cancelled_by = 'CANCELLED_BY_BUSINESS', cancelled_at = now() WHERE tenant_id = $1 AND id = $2`);
        await change(b, booking, `UPDATE appointments SET notes = 'again' WHERE tenant_id = $1 AND id = $2`); // a second call changes nothing
        const rows = await outboxOf(b, booking);
        expect(rows.find((r) => r.kind === 'reminder')!.status).toBe('dropped');
        expect(rows.filter((r) => r.kind === 'cancellation')).toHaveLength(1);
        await makeDue(b, booking);
        await drain(worker);
        const mails = mailsTo(booking.email);
        expect(mails.map((m) => m.messageId)).toEqual([`<confirmation.${booking.id}.0@cita.test>`, `<cancellation.${booking.id}.1@cita.test>`]);
        expect(mails[1]!.ics).toContain('METHOD:CANCEL');
        expect(mails[1]!.ics).toContain('STATUS:CANCELLED');
        expect(mails[1]!.ics).toContain('SEQUENCE:1');
        expect(mails[1]!.text).not.toContain('cancel-appointments');

        const deleted = await book(b, { startInMinutes: 4 * 24 * 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }] });
        await change(b, deleted, `DELETE FROM appointments WHERE tenant_id = $1 AND id = $2`);
        expect((await outboxOf(b, deleted)).map((r) => r.status)).toEqual(['dropped', 'dropped']);
        await drain(worker);
        expect(mailsTo(deleted.email)).toEqual([]);
      });

      it('exactly one e-mail per reminder when a worker dies after leasing it, before sending', async () => {
        const b = await business('crash-before-send');
        const booking = await book(b, { startInMinutes: 3 * 24 * 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }] });
        await drain(workerFor()); // the confirmation
        await makeDue(b, booking);
        const dying = workerFor({ owner: 'dying' });
        const leased = (await dying.lease()).filter((row) => row.appointment_id === booking.id);
        expect(leased).toHaveLength(1);
        // The process dies here. A restarted worker does not take the row while the lease holds...
        const restarted = workerFor({ owner: 'restarted' });
        await drain(restarted);
        expect(mailsTo(booking.email).filter((m) => m.messageId.startsWith('<reminder.'))).toHaveLength(0);
        // ...and sends it once the lease has run out.
        await expireLeases(b, booking);
        await drain(restarted);
        await drain(restarted);
        expect(mailsTo(booking.email).filter((m) => m.messageId.startsWith('<reminder.'))).toHaveLength(1);
        expect((await outboxOf(b, booking)).find((r) => r.kind === 'reminder')).toMatchObject({ status: 'sent', attempts: 2 });
      });

      it('a crash between "sent" and "marked sent" re-sends the same message (same Message-ID; as a file, the same file)', async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'cita-outbox-'));
        try {
          const b = await business('crash-after-send');
          const booking = await book(b, { startInMinutes: 3 * 24 * 60 });
          const files = fileTransport(dir);
          const dying = workerFor({ owner: 'dying', transport: files });
          const leased = (await dying.lease(1000)).filter((row) => row.appointment_id === booking.id);
          expect(await dying.deliver(leased[0]!)).toBe('sent');
          // Dies before markSent. After the lease, another worker sends it again.
          await expireLeases(b, booking);
          await drain(workerFor({ owner: 'restarted', transport: files }));
          const written = readdirSync(dir).filter((f) => f.includes(booking.id));
          expect(written).toEqual([`confirmation.${booking.id}.0.eml`]);
          const mail = parseMail(readFileSync(path.join(dir, written[0]!), 'utf8'));
          expect(mail.messageId).toBe(`<confirmation.${booking.id}.0@cita.test>`);
          expect(mail.ics).toContain('METHOD:REQUEST');
          expect((await outboxOf(b, booking))[0]).toMatchObject({ status: 'sent', attempts: 2 });
          // Over SMTP the same crash delivers the same Message-ID twice, which mail clients show once.
          const viaSmtp = await book(b, { startInMinutes: 4 * 24 * 60 });
          const dyingSmtp = workerFor({ owner: 'dying-smtp' });
          const row = (await dyingSmtp.lease(1000)).find((r) => r.appointment_id === viaSmtp.id)!;
          await dyingSmtp.deliver(row);
          await expireLeases(b, viaSmtp);
          await drain(workerFor());
          expect(new Set(mailsTo(viaSmtp.email).map((m) => m.messageId))).toEqual(new Set([`<confirmation.${viaSmtp.id}.0@cita.test>`]));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });

      it('retries a refused e-mail with exponential backoff, then sends it', async () => {
        const b = await business('retry');
        const booking = await book(b, { startInMinutes: 3 * 24 * 60 });
        const worker = workerFor({ backoffSeconds: 30 });
        await drain(workerFor()); // other tests' due rows first, so that the next failure is ours
        const again = await book(b, { startInMinutes: 4 * 24 * 60 });
        smtp.failNext(1);
        const before = Date.now();
        expect((await worker.runOnce()).failed).toBe(1);
        const [row] = await server().db.withSystem((tx) =>
          tx.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
            `SELECT status, attempts, next_attempt_at, last_error FROM outbox WHERE tenant_id = $1 AND appointment_id = $2`,
            [b.tenant.id, again.id],
          ),
        ).then((r) => r.rows);
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row!.last_error).toMatch(/451|Try again/);
        expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThanOrEqual(before + 25_000);
        expect(mailsTo(again.email)).toEqual([]);
        await makeDue(b, again);
        await drain(worker);
        expect(mailsTo(again.email)).toHaveLength(1);
        expect(mailsTo(booking.email)).toHaveLength(1);
      });

      it('two workers on one database never send one message twice', async () => {
        const b = await business('two-workers');
        const bookings: Booking[] = [];
        for (let i = 0; i < 12; i++) bookings.push(await book(b, { startInMinutes: 3 * 24 * 60 + i * 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 60 }] }));
        await server().db.withSystem((tx) => tx.query(`UPDATE outbox SET next_attempt_at = now() WHERE tenant_id = $1 AND status = 'pending'`, [b.tenant.id]));
        const one = workerFor({ owner: 'one', batchSize: 3 });
        const two = workerFor({ owner: 'two', batchSize: 3 });
        await Promise.all([drain(one), drain(two), drain(one), drain(two)]);
        const ours = smtp.received.filter((m) => bookings.some((bk) => m.envelopeTo.includes(bk.email)));
        expect(ours).toHaveLength(24); // a confirmation and a reminder each
        expect(new Set(ours.map((m) => m.messageId)).size).toBe(24);
        const { rows } = await server().db.withSystem((tx) =>
          tx.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM outbox WHERE tenant_id = $1 GROUP BY status`, [b.tenant.id]),
        );
        expect(rows).toEqual([{ status: 'sent', n: 24 }]);
      });

      it('the worker starts and stops cleanly, sending what is due meanwhile', async () => {
        const b = await business('start-stop');
        const booking = await book(b, { startInMinutes: 3 * 24 * 60 });
        const worker = workerFor();
        worker.start();
        const deadline = Date.now() + 10_000;
        while (mailsTo(booking.email).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        await worker.stop();
        expect(mailsTo(booking.email)).toHaveLength(1);
      });
    });

    describe('self-cancellation through the link', () => {
      it('shows the appointment without contact data, cancels it with a reason, frees the slot and tells the business who and why', async () => {
        const b = await business('self-cancel', { locale: 'es-ES', name: 'Peluquería Ana' });
        const booking = await book(b, { startInMinutes: 2 * 24 * 60, reminders: [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }] });
        const token = tokenFor(b, booking);
        const shown = await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }));
        expect(shown.appointment).toMatchObject({
          businessName: 'Peluquería Ana',
          customerName: 'Lucía',
          serviceNames: ['Corte y peinado'],
          timeZone: 'Europe/Madrid',
          status: 'APPOINTMENT_STATUS_CONFIRMED',
          cancellable: true,
        });
        expect(JSON.stringify(shown)).not.toContain(booking.email);
        expect(JSON.stringify(shown)).not.toContain('Pérez');

        const cancelled = await ok(cancelAppointmentByToken({ client: anonymous(), path: { token }, body: { reason: '  Me ha surgido un viaje.  ' } }));
        expect(cancelled.appointment).toMatchObject({ status: 'APPOINTMENT_STATUS_CANCELLED', cancellable: false });
        const { rows } = await server().db.withTenant(b.tenant.id, (tx) =>
          tx.query<{ status: string; cancelled_by: string; cancellation_reason: string; cancelled_at: Date | null }>(
            `SELECT status, cancelled_by, cancellation_reason, cancelled_at FROM appointments WHERE tenant_id = $1 AND id = $2`,
            [b.tenant.id, booking.id],
          ),
        );
        expect(rows[0]).toMatchObject({ status: 'APPOINTMENT_STATUS_CANCELLED', cancelled_by: 'CANCELLED_BY_CUSTOMER', cancellation_reason: 'Me ha surgido un viaje.' });
        expect(rows[0]!.cancelled_at).not.toBeNull();
        // The slot is free: another appointment at the same time for the same member is accepted.
        await book(b, { startInMinutes: 0, startAt: booking.startAt });
        // The reminder is dropped and the customer gets the cancellation notice.
        const outbox = await outboxOf(b, booking);
        expect(outbox.find((r) => r.kind === 'reminder')!.status).toBe('dropped');
        expect(outbox.filter((r) => r.kind === 'cancellation')).toHaveLength(1);

        // Reused: the page says it is cancelled; cancelling again is a 409.
        const again = await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }));
        expect(again.appointment).toMatchObject({ status: 'APPOINTMENT_STATUS_CANCELLED', cancellable: false });
        expect((await problem(cancelAppointmentByToken({ client: anonymous(), path: { token }, body: {} }), 409)).code).toBe('already_cancelled');
      });

      it('refuses within the business cutoff (default 2 h) and after the start, and follows a shorter cutoff', async () => {
        const b = await business('cutoff');
        const soon = await book(b, { startInMinutes: 90 });
        const token = tokenFor(b, soon);
        expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }))).appointment.cancellable).toBe(false);
        const refused = await problem(cancelAppointmentByToken({ client: anonymous(), path: { token }, body: {} }), 409);
        expect(refused.code).toBe('cancellation_cutoff');
        expect(JSON.stringify(refused)).not.toMatch(/stack|at \w+ \(/);

        await server().db.withSystem((tx) => tx.query(`UPDATE tenants SET cancellation_cutoff_minutes = 60 WHERE id = $1`, [b.tenant.id]));
        await ok(cancelAppointmentByToken({ client: anonymous(), path: { token }, body: {} }));

        const started = await book(b, { startInMinutes: -10 });
        const expired = await problem(cancelAppointmentByToken({ client: anonymous(), path: { token: tokenFor(b, started) }, body: {} }), 409);
        expect(expired.code).toBe('appointment_started');
        const done = await book(b, { startInMinutes: 3 * 24 * 60 });
        await change(b, done, `UPDATE appointments SET status = 'APPOINTMENT_STATUS_DONE' WHERE tenant_id = $1 AND id = $2`);
        expect((await problem(cancelAppointmentByToken({ client: anonymous(), path: { token: tokenFor(b, done) }, body: {} }), 409)).code).toBe('not_cancellable');
      });

      it('a charged appointment says up front that it cannot be cancelled online, with the business phone and nothing about money (issue 17)', async () => {
        const b = await business('paid-ahead', { locale: 'es-ES', name: 'Peluquería Ana' });
        await server().db.withTenant(b.tenant.id, (tx) => tx.query(`UPDATE tenants SET phone_country_code = '+34', phone_number = '612345678' WHERE id = $1`, [b.tenant.id]));
        const paid = await book(b, { startInMinutes: 2 * 24 * 60 });
        const charged = await book(b, { startInMinutes: 3 * 24 * 60 });
        const read = async (booking: Booking) => (await ok(getAppointmentCancellation({ client: anonymous(), path: { token: tokenFor(b, booking) } }))).appointment;

        // Before any sale: cancellable, no refusal, and the business's phone.
        const before = await read(paid);
        expect(before).toMatchObject({ cancellable: true, businessPhoneCountryCode: '+34', businessPhoneNumber: '612345678' });
        expect(before).not.toHaveProperty('cancelRefusal');

        const cash = (await ok(listPaymentMethods({ client: b.owner.client, path: { tenantId: b.tenant.id } }))).items.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
        const eur = (amount: number) => ({ amount, currency: 'EUR' });
        const saleOf = (booking: Booking, payments: Array<{ paymentMethodId: string; amount: { amount: number; currency: string } }>) =>
          ok(
            createSale({
              client: b.owner.client,
              path: { tenantId: b.tenant.id, id: randomUUID() },
              body: {
                sale: {
                  operationType: 'OPERATION_TYPE_APPOINTMENT_SALE',
                  appointmentId: booking.id,
                  lines: [{ kind: 'SALE_LINE_KIND_SERVICE', itemId: b.serviceId, name: 'Corte y peinado', quantity: 1, unitPrice: eur(2500), taxPercentage: 21 }],
                  payments,
                },
              },
            }),
            201,
          );
        await saleOf(paid, [{ paymentMethodId: cash.id, amount: eur(2500) }]);

        // The page's read tells it before any click: not cancellable online, contact the business.
        const shown = await read(paid);
        expect(shown).toMatchObject({
          status: 'APPOINTMENT_STATUS_CONFIRMED',
          cancellable: false,
          cancelRefusal: 'not_cancellable',
          businessPhoneCountryCode: '+34',
          businessPhoneNumber: '612345678',
        });
        // Nothing about the sale reaches the public: no amount, no payment, no sale.
        expect(JSON.stringify(shown)).not.toMatch(/2500|25[.,]00|paid|pagad|sale|venta|cash|efectivo/i);
        // The cancel answers the same refusal, with no word about money either.
        const refused = await problem(cancelAppointmentByToken({ client: anonymous(), path: { token: tokenFor(b, paid) }, body: {} }), 409);
        expect(refused.code).toBe('not_cancellable');
        expect(JSON.stringify(refused)).not.toMatch(/2500|25[.,]00|paid|sale/i);
        expect((await read(paid)).status).toBe('APPOINTMENT_STATUS_CONFIRMED');

        // Charged with nothing collected, then the sale voided: cancellable online again.
        const { sale } = await saleOf(charged, []);
        expect(await read(charged)).toMatchObject({ cancellable: false, cancelRefusal: 'not_cancellable' });
        await ok(voidSale({ client: b.owner.client, path: { tenantId: b.tenant.id, id: sale.id }, body: { version: sale.version } }));
        const freed = await read(charged);
        expect(freed.cancellable).toBe(true);
        expect(freed).not.toHaveProperty('cancelRefusal');

        // A business with no phone: none is given.
        await server().db.withTenant(b.tenant.id, (tx) => tx.query(`UPDATE tenants SET phone_country_code = NULL, phone_number = NULL WHERE id = $1`, [b.tenant.id]));
        const noPhone = await read(paid);
        expect(noPhone).not.toHaveProperty('businessPhoneNumber');
        expect(noPhone).not.toHaveProperty('businessPhoneCountryCode');
      });

      it('names the refusal of every other appointment that cannot be cancelled online', async () => {
        const b = await business('refusals');
        const read = async (booking: Booking) => (await ok(getAppointmentCancellation({ client: anonymous(), path: { token: tokenFor(b, booking) } }))).appointment;
        expect(await read(await book(b, { startInMinutes: 90 }))).toMatchObject({ cancellable: false, cancelRefusal: 'cancellation_cutoff' });
        expect(await read(await book(b, { startInMinutes: -10 }))).toMatchObject({ cancellable: false, cancelRefusal: 'appointment_started' });
        const done = await book(b, { startInMinutes: 3 * 24 * 60 });
        await change(b, done, `UPDATE appointments SET status = 'APPOINTMENT_STATUS_DONE' WHERE tenant_id = $1 AND id = $2`);
        expect(await read(done)).toMatchObject({ cancellable: false, cancelRefusal: 'not_cancellable' });
        const cancelled = await book(b, { startInMinutes: 3 * 24 * 60 + 60 });
        await ok(cancelAppointmentByToken({ client: anonymous(), path: { token: tokenFor(b, cancelled) }, body: {} }));
        expect(await read(cancelled)).toMatchObject({ status: 'APPOINTMENT_STATUS_CANCELLED', cancellable: false, cancelRefusal: 'already_cancelled' });
      });

      it('tampered, forged and malformed tokens get 404 invalid_link; a link of an appointment the business cancelled is revoked', async () => {
        const b = await business('tamper');
        const booking = await book(b, { startInMinutes: 2 * 24 * 60 });
        const token = tokenFor(b, booking);
        const tampered = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
        for (const bad of [tampered, signCancelToken('another-secret-of-sufficient-length-000', { tenantId: b.tenant.id, appointmentId: booking.id, startAt: booking.startAt, linkVersion: 1 }), 'A'.repeat(74)]) {
          const refused = await problem(getAppointmentCancellation({ client: anonymous(), path: { token: bad } }), 404);
          expect(refused.code).toBe('invalid_link');
          expect((await problem(cancelAppointmentByToken({ client: anonymous(), path: { token: bad }, body: {} }), 404)).code).toBe('invalid_link');
        }
        await problem(raw(server().baseUrl, 'GET', '/v1/public/appointment-cancellations/short'), 400);
        await problem(raw(server().baseUrl, 'GET', `/v1/public/appointment-cancellations/${token.slice(0, 30)}%2F..%2F`), 400);
        // Still cancellable after all that.
        expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token } }))).appointment.cancellable).toBe(true);

        await change(b, booking, `UPDATE appointments SET status = 'APPOINTMENT_STATUS_CANCELLED', cancelled_by = 'CANCELLED_BY_BUSINESS' WHERE tenant_id = $1 AND id = $2`);
        expect((await problem(getAppointmentCancellation({ client: anonymous(), path: { token } }), 404)).code).toBe('link_revoked');
      });

      it('a token signed for another business cannot reach this one, and a deleted appointment’s link is revoked', async () => {
        const a = await business('cross-a');
        const other = await business('cross-b');
        const booking = await book(a, { startInMinutes: 2 * 24 * 60 });
        // Validly signed, but naming the other business: the appointment is not there.
        const crossed = signCancelToken(secret, { tenantId: other.tenant.id, appointmentId: booking.id, startAt: booking.startAt, linkVersion: 1 });
        const refused = await problem(cancelAppointmentByToken({ client: anonymous(), path: { token: crossed }, body: {} }), 404);
        expect(JSON.stringify(refused)).not.toContain(a.tenant.businessName);
        expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token: tokenFor(a, booking) } }))).appointment.status).toBe(
          'APPOINTMENT_STATUS_CONFIRMED',
        );
        await change(a, booking, `DELETE FROM appointments WHERE tenant_id = $1 AND id = $2`);
        expect((await problem(getAppointmentCancellation({ client: anonymous(), path: { token: tokenFor(a, booking) } }), 404)).code).toBe('link_revoked');
      });

      it('a link is bound to the customer: given to another customer, the first one’s link is dead, and giving it back does not revive it', async () => {
        const b = await business('reassigned', { name: 'Peluquería Ana' });
        const path = { tenantId: b.tenant.id };
        const customer = async (name: string) =>
          (await ok(createCustomer({ client: b.owner.client, path, body: { customer: { name, email: uniqueEmail(name.toLowerCase()) } } }), 201)).customer;
        const ana = await customer('Ana');
        const bea = await customer('Bea');
        const when = { startDate: { year: 2027, month: 11, day: 23, hours: 10, minutes: 30 }, endDate: { year: 2027, month: 11, day: 23, hours: 11, minutes: 15 } };
        const input = (customerId: string) => ({ customerId, services: [{ id: b.serviceId }], ...when, allowOutsideHours: true });
        const worker = workerFor();
        const linkIn = (mail: ReceivedMail | undefined) => /cancel-appointments\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
        const lastLinkTo = (email: string) => linkIn(mailsTo(email).at(-1));

        let { appointment } = await ok(createAppointment({ client: b.owner.client, path: { ...path, userId: b.owner.userId }, body: { appointment: input(ana.id) } }), 201);
        const calendar = { ...path, userId: b.owner.userId, id: appointment.id };
        await drain(worker);
        const anaLink = lastLinkTo(ana.email!);
        expect(anaLink).toBeDefined();
        expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token: anaLink! } }))).appointment.customerName).toBe('Ana');

        // The owner gives the appointment to Bea at the same time: Ana's link is as good as no link.
        ({ appointment } = await ok(updateAppointment({ client: b.owner.client, path: calendar, body: { appointment: { ...input(bea.id), version: appointment.version } } })));
        expect((await problem(getAppointmentCancellation({ client: anonymous(), path: { token: anaLink! } }), 404)).code).toBe('invalid_link');
        expect((await problem(cancelAppointmentByToken({ client: anonymous(), path: { token: anaLink! }, body: {} }), 404)).code).toBe('invalid_link');
        // Nothing was sent to Bea yet, so the appointment has no link out.
        expect(appointment.cancellation.linkStatus).toBe('CANCELLATION_LINK_STATUS_NONE');

        // Bea gets a confirmation of her own (not "has moved"), whose link works.
        await drain(worker);
        const beaMail = mailsTo(bea.email!).at(-1);
        expect(beaMail?.subject).toMatch(/^Your appointment at Peluquería Ana: /);
        expect(beaMail?.text).toContain('Hello Bea,');
        const beaLink = linkIn(beaMail);
        expect(beaLink).toBeDefined();
        expect((await ok(getAppointmentCancellation({ client: anonymous(), path: { token: beaLink! } }))).appointment).toMatchObject({ customerName: 'Bea', cancellable: true });

        // Given back to Ana: her old link stays dead (and Bea's dies); the link in her new e-mail works.
        await ok(updateAppointment({ client: b.owner.client, path: calendar, body: { appointment: { ...input(ana.id), version: appointment.version } } }));
        for (const token of [anaLink!, beaLink!]) {
          expect((await problem(getAppointmentCancellation({ client: anonymous(), path: { token } }), 404)).code).toBe('invalid_link');
          expect((await problem(cancelAppointmentByToken({ client: anonymous(), path: { token }, body: {} }), 404)).code).toBe('invalid_link');
        }
        await drain(worker);
        const anaNewLink = lastLinkTo(ana.email!);
        expect(anaNewLink).toBeDefined();
        expect(anaNewLink).not.toBe(anaLink);
        const cancelled = await ok(cancelAppointmentByToken({ client: anonymous(), path: { token: anaNewLink! }, body: {} }));
        expect(cancelled.appointment).toMatchObject({ customerName: 'Ana', status: 'APPOINTMENT_STATUS_CANCELLED' });
      });

      it('rate-limits the public operations per client address', async () => {
        const limited = await server().startRateLimited(10000, { PUBLIC_RATE_LIMIT: '3' });
        const path = `/v1/public/appointment-cancellations/${'A'.repeat(74)}`;
        for (let i = 0; i < 3; i++) await problem(raw(limited.baseUrl, 'GET', path), 404);
        const tooMany = await problem(raw(limited.baseUrl, 'GET', path), 429);
        expect(tooMany.status).toBe(429);
      });
    });

    describe('calendar feed', () => {
      const fetchFeed = (url: string) => fetch(`${server().baseUrl}${new URL(url).pathname}`);

      it('a member subscribes to their own appointments at a secret address, replaces it and revokes it', async () => {
        const b = await business('feed', { name: 'Peluquería Ana', locale: 'es-ES' });
        const booking = await book(b, { startInMinutes: 2 * 24 * 60, name: 'Lucía Pérez' });
        const cancelled = await book(b, { startInMinutes: 3 * 24 * 60, name: 'Marta' });
        await change(b, cancelled, `UPDATE appointments SET status = 'APPOINTMENT_STATUS_CANCELLED' WHERE tenant_id = $1 AND id = $2`);
        const path = { tenantId: b.tenant.id };
        expect((await ok(getCalendarFeed({ client: b.owner.client, path }))).feed).toEqual({ active: false });

        const { feed } = await ok(createCalendarFeed({ client: b.owner.client, path }));
        expect(feed).toMatchObject({ active: true, url: expect.stringMatching(/^https:\/\/cita\.test\/v1\/public\/calendar-feeds\/[A-Za-z0-9_-]+$/) });
        expect((await ok(getCalendarFeed({ client: b.owner.client, path }))).feed.url).toBe(feed.url);

        const response = await fetchFeed(feed.url!);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
        const ics = await response.text();
        expect(ics).toContain('METHOD:PUBLISH');
        expect(ics).toContain('X-WR-CALNAME:Cita · Peluquería Ana');
        expect(ics).toContain(`UID:${booking.id}@cita`);
        expect(ics).toContain('SUMMARY:Lucía Pérez · Corte y peinado');
        expect(ics).not.toContain(cancelled.id);

        // Another business's owner has no way in; a tampered address is refused.
        const other = await business('feed-other');
        await problem(getCalendarFeed({ client: other.owner.client, path }), 404);
        const token = new URL(feed.url!).pathname.split('/').pop()!;
        const tampered = token.slice(0, 40) + (token[40] === 'A' ? 'B' : 'A') + token.slice(41);
        expect((await fetch(`${server().baseUrl}/v1/public/calendar-feeds/${tampered}`)).status).toBe(404);

        // Replaced: the old address stops working.
        const replaced = await ok(createCalendarFeed({ client: b.owner.client, path }));
        expect(replaced.feed.url).not.toBe(feed.url);
        expect((await fetchFeed(feed.url!)).status).toBe(404);
        expect((await fetchFeed(replaced.feed.url!)).status).toBe(200);

        await ok(revokeCalendarFeed({ client: b.owner.client, path }), 204);
        expect((await fetchFeed(replaced.feed.url!)).status).toBe(404);
        expect((await ok(getCalendarFeed({ client: b.owner.client, path }))).feed).toEqual({ active: false });
      });
    });

    it('the .eml default: without SMTP_URL a newcomer finds the e-mails under DATA_DIR/outbox', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'cita-outbox-'));
      try {
        const b = await business('files');
        const booking = await book(b, { startInMinutes: 3 * 24 * 60 });
        await drain(workerFor({ transport: fileTransport(dir) }));
        const file = path.join(dir, `confirmation.${booking.id}.0.eml`);
        expect(existsSync(file)).toBe(true);
        expect(parseMail(readFileSync(file, 'utf8')).to).toBe(booking.email);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
