import { expect, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createEmulatorUser } from '../../../scripts/emulator.mjs';

// The words a person sees, per language, for the steps the stack tests walk through.
export const TEXT = {
  'en-US': {
    prefix: '',
    registerTitle: 'Create your Cita account',
    loginTitle: 'Sign in to Cita',
    email: 'E-mail',
    password: 'Password',
    confirm: 'Confirm password',
    terms: 'I accept the terms of service and the privacy policy',
    createAccount: 'Create account',
    signIn: 'Sign in',
    howTitle: 'Tell us about your business',
    ownerName: 'Your name',
    businessName: 'Business name',
    category: 'What kind of business is it?',
    categoryOption: 'Hair salon',
    alone: 'Alone',
    byAppointment: 'By appointment',
    atPremises: 'At my premises',
    next: 'Continue',
    hoursTitle: 'When are you open?',
    finish: 'Finish',
    offerOnline: 'Let customers book online',
    bookingReady: 'Your booking page is on',
    goToBusiness: 'Go to my business',
    home: 'Home',
    accountMenu: 'Account menu',
    signOut: 'Sign out',
  },
  'es-ES': {
    prefix: '/es-ES',
    registerTitle: 'Crea tu cuenta de Cita',
    loginTitle: 'Inicia sesión en Cita',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirm: 'Confirmar contraseña',
    terms: 'Acepto las condiciones del servicio y la política de privacidad',
    createAccount: 'Crear cuenta',
    signIn: 'Iniciar sesión',
    howTitle: 'Háblanos de tu negocio',
    ownerName: 'Tu nombre',
    businessName: 'Nombre del negocio',
    category: '¿Qué tipo de negocio es?',
    categoryOption: 'Peluquería',
    alone: 'Solo',
    byAppointment: 'Con cita previa',
    atPremises: 'En mi local',
    next: 'Continuar',
    hoursTitle: '¿Cuándo abres?',
    finish: 'Terminar',
    offerOnline: 'Permitir que los clientes reserven en línea',
    bookingReady: 'Tu página de reservas está activa',
    goToBusiness: 'Ir a mi negocio',
    home: 'Inicio',
    accountMenu: 'Menú de la cuenta',
    signOut: 'Cerrar sesión',
  },
} as const;
export type Locale = keyof typeof TEXT;

export const PASSWORD = 'a-good-password-42';
/** The owner's name `onboard` gives (required at onboarding): lists of the team show it, not the e-mail. */
export const OWNER_NAME = 'Alex Moreno';
export const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export async function register(page: Page, locale: Locale, email: string) {
  const t = TEXT[locale];
  // The first test of a run may start before the Auth emulator answers (the API already does).
  await waitForIdentityProvider(page);
  await page.goto(`${t.prefix}/register`);
  await expect(page.getByRole('heading', { name: t.registerTitle })).toBeVisible();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.confirm).fill(PASSWORD);
  await page.getByLabel(t.terms).check();
  await page.getByRole('button', { name: t.createAccount }).click();
}

/**
 * Registers the business through the two onboarding steps. The last step offers online booking,
 * ticked by default: `online` keeps it (and the page's link is shown before home), else it is unticked.
 */
export async function onboard(page: Page, locale: Locale, businessName: string, online = false, ownerName = OWNER_NAME) {
  const t = TEXT[locale];
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/onboarding/how-do-you-work$`));
  await expect(page.getByRole('heading', { name: t.howTitle })).toBeVisible();
  await page.getByRole('textbox', { name: t.ownerName }).fill(ownerName);
  await page.getByLabel(t.businessName).fill(businessName);
  await page.getByRole('combobox', { name: t.category }).click();
  await page.getByRole('option', { name: t.categoryOption, exact: true }).click();
  await page.getByRole('radio', { name: t.alone, exact: true }).check();
  await page.getByRole('radio', { name: t.byAppointment, exact: true }).check();
  await page.getByRole('radio', { name: t.atPremises, exact: true }).check();
  await page.getByRole('button', { name: t.next }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/onboarding/opening-hours$`));
  await expect(page.getByRole('heading', { name: t.hoursTitle })).toBeVisible();
  const offer = page.getByRole('checkbox', { name: t.offerOnline });
  await expect(offer).toBeChecked();
  if (!online) await offer.uncheck();
  await page.getByRole('button', { name: t.finish }).click();
  if (online) {
    await expect(page.getByRole('heading', { level: 1, name: t.bookingReady })).toBeVisible();
    return;
  }
  await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
}

