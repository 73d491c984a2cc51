import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../a11y';
import { expectCountryFlag } from '../flags';
import { expect, test } from '../csp';

// The public booking page (book.html, src/features/booking) against the contract's examples (Prism):
// Peluquería Ana offers "Corte y peinado" (45 min, €25.00) with Ana; free at 10:00 and 10:15 on
// Tuesday 24 November 2026. A customer books on a phone with the keyboard only, in both languages;
// the "just taken" answer (409 slot_taken) and the failures are answered by route mocks.
const SLUG = 'peluqueria-ana';
const TEXT = {
  'en-US': {
    prefix: '',
    services: 'Choose your services',
    service: /Corte y peinado/,
    servicePrice: '45 min · €25.00',
    continue: 'Continue',
    member: 'Who would you like?',
    anyone: /Anyone available/,
    time: 'Choose a day and time',
    ten: /^10:00$/,
    details: 'Your details',
    name: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    phoneCountry: 'Country code',
    spain: '+34 Spain',
    email: 'E-mail',
    privacy: /I agree that Peluquería Ana keeps my details/,
    book: 'Book',
    done: 'Your appointment is booked',
    date: 'Tuesday, November 24, 2026',
    hours: '10:00 to 10:45',
    taken: 'Someone has just taken this time.',
    takenSlot: /Book Tue, Nov 24 at 10:15/,
    nameRequired: 'Enter your first name.',
    privacyRequired: 'To book, accept that the business keeps your details.',
    notFound: 'This booking page does not exist',
    more: 'Show more',
    less: 'Show less',
    network: 'There is no connection. Check your internet connection and try again.',
    retry: 'Try again',
    other: 'Español',
  },
  'es-ES': {
    prefix: '/es-ES',
    services: 'Elige tus servicios',
    service: /Corte y peinado/,
    servicePrice: '45 min · 25,00 €',
    continue: 'Continuar',
    member: '¿Con quién quieres la cita?',
    anyone: /Cualquiera disponible/,
    time: 'Elige día y hora',
    ten: /^10:00$/,
    details: 'Tus datos',
    name: 'Nombre',
    lastName: 'Apellidos',
    phone: 'Teléfono',
    phoneCountry: 'Prefijo',
    spain: '+34 España',
    email: 'Correo electrónico',
    privacy: /Acepto que Peluquería Ana guarde mis datos/,
    book: 'Reservar',
    done: 'Tu cita está reservada',
    date: 'martes, 24 de noviembre de 2026',
    hours: 'De 10:00 a 10:45',
    taken: 'Alguien acaba de reservar esta hora.',
    takenSlot: /Reservar el mar, 24 nov a las 10:15/,
    nameRequired: 'Escribe tu nombre.',
    privacyRequired: 'Para reservar, acepta que el negocio guarde tus datos.',
    notFound: 'Esta página de reservas no existe',
    more: 'Ver más',
    less: 'Ver menos',
    network: 'No hay conexión. Comprueba tu conexión a internet y vuelve a intentarlo.',
    retry: 'Volver a intentarlo',
    other: 'English (US)',
  },
} as const;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Presses Tab until `target` has the focus (the way a keyboard user reaches it). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The assets the page loads: none of the dashboard's (its entry, Mantine, the router, Firebase). */
function watchAssets(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

async function fillDetailsWithKeyboard(page: Page, t: (typeof TEXT)[keyof typeof TEXT]) {
  await tabTo(page, page.getByLabel(t.name));
  await page.keyboard.type('Lucía');
  await tabTo(page, page.getByLabel(t.lastName));
  await page.keyboard.type('Gómez');
  await tabTo(page, page.getByLabel(t.phone, { exact: false }).and(page.locator('input')));
  await page.keyboard.type('612 345 678');
  await tabTo(page, page.getByLabel(t.email, { exact: false }).and(page.locator('input')));
  await page.keyboard.type('lucia.gomez@example.com');
  await tabTo(page, page.getByRole('checkbox', { name: t.privacy }));
  await page.keyboard.press('Space');
}

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];

  test(`a customer books on a phone with the keyboard only (${locale})`, async ({ page, cspViolations }) => {
    const assets = watchAssets(page);
    const posts: { headers: Record<string, string>; body: unknown }[] = [];
    // Recorded on its way to Prism (a route sees the body of a streamed request; the request event does not).
    await page.route('**/v1/public/booking/*/appointments', async (route) => {
      posts.push({ headers: await route.request().allHeaders(), body: route.request().postDataJSON() });
      await route.continue();
    });
    await page.goto(`${t.prefix}/book/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Peluquería Ana' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 2, name: t.services })).toBeVisible();
    await expect(page.getByText(t.servicePrice)).toBeVisible();
    await expectNoSeriousViolations(page, `booking services (${locale})`);

    // Services: the checkbox with Space, then Continue.
    await tabTo(page, page.getByRole('checkbox', { name: t.service }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: t.service })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: t.continue }));
    await page.keyboard.press('Enter');

    // The member: "anyone" is chosen; the step's heading has the focus.
    await expect(page.getByRole('heading', { level: 2, name: t.member })).toBeFocused();
    await expect(page.getByRole('radio', { name: t.anyone })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Ana' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: t.continue }));
    await page.keyboard.press('Enter');

    // A day and a time: the first day with free times is chosen.
    await expect(page.getByRole('heading', { level: 2, name: t.time })).toBeFocused();
    const ten = page.getByRole('button', { name: t.ten });
    await expect(ten).toBeVisible();
    await expectNoSeriousViolations(page, `booking times (${locale})`);
    await tabTo(page, ten);
    await page.keyboard.press('Enter');

    // The details, then Book.
    await expect(page.getByRole('heading', { level: 2, name: t.details })).toBeFocused();
    await expectNoSeriousViolations(page, `booking details (${locale})`);
    // The phone's country: a native select (keyboard and phone pickers), its options plain text with no
    // emoji flag (Windows and Linux without an emoji font show letters or boxes); the chosen country's
    // flag is an image beside it, and follows the choice.
    const country = page.getByRole('combobox', { name: t.phoneCountry });
    await expect(country).toHaveValue('ES');
    const options = await country.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(240);
    expect(options[0]).toBe(t.spain);
    expect(options.filter((text) => /[\u{1F1E6}-\u{1F1FF}]/u.test(text))).toEqual([]);
    await expectCountryFlag(page, 'ES');
    await country.focus();
    await country.selectOption('PT');
    await expectCountryFlag(page, 'PT');
    await expect(page.locator('img[data-flag="ES"]')).toHaveCount(0);
    await country.selectOption('ES');
    await expectCountryFlag(page, 'ES');
    await fillDetailsWithKeyboard(page, t);
    await tabTo(page, page.getByRole('button', { name: t.book, exact: true }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: t.done })).toBeFocused();
    await expect(page.getByText(t.date)).toBeVisible();
    await expect(page.getByText(t.hours)).toBeVisible();
    await expectNoSeriousViolations(page, `booking confirmation (${locale})`);

    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toMatchObject({
      serviceIds: ['5a7c9e1b-3d5f-4a7b-9c1d-3e5f7a9b1c3d'],
      startAt: '2026-11-24T10:00:00+01:00',
      customer: { name: 'Lucía', lastName: 'Gómez', phoneCountryCode: '+34', phoneNumber: '612345678', email: 'lucia.gomez@example.com' },
      language: locale,
      privacyConsent: true,
      marketingConsent: false,
    });
    expect(posts[0]!.body).not.toHaveProperty('website');
    expect(posts[0]!.body).not.toHaveProperty('userId');
    // A page of its own: none of the dashboard's code.
    expect(assets.filter((path) => /\/assets\/(main|mantine|router|firebase|app)-/i.test(path))).toEqual([]);
    expect(assets).not.toContain('/runtime-config.json');
    expect(cspViolations).toEqual([]);
  });

  test(`a time taken meanwhile offers the next free times, and the fields say what is missing (${locale})`, async ({ page }) => {
    let posts = 0;
    await page.route('**/v1/public/booking/*/appointments', async (route) => {
      posts += 1;
      if (posts > 1) return route.continue();
      return route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'https://cita.example/problems/slot-taken',
          title: 'Conflict',
          status: 409,
          code: 'slot_taken',
          availableSlots: [{ startAt: '2026-11-24T10:15:00+01:00', userIds: ['3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9f'] }],
        }),
      });
    });
    await page.goto(`${t.prefix}/book/${SLUG}`);
    await page.getByRole('checkbox', { name: t.service }).check();
    await page.getByRole('button', { name: t.continue }).click();
    await page.getByRole('radio', { name: 'Ana' }).check();
    await page.getByRole('button', { name: t.continue }).click();
    await page.getByRole('button', { name: t.ten }).click();

    // Nothing filled: every required field says so, next to it, and the first one takes the focus.
    await page.getByRole('button', { name: t.book, exact: true }).click();
    await expect(page.getByText(t.nameRequired)).toBeVisible();
    await expect(page.getByText(t.privacyRequired)).toBeVisible();
    await expect(page.getByLabel(t.name)).toBeFocused();
    await expect(page.getByLabel(t.name)).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);

    await fillDetailsWithKeyboard(page, t);
    await page.getByRole('button', { name: t.book, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.taken })).toBeVisible();
    await expectNoSeriousViolations(page, `slot taken (${locale})`);
    const request = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().includes('/appointments'));
    await page.getByRole('button', { name: t.takenSlot }).click();
    expect((await request).postDataJSON()).toMatchObject({ startAt: '2026-11-24T10:15:00+01:00', userId: '3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9f' });
    await expect(page.getByRole('heading', { level: 1, name: t.done })).toBeVisible();
  });

  test(`an unknown page, a lost connection and the language switch (${locale})`, async ({ page }) => {
    await page.route('**/v1/public/booking/nobody-here', (route) =>
      route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, code: 'booking_not_found' }) }),
    );
    await page.goto(`${t.prefix}/book/nobody-here`);
    await expect(page.getByRole('heading', { level: 1, name: t.notFound })).toBeVisible();
    await expectNoSeriousViolations(page, `booking not found (${locale})`);

    let offline = true;
    await page.route(`**/v1/public/booking/${SLUG}`, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${t.prefix}/book/${SLUG}`);
    await expect(page.getByText(t.network)).toBeVisible({ timeout: 20_000 });
    offline = false;
    await page.getByRole('button', { name: t.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Peluquería Ana' })).toBeVisible();

    // The switch shows the page in the other language and keeps the choice in the address.
    await page.getByRole('button', { name: t.other }).click();
    const other = TEXT[locale === 'en-US' ? 'es-ES' : 'en-US'];
    await expect(page.getByRole('heading', { level: 2, name: other.services })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${other.prefix}/book/${SLUG}$`));
  });

  test(`a long service description is clamped, and "more" shows it all from the keyboard (${locale})`, async ({ page }) => {
    const long = `${'Lavado con champú de argán, corte a tijera, secado y peinado con plancha o tenacillas. '.repeat(8)}Fin del texto.`;
    await page.route(`**/v1/public/booking/${SLUG}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { page: { services: { description?: string }[] } };
      body.page.services = body.page.services.map((service, index) => (index === 0 ? { ...service, description: long } : service));
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${t.prefix}/book/${SLUG}`);
    const service = page.getByRole('checkbox', { name: t.service });
    await expect(service).toBeVisible();
    const description = page.getByText(/^Lavado con champú/);
    const lineHeight = await description.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
    const clamped = (await description.boundingBox())!.height;
    expect(clamped).toBeLessThanOrEqual(lineHeight * 3 + 2);

    // Reached with Tab after the service's checkbox; Enter shows the whole text, and again hides it.
    const more = page.getByRole('button', { name: t.more });
    await tabTo(page, service);
    await page.keyboard.press('Tab');
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    const less = page.getByRole('button', { name: t.less });
    await expect(less).toBeFocused();
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    expect((await description.boundingBox())!.height).toBeGreaterThan(clamped * 2);
    await expect(service).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: t.more })).toBeFocused();
    expect((await description.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 3 + 2);

    // The service is still chosen by its name (in the list of services, not the portfolio's captions), and the form goes on.
    await page.getByRole('group').getByText('Corte y peinado', { exact: true }).click();
    await expect(service).toBeChecked();
    await expectNoSeriousViolations(page, `booking long description (${locale})`);
  });
}
