import { describe, expect, it } from 'vitest';
import { zTenantInput } from '@generated/zod.gen';
import { issueErrorMap } from '~/lib/form-issues';
import { howDoYouWorkIssueMessages, howDoYouWorkMessages, howDoYouWorkSchema, toTenantInput } from './how-do-you-work-schema';

const valid = {
  ownerName: ' Ana López ',
  businessName: '  Peluquería Ana ',
  category: 'hair_salon',
  teamMode: 'TEAM_MODE_WITH_TEAM',
  teamSize: 4,
  bookingMode: 'BOOKING_MODE_APPOINTMENTS_AND_WALK_IN',
  serviceLocation: 'SERVICE_LOCATION_AT_BUSINESS',
  country: 'ES',
  currencyCode: 'EUR',
  taxPercentage: 21,
  taxName: 'IVA',
};
const defaults = { email: 'ana@example.com', locale: 'es-ES', timeZone: 'Europe/Madrid' } as const;

function messageIds(input: object) {
  // The same path as the forms: zodResolver(schema, { error: issueErrorMap(...) }).
  const result = howDoYouWorkSchema.safeParse(input, { error: issueErrorMap((descriptor) => String(descriptor.id), howDoYouWorkIssueMessages) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('howDoYouWorkSchema', () => {
  it('accepts a complete answer and trims the name', () => {
    const parsed = howDoYouWorkSchema.parse(valid);
    expect(parsed.businessName).toBe('Peluquería Ana');
    expect(parsed.ownerName).toBe('Ana López');
  });

  it('asks for every answer with its own message', () => {
    expect(messageIds({ ownerName: ' ', businessName: '   ', category: '', teamSize: '', country: 'ES', currencyCode: 'EUR', taxPercentage: 21, taxName: '' })).toEqual({
      // The owner's name is asked (issue 18): without it the calendar and the booking page show the e-mail.
      ownerName: howDoYouWorkMessages.ownerNameRequired.id,
      businessName: howDoYouWorkMessages.businessNameRequired.id,
      category: howDoYouWorkMessages.categoryRequired.id,
      teamMode: howDoYouWorkMessages.teamModeRequired.id,
      bookingMode: howDoYouWorkMessages.bookingModeRequired.id,
      serviceLocation: howDoYouWorkMessages.serviceLocationRequired.id,
    });
  });

  it('refuses the unspecified choices and odd team sizes', () => {
    expect(Object.keys(messageIds({ ...valid, teamMode: 'TEAM_MODE_UNSPECIFIED' }))).toEqual(['teamMode']);
    expect(messageIds({ ...valid, teamSize: 0 })).toEqual({ teamSize: howDoYouWorkMessages.teamSizeRange.id });
    expect(messageIds({ ...valid, teamSize: 2.5 })).toEqual({ teamSize: howDoYouWorkMessages.teamSizeRange.id });
  });

  it('treats an empty team size as not given', () => {
    expect(howDoYouWorkSchema.parse({ ...valid, teamSize: '' }).teamSize).toBeUndefined();
  });

  it('says when a name is too long', () => {
    expect(messageIds({ ...valid, businessName: 'x'.repeat(121) })).toEqual({ businessName: 'form.issue.tooLong' });
  });
});

describe('toTenantInput', () => {
  it('builds a body the API accepts, with the owner e-mail, locale and time zone', () => {
    const body = toTenantInput(howDoYouWorkSchema.parse(valid), defaults);
    expect(zTenantInput.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      businessName: 'Peluquería Ana',
      email: 'ana@example.com',
      category: 'hair_salon',
      locale: 'es-ES',
      timeZone: 'Europe/Madrid',
      country: 'ES',
      currency: { currencyCode: 'EUR' },
      taxPercentage: 21,
      taxName: 'IVA',
      workMode: {
        teamMode: 'TEAM_MODE_WITH_TEAM',
        bookingMode: 'BOOKING_MODE_APPOINTMENTS_AND_WALK_IN',
        serviceLocation: 'SERVICE_LOCATION_AT_BUSINESS',
        teamSize: 4,
      },
    });
  });

  it('asks a US owner for their sales tax rate and sends dollars', () => {
    const us = { ...valid, country: 'US', currencyCode: 'USD', taxPercentage: '', taxName: 'Sales tax' };
    expect(messageIds(us)).toEqual({ taxPercentage: 'onboarding.region.tax.required' });
    const body = toTenantInput(howDoYouWorkSchema.parse({ ...us, taxPercentage: 8.25 }), { ...defaults, locale: 'en-US', timeZone: 'America/New_York' });
    expect(body).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, taxPercentage: 8.25, taxName: 'Sales tax' });
  });

  it('sends no tax name when there is none', () => {
    expect(toTenantInput(howDoYouWorkSchema.parse({ ...valid, taxName: ' ' }), defaults)).not.toHaveProperty('taxName');
  });

  it('leaves the team size out for someone working alone', () => {
    const body = toTenantInput(howDoYouWorkSchema.parse({ ...valid, teamMode: 'TEAM_MODE_ALONE' }), defaults);
    expect(body.workMode).not.toHaveProperty('teamSize');
  });
});
