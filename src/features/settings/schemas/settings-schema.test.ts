import { describe, expect, it } from 'vitest';
import type { Tenant } from '@generated/types.gen';
import { issueErrorMap } from '~/lib/form-issues';
import { openingHoursFormMessages } from '~/lib/opening-hours-schema';
import { phoneFieldMessages } from '~/lib/phone-field';
import { settingsFromTenant, settingsIssueMessages, settingsMessages, settingsSchema, toTenantUpdate } from './settings-schema';

const weekly = {
  monday: [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }],
  tuesday: [{ start: '09:00', end: '20:00' }],
  wednesday: [{ start: '09:00', end: '20:00' }],
  thursday: [{ start: '09:00', end: '20:00' }],
  friday: [{ start: '09:00', end: '20:00' }],
  saturday: [{ start: '10:00', end: '14:00' }],
  sunday: [],
};

const tenant: Tenant = {
  id: '7d1f3b2e-5a6c-4d8e-9f0a-1b2c3d4e5f60',
  status: 'TENANT_STATUS_ACTIVE',
  businessName: 'Peluquería Ana',
  email: 'hola@peluqueria-ana.example',
  ownerUserId: '2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d',
  category: 'hair_salon',
  phoneCountryCode: '+34',
  phoneNumber: '912345678',
  address: { line1: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'ES' },
  taxId: 'B12345678',
  currency: { currencyCode: 'EUR' },
  currencySymbol: '€',
  taxPercentage: 21,
  services: [],
  opening_hours: { timeZone: 'Europe/Madrid', weekly, closedDates: [{ date: '2025-12-25', reason: 'Navidad' }] },
  timeZone: 'Europe/Madrid',
  locale: 'es-ES',
  version: 7,
  cancellationCutoffMinutes: 240,
  defaultReminders: [{ channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120 }],
  onlineBooking: {
    enabled: true,
    slug: 'peluqueria-ana',
    confirmation: 'ONLINE_BOOKING_CONFIRMATION_MANUAL',
    minimumNoticeMinutes: 60,
    horizonDays: 30,
    slotIntervalMinutes: 30,
    memberChoice: false,
  },
  membersSeeTeamCalendars: true,
  membersSeeTeamFigures: true,
  notifyTeamByEmail: false,
  licenseStatus: 'LICENSE_STATUS_TRIAL',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function messageIds(input: object) {
  const result = settingsSchema.safeParse(input, { error: issueErrorMap((descriptor) => String(descriptor.id), settingsIssueMessages) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settingsFromTenant → toTenantUpdate', () => {
  it('round-trips a stored business unchanged', () => {
    const values = settingsSchema.parse(settingsFromTenant(tenant, 'es-ES'));
    const body = toTenantUpdate(values, tenant);
    expect(body).toEqual({
      id: tenant.id,
      version: 7,
      businessName: tenant.businessName,
      email: tenant.email,
      phoneCountryCode: '+34',
      phoneNumber: '912345678',
      category: 'hair_salon',
      address: tenant.address,
      taxId: 'B12345678',
      currency: { currencyCode: 'EUR' },
      taxPercentage: 21,
      timeZone: 'Europe/Madrid',
      locale: 'es-ES',
      opening_hours: tenant.opening_hours,
      cancellationCutoffMinutes: 240,
      defaultReminders: tenant.defaultReminders,
      onlineBooking: tenant.onlineBooking,
      membersSeeTeamCalendars: true,
      membersSeeTeamFigures: true,
      notifyTeamByEmail: false,
    });
  });

  it('gives a business that never set up online booking the contract defaults, and lets the server propose the address', () => {
    const fresh: Tenant = { ...tenant, cancellationCutoffMinutes: undefined, defaultReminders: undefined, onlineBooking: undefined };
    const body = toTenantUpdate(settingsSchema.parse(settingsFromTenant(fresh, 'es-ES')), fresh);
    expect(body.cancellationCutoffMinutes).toBe(120);
    expect(body.defaultReminders).toEqual([{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }]);
    expect(body.onlineBooking).toEqual({ enabled: false, confirmation: 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC', minimumNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15, memberChoice: true });
  });

  it('gives a business that never chose the team settings the server defaults (own calendars and figures, e-mails on)', () => {
    const fresh: Tenant = { ...tenant, membersSeeTeamCalendars: undefined, membersSeeTeamFigures: undefined, notifyTeamByEmail: undefined };
    const body = toTenantUpdate(settingsSchema.parse(settingsFromTenant(fresh, 'es-ES')), fresh);
    expect(body).toMatchObject({ membersSeeTeamCalendars: false, membersSeeTeamFigures: false, notifyTeamByEmail: true });
  });

  it('refuses a malformed booking address and an impossible horizon', () => {
    const input = settingsFromTenant(tenant, 'es-ES');
    expect(messageIds({ ...input, onlineBooking: { ...input.onlineBooking, slug: 'Ana Centro', horizonDays: 0 } })).toEqual({
      'onlineBooking.slug': 'settings.onlineBooking.slug.invalid',
      'onlineBooking.horizonDays': 'settings.onlineBooking.horizon.range',
    });
    expect(settingsSchema.parse({ ...input, onlineBooking: { ...input.onlineBooking, slug: ' Ana-Centro ' } }).onlineBooking.slug).toBe('ana-centro');
  });

  it('starts a business without optional data with empty fields and a default week', () => {
    const bare: Tenant = { ...tenant, category: undefined, phoneCountryCode: undefined, phoneNumber: undefined, address: undefined, taxId: undefined, opening_hours: undefined };
    const input = settingsFromTenant(bare, 'en-US');
    expect(input.address.line1).toBe('');
    expect(input.phone).toEqual({ countryCode: '+34', number: '' });
    expect(input.schedule.monday.open).toBe(true);
    const body = toTenantUpdate(settingsSchema.parse(input), bare);
    expect(body).not.toHaveProperty('category');
    expect(body).not.toHaveProperty('taxId');
    expect(body).not.toHaveProperty('phoneNumber');
    expect(body.address).toEqual({});
    expect(body.opening_hours?.timeZone).toBe(body.timeZone);
  });

  it('shows a US business its prices without tax, and sends the choice only when it changes', () => {
    const us = { ...tenant, pricesIncludeTax: false };
    const values = settingsSchema.parse(settingsFromTenant(us, 'en-US'));
    expect(values.pricesIncludeTax).toBe(false);
    expect(toTenantUpdate(values, us)).not.toHaveProperty('pricesIncludeTax');
    expect(toTenantUpdate({ ...values, pricesIncludeTax: true }, us).pricesIncludeTax).toBe(true);
  });

  it('sends the same time zone for the business and its opening hours', () => {
    const values = settingsSchema.parse({ ...settingsFromTenant(tenant, 'es-ES'), timeZone: 'Atlantic/Canary' });
    const body = toTenantUpdate(values, tenant);
    expect(body.timeZone).toBe('Atlantic/Canary');
    expect(body.opening_hours?.timeZone).toBe('Atlantic/Canary');
  });

  it('clears address lines that were emptied', () => {
    const input = settingsFromTenant(tenant, 'es-ES');
    const values = settingsSchema.parse({ ...input, address: { ...input.address, line1: '  ', city: '' } });
    expect(toTenantUpdate(values, tenant).address).toEqual({ postalCode: '28013', country: 'ES' });
  });
});

describe('settingsSchema', () => {
  const input = settingsFromTenant(tenant, 'es-ES');

  it('explains what is wrong, field by field', () => {
    expect(
      messageIds({
        ...input,
        businessName: ' ',
        email: 'hola@',
        currencyCode: '',
        taxPercentage: 120,
        phone: { countryCode: '+34', number: '12' },
      }),
    ).toEqual({
      businessName: settingsMessages.businessNameRequired.id,
      email: 'form.issue.invalidEmail',
      currencyCode: settingsMessages.currencyRequired.id,
      taxPercentage: settingsMessages.taxPercentage.id,
      'phone.number': phoneFieldMessages.number.id,
    });
  });

  it('asks for a tax percentage', () => {
    expect(messageIds({ ...input, taxPercentage: '' })).toEqual({ taxPercentage: settingsMessages.taxPercentage.id });
    expect(settingsSchema.safeParse({ ...input, taxPercentage: 0 }).success).toBe(true);
  });

  it('limits address lines to what the API keeps', () => {
    expect(messageIds({ ...input, address: { ...input.address, postalCode: '1'.repeat(21) } })).toEqual({
      'address.postalCode': 'form.issue.tooLong',
    });
  });

  it('refuses overlapping opening hours', () => {
    const schedule = { ...input.schedule, monday: { open: true, ranges: [{ start: '09:00', end: '14:00' }, { start: '13:00', end: '20:00' }] } };
    expect(messageIds({ ...input, schedule })).toEqual({ schedule: openingHoursFormMessages.schedule.id });
  });
});