export async function signIn(page: Page, locale: Locale, email: string) {
  const t = TEXT[locale];
  await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

/** The stack's Auth emulator (STACK_EMULATOR_PORT in playwright.config.ts). */
export const STACK_EMULATOR = `127.0.0.1:${process.env.CITA_E2E_STACK_EMULATOR_PORT || 9299 + Number(process.env.CITA_E2E_PORT_OFFSET || 0)}`;

/** The signed-in person's session token, business and user id, as the SPA keeps them. */
export async function ownerSession(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('session') ?? '{}') as { tenant?: { id: string }; user?: { id: string } });
  const tenantId = stored.tenant?.id ?? '';
  const userId = stored.user?.id ?? '';
  expect(token && tenantId && userId).toBeTruthy();
  return { token: token!, tenantId, userId, headers: { authorization: `Bearer ${token}` } };
}

/** A service of the signed-in owner's business through the API (the catalogue has its own tests); answers its id. */
export async function createServiceThroughApi(page: Page, service: { name: string; durationMinutes?: number; amount: number; currency?: string }): Promise<string> {
  const { tenantId, headers } = await ownerSession(page);
  const created = await page.request.post(`/v1/tenants/${tenantId}/services`, {
    headers,
    data: { service: { name: service.name, durationMinutes: service.durationMinutes ?? 30, price: { amount: service.amount, currency: service.currency ?? 'EUR' }, color: '#228be6', active: true } },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { service: { id: string } }).service.id;
}

export interface ApiAppointment {
  id: string;
  userId: string;
  reminders: Array<{ channel: string; minutesBefore: number; sent: boolean; sentAt?: string; status: string; failureReason?: string }>;
}

/**
 * A service, a customer and the owner's appointment with them on Tuesday 8 January 2030, 10:00-10:30
 * (far ahead: always upcoming), through the API, as a spec's setup (their screens have their own tests).
 */
export async function bookThroughApi(page: Page, booking: { service: { name: string; amount: number }; customer: Record<string, unknown> }): Promise<ApiAppointment> {
  const { tenantId, userId, headers } = await ownerSession(page);
  const serviceId = await createServiceThroughApi(page, booking.service);
  const customer = await page.request.post(`/v1/tenants/${tenantId}/customers`, { headers, data: { customer: booking.customer } });
  expect(customer.status()).toBe(201);
  const booked = await page.request.post(`/v1/tenants/${tenantId}/users/${userId}/appointments`, {
    headers,
    data: {
      appointment: {
        customerId: ((await customer.json()) as { customer: { id: string } }).customer.id,
        services: [{ id: serviceId }],
        startDate: { year: 2030, month: 1, day: 8, hours: 10, minutes: 0 },
        endDate: { year: 2030, month: 1, day: 8, hours: 10, minutes: 30 },
        allowOutsideHours: true,
      },
    },
  });
  expect(booked.status()).toBe(201);
  return ((await booked.json()) as { appointment: ApiAppointment }).appointment;
}

/**
 * A team member: the signed-in `owner` invites `email` to their business (through the API, as the
 * team screen would); the invited person registers with a verified e-mail (only verified addresses
 * join a business) and signs in through the sign-in page in a browser context of their own, whose
 * page this answers (close it with `page.context().close()`).
 */
export async function newMemberPage(browser: Browser, owner: Page, locale: Locale, email: string): Promise<Page> {
  const { tenantId, headers } = await ownerSession(owner);
  const invited = await owner.request.post(`/v1/tenants/${tenantId}/invite`, { headers, data: { subjects: [email] } });
  expect(invited.status()).toBe(201);
  const identity = await createEmulatorUser(STACK_EMULATOR, { email, password: PASSWORD, emailVerified: true });
  const registered = await owner.request.post('/v1/users/register', { data: { email, firebase_id_token: identity.idToken, terms_accepted: true, locale } });
  expect(registered.status()).toBe(201);
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(`${TEXT[locale].prefix}/login`);
  await signIn(page, locale, email);
  await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].home })).toBeVisible();
  return page;
}

/**
 * Waits until the stack's identity provider answers (/healthz "ok", not "degraded"): on a loaded
 * machine the Auth emulator may still be starting when the API already answers.
 */
export async function waitForIdentityProvider(page: Page) {
  await expect
    .poll(async () => ((await (await page.request.get('/healthz')).json()) as { status: string }).status, { timeout: 120_000, intervals: [1000] })
    .toBe('ok');
}
