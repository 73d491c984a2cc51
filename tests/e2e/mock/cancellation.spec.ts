import { expect, test } from '../csp';
import { expectNoSeriousViolations } from '../a11y';

// The public cancellation page against the contract's examples (Prism): a customer on a phone opens
// the link from the e-mail, sees the appointment and cancels it, in both languages. The real stack
// (tokens, cutoff, reuse, tampering) is covered by tests/server/suites/notifications.ts.
const TOKEN = 'A'.repeat(74);
const TEXT = {
  'en-US': {
    prefix: '',
    title: 'Cancel your appointment',
    date: 'Monday, November 23, 2026',
    time: '10:30 to 11:15 (Madrid time)',
    greeting: 'Hello Lucía,',
    reason: 'Reason (optional)',
    submit: 'Cancel the appointment',
    done: 'Appointment cancelled',
    invalid: 'This cancellation link is not valid.',
    notCancellable: 'This appointment can no longer be cancelled online. Please contact Peluquería Ana.',
    phone: 'Phone: +34 612 345 678',
    reschedule: 'Change the date or time',
  },
  'es-ES': {
    prefix: '/es-ES',
    title: 'Cancelar tu cita',
    date: 'lunes, 23 de noviembre de 2026',
    time: 'De 10:30 a 11:15 (hora de Madrid)',
    greeting: 'Hola, Lucía:',
    reason: 'Motivo (opcional)',
    submit: 'Cancelar la cita',
    done: 'Cita cancelada',
    invalid: 'Este enlace de cancelación no es válido.',
    notCancellable: 'Esta cita ya no se puede cancelar en línea. Ponte en contacto con Peluquería Ana.',
    phone: 'Teléfono: +34 612 345 678',
    reschedule: 'Cambiar la fecha o la hora',
  },
} as const;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];
  test(`a customer cancels from the e-mail link on a phone (${locale})`, async ({ page }) => {
    await page.goto(`${t.prefix}/cancel-appointments?token=${TOKEN}`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByText(t.greeting)).toBeVisible();
    await expect(page.getByText('Peluquería Ana')).toBeVisible();
    await expect(page.getByText(t.date)).toBeVisible();
    await expect(page.getByText(t.time)).toBeVisible();
    await expect(page.getByText('Corte y peinado')).toBeVisible();
    await expectNoSeriousViolations(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel(t.reason).fill('Me ha surgido un viaje de trabajo.');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.done })).toBeVisible();
    await expect(page.getByRole('button', { name: t.submit })).toHaveCount(0);
  });

  // Issue 17: a charged appointment is the business's to call off. The read says so (cancelRefusal:
  // not_cancellable), so the page explains it before any click, gives the business's phone, and has
  // no cancel button (the contract's example, as the server answers for it).
  test(`an appointment that cannot be cancelled online says so up front, with the business's phone (${locale})`, async ({ page }) => {
    let cancels = 0;
    await page.route('**/v1/public/appointment-cancellations/*', async (route) => {
      if (route.request().method() !== 'GET') {
        cancels += 1;
        return route.continue();
      }
      const response = await route.fetch();
      const body = (await response.json()) as { appointment: Record<string, unknown> };
      body.appointment = { ...body.appointment, cancellable: false, cancelRefusal: 'not_cancellable', reschedulable: false };
      return route.fulfill({ response, json: body });
    });
    await page.goto(`${t.prefix}/cancel-appointments?token=${TOKEN}`);
    await expect(page.getByText(t.greeting)).toBeVisible();
    const status = page.getByRole('status');
    await expect(status).toContainText(t.notCancellable);
    await expect(status).toContainText(t.phone);
    await expect(status.getByRole('link', { name: '+34 612 345 678' })).toHaveAttribute('href', 'tel:+34612345678');
    await expect(page.getByRole('button', { name: t.submit })).toHaveCount(0);
    await expect(page.getByLabel(t.reason)).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.reschedule })).toHaveCount(0);
    await expectNoSeriousViolations(page, `not cancellable online (${locale})`);
    expect(cancels).toBe(0);
  });

  test(`a broken link gets an explanation, not an error page (${locale})`, async ({ page }) => {
    await page.goto(`${t.prefix}/cancel-appointments?token=short`);
    await expect(page.getByRole('alert')).toContainText(t.invalid);
    await page.goto(`${t.prefix}/cancel-appointments`);
    await expect(page.getByRole('alert')).toContainText(t.invalid);
  });
}
