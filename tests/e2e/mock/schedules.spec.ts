import { expect, test } from './signed-in';

// Working hours and time off against Prism: the example owner (Ana Martínez) sees her own hours (the
// contract's example: her own, not the business's) and a block on 25 November 2026 ("Médico").
const MARTA_ID = '5e7a9c1b-3d5f-4b7a-9c1e-3f5a7b9d1c3e';

const SCREENS = {
  'en-US': {
    prefix: '',
    nav: 'Working hours',
    title: 'Working hours and time off',
    member: 'Team member',
    inherit: "Same as the business's opening hours",
    save: 'Save working hours',
    saved: 'Working hours saved',
    timeOff: 'Time off and blocks',
    block: 'Block',
    when: 'November 25, 2026, 16:00–18:00',
    add: 'Add time off',
    firstDay: 'First day',
    lastDay: 'Last day',
    endBeforeStart: 'The last day cannot be before the first.',
    submit: 'Add',
    added: 'Time off added',
    remove: 'Remove the time off of November 25, 2026, 16:00–18:00',
    removeTitle: 'Remove this time off?',
    confirm: 'Remove',
    removed: 'Time off removed',
  },
  'es-ES': {
    prefix: '/es-ES',
    nav: 'Horarios',
    title: 'Horarios y ausencias',
    member: 'Miembro del equipo',
    inherit: 'Igual que el horario del negocio',
    save: 'Guardar horario',
    saved: 'Horario guardado',
    timeOff: 'Ausencias y bloqueos',
    block: 'Bloqueo',
    when: '25 de noviembre de 2026, 16:00–18:00',
    add: 'Añadir ausencia',
    firstDay: 'Primer día',
    lastDay: 'Último día',
    endBeforeStart: 'El último día no puede ser anterior al primero.',
    submit: 'Añadir',
    added: 'Ausencia añadida',
    remove: 'Quitar la ausencia del 25 de noviembre de 2026, 16:00–18:00',
    removeTitle: '¿Quitar esta ausencia?',
    confirm: 'Quitar',
    removed: 'Ausencia quitada',
  },
} as const;

for (const [locale, t] of Object.entries(SCREENS)) {
  test.describe(`working hours and time off (${locale})`, () => {
    test('working hours: own hours shown, switched to the business hours and saved', async ({ page }) => {
      await page.goto(`${t.prefix}/`);
      await page.getByRole('navigation').getByRole('link', { name: t.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/appointments/schedule$`));
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t.member })).toHaveValue('Ana Martínez');
      const inherit = page.getByRole('switch', { name: t.inherit });
      await expect(inherit).not.toBeChecked();
      await expect(page.getByRole('button', { name: t.save })).toBeDisabled();
      await inherit.click({ force: true });
      await expect(inherit).toBeChecked();
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();

      // Another team member, chosen in the list, is in the address.
      await page.getByRole('combobox', { name: t.member }).click();
      await page.getByRole('option', { name: 'Marta López' }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/appointments/schedule\\?userId=${MARTA_ID}$`));
      await expect(page.getByRole('combobox', { name: t.member })).toHaveValue('Marta López');
    });

    test('time off: the planned block, a day off added, and the block removed after confirming', async ({ page }) => {
      await page.goto(`${t.prefix}/appointments/schedule`);
      await expect(page.getByRole('heading', { level: 2, name: t.timeOff })).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(t.when) });
      await expect(row).toContainText(t.block);
      await expect(row).toContainText('Médico');

      await page.getByRole('button', { name: t.add }).click();
      const form = page.getByRole('form');
      await form.getByLabel(t.firstDay).fill('2026-12-24');
      await form.getByLabel(t.lastDay).fill('2026-12-20');
      await form.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(form.getByText(t.endBeforeStart)).toBeVisible();
      await form.getByLabel(t.lastDay).fill('2026-12-26');
      await form.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page.getByText(t.added)).toBeVisible();
      await expect(page.getByRole('form')).toHaveCount(0);

      await page.getByRole('button', { name: t.remove }).click();
      const dialog = page.getByRole('dialog', { name: t.removeTitle });
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await expect(page.getByText(t.removed)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}
