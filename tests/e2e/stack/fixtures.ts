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
    businessName: 'Business name',
    category: 'What kind of business is it?',
    categoryOption: 'Hair salon',
    alone: 'Alone',
    byAppointment: 'By appointment',
    atPremises: 'At my premises',
    next: 'Continue',
    hoursTitle: 'When are you open?',
    finish: 'Finish',
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
    businessName: 'Nombre del negocio',
    category: '¿Qué tipo de negocio es?',
    categoryOption: 'Peluquería',
    alone: 'Solo',
    byAppointment: 'Con cita previa',
    atPremises: 'En mi local',
    next: 'Continuar',
    hoursTitle: '¿Cuándo abres?',
    finish: 'Terminar',
    home: 'Inicio',
    accountMenu: 'Menú de la cuenta',
    signOut: 'Cerrar sesión',
  },
} as const;
export type Locale = keyof typeof TEXT;

export const PASSWORD = 'a-good-password-42';
export const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export async function register(page: Page, locale: Locale, email: string) {
  const t = TEXT[locale];
  await page.goto(`${t.prefix}/register`);
  await expect(page.getByRole('heading', { name: t.registerTitle })).toBeVisible();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.confirm).fill(PASSWORD);
  await page.getByLabel(t.terms).check();
  await page.getByRole('button', { name: t.createAccount }).click();
}

export async function onboard(page: Page, locale: Locale, businessName: string) {
  const t = TEXT[locale];
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/onboarding/how-do-you-work$`));
  await expect(page.getByRole('heading', { name: t.howTitle })).toBeVisible();
  await page.getByLabel(t.businessName).fill(businessName);
  await page.getByRole('combobox', { name: t.category }).click();
  await page.getByRole('option', { name: t.categoryOption, exact: true }).click();
  await page.getByRole('radio', { name: t.alone, exact: true }).check();
  await page.getByRole('radio', { name: t.byAppointment, exact: true }).check();
  await page.getByRole('radio', { name: t.atPremises, exact: true }).check();
  await page.getByRole('button', { name: t.next }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/onboarding/opening-hours$`));
  await expect(page.getByRole('heading', { name: t.hoursTitle })).toBeVisible();
  await page.getByRole('button', { name: t.finish }).click();
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

/** The signed-in person's session token and business, as the SPA keeps them. */
export async function ownerSession(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const tenantId = await page.evaluate(() => JSON.parse(window.localStorage.getItem('session') ?? '{}').tenant?.id as string);
  expect(token && tenantId).toBeTruthy();
  return { token: token!, tenantId, headers: { authorization: `Bearer ${token}` } };
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
