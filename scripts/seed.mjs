// `npm run seed`: loads demo businesses into a running Cita (`npm start` in another terminal), through
// the same API and identity provider a person uses. Idempotent: an existing demo account is reused.
//   CITA_URL (default http://127.0.0.1:8080), FIREBASE_AUTH_EMULATOR_HOST (default 127.0.0.1:9099)
import { createEmulatorUser, signInWithPassword } from './emulator.mjs';
import { seedAppointments } from './seed/appointments.mjs';
import { seedCustomers } from './seed/customers.mjs';
import { seedDistinctions } from './seed/distinctions.mjs';
import { seedInventory } from './seed/inventory.mjs';
import { seedServiceObjects } from './seed/service-objects.mjs';
import { seedServices } from './seed/services.mjs';

const api = process.env.CITA_URL ?? 'http://127.0.0.1:8080';
const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PASSWORD = 'cita-demo-1234';

const weekdays = (ranges) => ({ monday: ranges, tuesday: ranges, wednesday: ranges, thursday: ranges, friday: ranges });

const DEMOS = [
  {
    owner: { email: 'ana@peluqueria-ana.example', name: 'Ana', lastName: 'Martín', locale: 'es-ES' },
    tenant: {
      businessName: 'Peluquería Ana',
      email: 'ana@peluqueria-ana.example',
      category: 'hair_salon',
      description: 'Peluquería de barrio en Malasaña: cortes, color y peinados.',
      phoneCountryCode: '+34',
      phoneNumber: '912345678',
      address: { line1: 'Calle del Pez 12', city: 'Madrid', postalCode: '28004', region: 'Madrid', country: 'ES' },
      taxId: 'B12345678',
      locale: 'es-ES',
      timeZone: 'Europe/Madrid',
      services: ['Corte', 'Color', 'Peinado'],
      workMode: { teamMode: 'TEAM_MODE_WITH_TEAM', bookingMode: 'BOOKING_MODE_APPOINTMENTS_AND_WALK_IN', serviceLocation: 'SERVICE_LOCATION_AT_BUSINESS', teamSize: 3 },
    },
    weekly: { ...weekdays([{ start: '09:30', end: '14:00' }, { start: '16:00', end: '20:00' }]), saturday: [{ start: '10:00', end: '14:00' }], sunday: [] },
    team: ['marta@peluqueria-ana.example'],
    onlineBooking: { slug: 'peluqueria-ana', confirmation: 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC', minimumNoticeMinutes: 120 },
  },
  {
    owner: { email: 'grace@brightsmile.example', name: 'Grace', lastName: 'Hopper', locale: 'en-US' },
    tenant: {
      businessName: 'Bright Smile Dental',
      email: 'grace@brightsmile.example',
      category: 'dental_clinic',
      description: 'Family dentistry in Brooklyn: check-ups, cleanings and whitening.',
      phoneCountryCode: '+1',
      phoneNumber: '7185550123',
      address: { line1: '210 Court Street', city: 'Brooklyn', postalCode: '11201', region: 'NY', country: 'US' },
      currency: { currencyCode: 'USD' },
      // New York City's sales tax, 8.875 % (4 % state, 4.5 % city, 0.375 % MCTD): the products sold at
      // the front desk take it (seed/inventory.mjs leaves them the business's rate); dental care is not
      // subject to it, so the services are exempt (0 %, seed/services.mjs).
      taxPercentage: 8.875,
      locale: 'en-US',
      timeZone: 'America/New_York',
      services: ['Check-up', 'Cleaning', 'Whitening'],
      workMode: { teamMode: 'TEAM_MODE_WITH_TEAM', bookingMode: 'BOOKING_MODE_APPOINTMENTS_ONLY', serviceLocation: 'SERVICE_LOCATION_AT_BUSINESS', teamSize: 4 },
    },
    weekly: { ...weekdays([{ start: '08:00', end: '17:00' }]), saturday: [], sunday: [] },
    team: ['front-desk@brightsmile.example'],
    onlineBooking: { slug: 'bright-smile-dental', confirmation: 'ONLINE_BOOKING_CONFIRMATION_MANUAL', minimumNoticeMinutes: 1440, slotIntervalMinutes: 30 },
  },
];

async function call(method, path, body, token) {
  const response = await fetch(api + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw Object.assign(new Error(`${method} ${path} → ${response.status}: ${data?.detail ?? text}`), { status: response.status });
  return data;
}

async function idTokenFor(email) {
  try {
    return (await createEmulatorUser(emulator, { email, password: PASSWORD })).idToken;
  } catch {
    return (await signInWithPassword(emulator, { email, password: PASSWORD })).idToken;
  }
}

for (const demo of DEMOS) {
  const idToken = await idTokenFor(demo.owner.email);
  let session;
  try {
    session = await call('POST', '/v1/users/login', { firebase_id_token: idToken });
  } catch (error) {
    if (error.status !== 404) throw error;
    session = await call('POST', '/v1/users/register', {
      email: demo.owner.email, firebase_id_token: idToken, terms_accepted: true, promotions_terms_accepted: false, registering_from: 'seed', locale: demo.owner.locale,
    });
  }
  await call('PUT', `/v1/users/${session.userId}`, { user: { name: demo.owner.name, lastName: demo.owner.lastName, locale: demo.owner.locale } }, session.token);
  const { tenants } = await call('GET', `/v1/tenants/users/${session.userId}`, undefined, session.token);
  let tenant = tenants.find((t) => t.businessName === demo.tenant.businessName);
  if (!tenant) tenant = (await call('POST', '/v1/tenants', { tenant: demo.tenant }, session.token)).tenant;
  await call('PUT', `/v1/tenants/${tenant.id}`, { tenant: { id: tenant.id, opening_hours: { timeZone: demo.tenant.timeZone, weekly: demo.weekly, closedDates: [] } } }, session.token);
  await call('POST', `/v1/tenants/${tenant.id}/invite`, { subjects: demo.team }, session.token);
  // The catalogue, in the business's language (each step is idempotent: a second run adds nothing).
  const context = { call, tenant, session, locale: demo.tenant.locale };
  await seedServices(context);
  await seedCustomers(context);
  await seedServiceObjects(context);
  await seedInventory(context);
  // Before any appointment seed: appointments may carry these labels.
  await seedDistinctions(context);
  await seedAppointments(context);
  // The public booking page (/book/<slug>), open to anyone.
  await call('PUT', `/v1/tenants/${tenant.id}`, { tenant: { onlineBooking: { enabled: true, ...demo.onlineBooking } } }, session.token);
  console.log(`✔ ${demo.tenant.businessName}: sign in as ${demo.owner.email} / ${PASSWORD}; book online at ${api}/book/${demo.onlineBooking.slug}`);
}
