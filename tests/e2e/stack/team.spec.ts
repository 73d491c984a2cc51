import { expect, test } from '@playwright/test';
import { createEmulatorUser } from '../../../scripts/emulator.mjs';
import { newEmail, newMemberPage, onboard, ownerSession, PASSWORD, register, signIn, STACK_EMULATOR, TEXT } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// The team on the real stack (issue 19): the owner invites someone from /team/create; the invitee
// opens the link in a browser of their own, signs in with the invited (verified) address, accepts
// and lands on their calendar; the owner then sees them in the team and makes them an
// administrator; a withdrawn invitation's link gets its own page, and another account's link the
// wrong-account page. In English and in Spanish.
const WORDS = {
  'en-US': {
    team: 'Team',
    invite: 'Invite people',
    emails: 'E-mail addresses',
    send: 'Send invitations',
    invited: 'Invited',
    calendar: 'Appointments',
    roleOf: 'Role of',
    admin: 'Administrator',
    withdraw: 'Withdraw',
    withdrawOf: 'Withdraw the invitation of',
    withdrawn: 'This invitation was withdrawn',
    wrongAccount: 'This invitation is for another account',
  },
  'es-ES': {
    team: 'Equipo',
    invite: 'Invitar personas',
    emails: 'Direcciones de correo electrónico',
    send: 'Enviar invitaciones',
    invited: 'Invitado',
    calendar: 'Citas',
    roleOf: 'Función de',
    admin: 'Administrador',
    withdraw: 'Retirar',
    withdrawOf: 'Retirar la invitación de',
    withdrawn: 'Esta invitación fue retirada',
    wrongAccount: 'Esta invitación es para otra cuenta',
  },
} as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const w = WORDS[locale];
  const t = TEXT[locale];

  test.describe(`the team on the stack (${locale})`, () => {
    test.describe.configure({ timeout: 240_000 });

    test('invite, accept in a second browser, see the calendar; change the role; a withdrawn link and a wrong account', async ({ page, browser }) => {
      await register(page, locale, newEmail('team-owner'));
      await onboard(page, locale, `Salon team ${locale}`);
      await closeSubscriptionPopup(page);

      // Invite from /team/create.
      await page.goto(`${t.prefix}/team`);
      await expect(page.getByRole('heading', { level: 1, name: w.team })).toBeVisible();
      await page.getByRole('link', { name: w.invite }).click();
      const invitee = newEmail('invitee');
      await page.getByRole('combobox', { name: w.emails }).fill(invitee);
      await page.getByRole('combobox', { name: w.emails }).press('Enter');
      await page.getByRole('button', { name: w.send }).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/team$`));
      const invitations = page.getByRole('table', { name: locale === 'en-US' ? 'Invitations not yet accepted' : 'Invitaciones aún no aceptadas' });
      await expect(invitations.getByRole('row').filter({ hasText: invitee })).toContainText(w.invited);

      // The link of the e-mail (its id read as the team screen reads it).
      const { tenantId, headers } = await ownerSession(page);
      const team = await (await page.request.get(`/v1/tenants/${tenantId}/team`, { headers })).json();
      const invitation = team.invitations.find((i: { email: string }) => i.email === invitee);
      const link = `${t.prefix}/invitations/${invitation.id}?email=${encodeURIComponent(invitee)}`;

      // The invitee has a verified address (the provider's), opens the link signed out, signs in and lands on their calendar.
      await createEmulatorUser(STACK_EMULATOR, { email: invitee, password: PASSWORD, emailVerified: true });
      const context = await browser.newContext({ locale });
      const member = await context.newPage();
      await member.goto(link);
      await signIn(member, locale, invitee);
      await expect(member).toHaveURL(new RegExp(`${t.prefix}/appointments`));
      await expect(member.getByRole('heading', { level: 1, name: w.calendar })).toBeVisible();
      await closeSubscriptionPopup(member);

      // The owner sees them in the team and makes them an administrator.
      await page.reload();
      const members = page.getByRole('table', { name: locale === 'en-US' ? 'Team members' : 'Miembros del equipo' });
      await expect(members.getByRole('row').filter({ hasText: invitee })).toBeVisible();
      await members.getByRole('combobox', { name: new RegExp(w.roleOf) }).click();
      await page.getByRole('option', { name: w.admin, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect.poll(async () => {
        const now = await (await page.request.get(`/v1/tenants/${tenantId}/team`, { headers })).json();
        return now.items.find((m: { email: string }) => m.email === invitee)?.role;
      }).toBe('TEAM_ROLE_ADMIN');

      // A second invitation, withdrawn: its link says so (opened by its own addressee).
      const late = newEmail('late');
      const invited = await page.request.post(`/v1/tenants/${tenantId}/invite`, { headers, data: { subjects: [late] } });
      const lateId = (await invited.json()).items[0].id as string;
      await page.reload();
      await page.getByRole('button', { name: `${w.withdrawOf} ${late}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.withdraw }).click();
      await expect(invitations.getByRole('row').filter({ hasText: late })).toHaveCount(0);
      // The signed-in member opening someone else's link: the wrong-account page, no call made.
      await member.goto(`${t.prefix}/invitations/${lateId}?email=${encodeURIComponent(late)}`);
      await expect(member.getByRole('heading', { name: w.wrongAccount })).toBeVisible();
      await context.close();

      await createEmulatorUser(STACK_EMULATOR, { email: late, password: PASSWORD, emailVerified: true });
      const lateContext = await browser.newContext({ locale });
      const latePage = await lateContext.newPage();
      await latePage.goto(`${t.prefix}/invitations/${lateId}?email=${encodeURIComponent(late)}`);
      await signIn(latePage, locale, late);
      await expect(latePage.getByRole('heading', { name: w.withdrawn })).toBeVisible();
      await lateContext.close();
    });
  });
}

test('someone in two businesses switches between them from the header', async ({ page, browser }) => {
  await register(page, 'en-US', newEmail('switch-owner'));
  await onboard(page, 'en-US', 'Alpha Salon');
  const member = await newMemberPage(browser, page, 'en-US', newEmail('switch-member'));
  // One business: no switcher.
  await expect(member.getByRole('combobox', { name: 'Business', exact: true })).toHaveCount(0);
  // A business of their own besides the one they joined.
  const { headers, tenantId: joined } = await ownerSession(member);
  const created = await member.request.post('/v1/tenants', {
    headers,
    data: {
      tenant: {
        businessName: 'Beta Studio', email: newEmail('beta'), category: 'hair_salon', phoneCountryCode: '+1', phoneNumber: '7185550123',
        address: { line1: '1 Main Street', city: 'Brooklyn', postalCode: '11201', region: 'NY', country: 'US' },
        locale: 'en-US', timeZone: 'America/New_York', services: ['Cut'],
        workMode: { teamMode: 'TEAM_MODE_ALONE', bookingMode: 'BOOKING_MODE_APPOINTMENTS_ONLY', serviceLocation: 'SERVICE_LOCATION_AT_BUSINESS' },
      },
    },
  });
  expect(created.status()).toBe(201);
  await member.reload();
  const switcher = member.getByRole('combobox', { name: 'Business', exact: true });
  await expect(switcher).toHaveValue('Alpha Salon');
  await switcher.click();
  await member.getByRole('option', { name: 'Beta Studio' }).click();
  await expect(switcher).toHaveValue('Beta Studio');
  expect((await ownerSession(member)).tenantId).not.toBe(joined);
  await member.context().close();
});
