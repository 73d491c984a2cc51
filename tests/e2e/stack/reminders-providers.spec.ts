import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { providerEnv, startFakeTwilio, startFakeWhatsApp, type FakeTwilio, type FakeWhatsApp } from '../../server/fake-phone';
import { createServiceThroughApi, newEmail, onboard, ownerSession, register, STACK_EMULATOR, type ApiAppointment } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// Issue 18, "reminders where customers read them", with the providers configured: a Spanish salon's
// owner creates, in the browser, an English-speaking customer with a UK mobile and a Spanish-speaking
// one with a Spanish mobile, and books each an appointment with a reminder by SMS and by WhatsApp,
// due within minutes. The outbox worker sends them when due, to fake Twilio and WhatsApp Cloud API
// servers this spec starts (tests/server/fake-phone.ts, as the server suite phone-reminders does).
//
// The shared stack has no provider (reminders.spec.ts depends on it), so this spec runs a Cita of its
// own (scripts/start.mjs, as `npm start`): its own port and PGlite database, the stack's Auth emulator,
// TWILIO_* / WHATSAPP_* pointing at the fakes, and the outbox worker looking every second
// (OUTBOX_POLL_MS) instead of every five. Nothing is sped up: the reminders leave when due.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// The stack's port plus 50 (playwright.config.ts's ports are 4010, 4173, 8180, 9299 and 9399 plus the
// offset: none of them is 8230 plus an offset). The fakes listen on ports the system chooses.
const PORT = 8180 + Number(process.env.CITA_E2E_PORT_OFFSET || 0) + 50;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const BUSINESS = 'Peluquería Lucía';
const TIME_ZONE = 'Europe/Madrid';
const TEMPLATE = 'cita_reminder';
const MINUTE = 60_000;

test.use({ baseURL: BASE_URL, locale: 'es-ES', timezoneId: TIME_ZONE });
test.describe.configure({ mode: 'serial' });

let twilio: FakeTwilio;
let whatsapp: FakeWhatsApp;
let cita: ChildProcess | undefined;
let citaOutput = '';
let dataDir: string;

/** Starts Cita as `npm start` does, with both providers pointing at the fakes; resolves once it is running. */
async function startCita() {
  dataDir = mkdtempSync(join(tmpdir(), 'cita-e2e-providers-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: STACK_EMULATOR,
    IDENTITY_RATE_LIMIT: '1000',
    OUTBOX_POLL_MS: '1000',
    ...providerEnv(twilio, whatsapp, TEMPLATE),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  cita = child;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Cita did not start within 180 s:\n${citaOutput}`)), 180_000);
    const read = (chunk: Buffer) => {
      citaOutput = (citaOutput + chunk.toString('utf8')).slice(-20_000);
      if (citaOutput.includes('Cita is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Cita exited (${code}) before it was running:\n${citaOutput}`));
    });
  });
}

/** Ctrl-C as a person would (start.mjs stops the API server's process group); a second signal stops everything at once. */
async function stopCita() {
  const child = cita;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
  await exited;
  clearTimeout(timer);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  twilio = await startFakeTwilio();
  whatsapp = await startFakeWhatsApp();
  await startCita();
});

test.afterAll(async () => {
  await stopCita();
  await twilio?.close();
  await whatsapp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The wall clock of `instant` in the business's time zone. */
function wallClock(instant: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const [year, month, day, hours, minutes] = [parts.year, parts.month, parts.day, parts.hour, parts.minute].map(Number) as [number, number, number, number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    year,
    month,
    day,
    hours,
    minutes,
    /** 0 Sunday … 6 Saturday. */
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: `${pad(hours)}:${pad(minutes)}`,
  };
}

// The date and time of a reminder, written by hand in each language (the server's `when`).
const EN_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ES_DAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const ES_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Thursday, November 26, 2026 at 10:05" (times are written one way, HH:mm). */
function englishWhen(instant: number): RegExp {
  const w = wallClock(instant);
  return new RegExp(`${EN_DAYS[w.weekday]}, ${EN_MONTHS[w.month - 1]} ${w.day}, ${w.year} at ${w.time}`);
}
/** "jueves, 26 de noviembre de 2026, 10:20". */
function spanishWhen(instant: number): string {
  const w = wallClock(instant);
  return `${ES_DAYS[w.weekday]}, ${w.day} de ${ES_MONTHS[w.month - 1]} de ${w.year}, ${w.time}`;
}

/** A customer through the customer form (Spanish screens), with a phone and the language of their messages. */
async function createCustomer(page: Page, customer: { name: string; country?: { search: string; option: RegExp }; phone: string; language: string }) {
  await page.goto('/es-ES/customers/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo cliente' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(customer.name);
  if (customer.country) {
    const country = page.getByRole('combobox', { name: 'Prefijo del país' });
    await country.click();
    await country.fill(customer.country.search);
    await page.getByRole('option', { name: customer.country.option }).click();
  }
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(customer.phone);
  await page.getByRole('combobox', { name: 'Idioma de sus correos' }).click();
  await page.getByRole('option', { name: customer.language, exact: true }).click();
  await page.getByRole('button', { name: 'Crear cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
}

/**
 * From the customer's page, "Nueva cita": the service, a reminder on `channel` `when` before, the day
 * and start of `start` (an instant); booked, outside the working hours too (the test runs at any hour).
 */
async function bookWithReminder(page: Page, customer: string, start: number, channel: 'SMS' | 'WhatsApp', when: string) {
  await page.goto('/es-ES/customers');
  await page.getByRole('link', { name: customer }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
  await page.getByRole('link', { name: 'Nueva cita' }).click();
  await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(new RegExp(`^${customer}( ·|$)`));
  await page.getByRole('combobox', { name: 'Servicios' }).click();
  await page.getByRole('option', { name: /Corte/ }).first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Añadir un recordatorio' }).click();
  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: channel, exact: true }).click();
  await page.getByRole('combobox', { name: 'Cuándo' }).click();
  await page.getByRole('option', { name: when, exact: true }).click();
  const wall = wallClock(start);
  await page.getByRole('textbox', { name: 'Fecha' }).fill(wall.date);
  const startField = page.getByRole('combobox', { name: 'Inicio' });
  // Lucía's start is the form's default (the next free slot, when Mary's ends): typed again, the
  // same option would leave the typed text in the field.
  if ((await startField.inputValue()) !== wall.time) {
    await startField.click();
    await startField.fill(wall.time.replace(':', ''));
    await page.getByRole('option', { name: wall.time, exact: true }).click();
  }
  await expect(startField).toHaveValue(wall.time);
  await expect(page.getByRole('combobox', { name: 'Fin' })).toHaveValue(wallClock(start + 15 * MINUTE).time);
  await page.getByRole('button', { name: 'Reservar', exact: true }).click();
  const anyway = page.getByRole('button', { name: 'Reservar igualmente' });
  const booked = page.getByText('Cita reservada');
  await expect(anyway.or(booked).first()).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(booked.first()).toBeVisible();
}

test('with Twilio and WhatsApp configured, the reminders leave when due, to each customer in E.164 and in their language', async ({ page }) => {
  // Setup (about a minute), then up to seven minutes until the reminders are due.
  test.setTimeout(720_000);
  await register(page, 'es-ES', newEmail('reminders-providers'));
  await onboard(page, 'es-ES', BUSINESS);
  await closeSubscriptionPopup(page);
  const { tenantId, userId, headers } = await ownerSession(page);
  await createServiceThroughApi(page, { name: 'Corte', durationMinutes: 15, amount: 2000 });

  // This server says it sends reminders by SMS and WhatsApp too.
  const configuration = (await (await page.request.get('/v1/configuration')).json()) as { configuration: { reminderChannels?: string[] } };
  expect(configuration.configuration.reminderChannels).toEqual(['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP']);

  // Mary reads English and has a UK mobile written with its trunk 0; Lucía reads Spanish, with a Spanish mobile.
  await createCustomer(page, { name: 'Mary', country: { search: 'Reino', option: /Reino Unido \(\+44\)/ }, phone: '07700 900123', language: 'English (US)' });
  await createCustomer(page, { name: 'Lucía', phone: '612 345 678', language: 'Español' });

  // Both reminders due at the same moment, the first 5-minute mark at least two minutes away (time to
  // book both): Mary's appointment 15 minutes after it with an SMS 15 minutes before, Lucía's right
  // after hers (15 minutes later) with a WhatsApp message 30 minutes before.
  const due = Math.ceil((Date.now() + 2 * MINUTE) / (5 * MINUTE)) * (5 * MINUTE);
  const maryStart = due + 15 * MINUTE;
  const luciaStart = maryStart + 15 * MINUTE;
  await bookWithReminder(page, 'Mary', maryStart, 'SMS', '15 minutos antes');
  await bookWithReminder(page, 'Lucía', luciaStart, 'WhatsApp', '30 minutos antes');
  expect(Date.now(), 'both appointments were booked before their reminders were due').toBeLessThan(due);
  // Nothing leaves before it is due.
  expect(twilio.requests).toEqual([]);
  expect(whatsapp.requests).toEqual([]);

  // The worker sends them once due.
  await expect
    .poll(() => twilio.messages.length + whatsapp.messages.length, { timeout: due - Date.now() + 90_000, intervals: [2000] })
    .toBe(2);
  expect(Date.now()).toBeGreaterThanOrEqual(due);

  // Twilio's Messages API: a form with To (E.164, the trunk 0 left out), From and Body, basic auth
  // "sid:token"; the text in Mary's language. Within the 2-hour cancellation cutoff there is no
  // cancellation link.
  expect(twilio.requests).toHaveLength(1);
  const smsRequest = twilio.requests[0]!;
  expect(smsRequest.method).toBe('POST');
  expect(smsRequest.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
  expect(smsRequest.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  const form = new URLSearchParams(smsRequest.body);
  expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
  const [sms] = twilio.messages;
  expect(sms!.basicAuth).toBe(`${twilio.accountSid}:${twilio.authToken}`);
  expect(sms!.to).toBe('+447700900123');
  expect(sms!.from).toBe('+15005550006');
  expect(sms!.body).toMatch(new RegExp(`^Reminder: your appointment at ${escape(BUSINESS)} is on ${englishWhen(maryStart).source}\\. Services: Corte\\.$`));

  // The WhatsApp Cloud API: the approved template, in Lucía's language, with the business's name and
  // the date and time as its two body parameters, to her number in E.164 without the "+".
  expect(whatsapp.requests).toHaveLength(1);
  expect(whatsapp.requests[0]!.method).toBe('POST');
  expect(whatsapp.requests[0]!.path).toBe(`/v21.0/${whatsapp.phoneNumberId}/messages`);
  const [wa] = whatsapp.messages;
  expect(wa!.bearer).toBe(whatsapp.token);
  expect(wa!.payload).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '34612345678',
    type: 'template',
    template: {
      name: TEMPLATE,
      language: { code: 'es_ES' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: BUSINESS }, { type: 'text', text: spanishWhen(luciaStart) }] }],
    },
  });

  // Each appointment, opened from the calendar, has its reminder marked sent (the appointment as its
  // page reads it), and the page does not offer to send it by hand.
  for (const [customer, start, channel, label] of [
    ['Mary', maryStart, 'REMINDER_CHANNEL_SMS', 'SMS, 15 minutos antes'],
    ['Lucía', luciaStart, 'REMINDER_CHANNEL_WHATSAPP', 'WhatsApp, 30 minutos antes'],
  ] as const) {
    await page.goto(`/es-ES/appointments?date=${wallClock(start).date}`);
    await page.getByTestId('appointment-event').filter({ hasText: customer }).first().click();
    await expect(page).toHaveURL(/appointments\/[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(customer) })).toBeVisible();
    const id = /appointments\/([0-9a-f-]{36})/.exec(page.url())![1];
    const read = await page.request.get(`/v1/tenants/${tenantId}/users/${userId}/appointments/${id}`, { headers });
    const { appointment } = (await read.json()) as { appointment: ApiAppointment };
    expect(appointment.reminders).toHaveLength(1);
    expect(appointment.reminders[0]).toMatchObject({ channel, sent: true });
    expect(Date.parse(appointment.reminders[0]!.sentAt!)).toBeGreaterThanOrEqual(due);
    // The page says it in words (issue 18): its channel, how long before, and when it was sent (HH:mm, in Madrid).
    const sent = wallClock(Date.parse(appointment.reminders[0]!.sentAt!));
    const reminder = page.getByTestId('appointment-reminders').getByRole('listitem');
    await expect(reminder).toHaveAttribute('data-state', 'sent');
    await expect(reminder).toContainText(label);
    await expect(reminder).toContainText(sent.date === wallClock(Date.now()).date ? `Enviado a las ${sent.time}` : `${sent.time}`);
    await expect(page.getByTestId('whatsapp-reminder')).toHaveCount(0);
  }
  // Sent once each: the worker kept polling meanwhile.
  expect(twilio.requests).toHaveLength(1);
  expect(whatsapp.requests).toHaveLength(1);
});
