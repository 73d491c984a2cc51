import { describe, expect, it } from 'vitest';
import { zAutoRegisterRequest } from '@generated/zod.gen';
import { issueErrorMap } from '~/lib/form-issues';
import { phoneFieldMessages } from '~/lib/phone-field';
import { autoRegisterIssueMessages, autoRegisterMessages, autoRegisterSchema, toAutoRegisterRequest } from './auto-register-schema';

const valid = {
  email: ' ana@peluqueria-ana.example ',
  password: 'secret-123',
  businessName: 'Peluquería Ana',
  category: 'hair_salon',
  phone: { countryCode: '+34', number: '912 345 678' },
  termsAccepted: true,
  promotionsAccepted: false,
  name: ' Ana ',
  country: 'ES',
  currencyCode: 'EUR',
  taxPercentage: 21,
  taxName: 'IVA',
};

function messageIds(input: object) {
  // The same path as the forms: zodResolver(schema, { error: issueErrorMap(...) }).
  const result = autoRegisterSchema.safeParse(input, { error: issueErrorMap((descriptor) => String(descriptor.id), autoRegisterIssueMessages) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('autoRegisterSchema', () => {
  it('accepts a complete form', () => {
    expect(autoRegisterSchema.safeParse(valid).success).toBe(true);
  });

  it('explains every missing answer', () => {
    expect(
      messageIds({ email: '', name: '', password: '', businessName: '', category: '', phone: { countryCode: '+34', number: '' }, termsAccepted: false, promotionsAccepted: false, country: '', currencyCode: 'EUR', taxPercentage: '', taxName: '' }),
    ).toEqual({
      email: autoRegisterMessages.emailRequired.id,
      name: autoRegisterMessages.nameRequired.id,
      country: 'onboarding.region.country.required',
      taxPercentage: 'onboarding.region.tax.required',
      password: autoRegisterMessages.passwordShort.id,
      businessName: autoRegisterMessages.businessNameRequired.id,
      category: autoRegisterMessages.categoryRequired.id,
      termsAccepted: autoRegisterMessages.termsRequired.id,
    });
  });

  it('rejects a malformed e-mail, a short password and a bad phone', () => {
    expect(messageIds({ ...valid, email: 'ana@', password: '12345', phone: { countryCode: '+34', number: '12' } })).toEqual({
      email: 'form.issue.invalidEmail',
      password: autoRegisterMessages.passwordShort.id,
      'phone.number': phoneFieldMessages.number.id,
    });
  });

  it('lets the phone be left empty', () => {
    expect(autoRegisterSchema.safeParse({ ...valid, phone: { countryCode: '+34', number: '' } }).success).toBe(true);
  });
});

describe('toAutoRegisterRequest', () => {
  const context = { idToken: 'x'.repeat(40), locale: 'es-ES', timeZone: 'Europe/Madrid' } as const;

  it('builds a body the API accepts, without the password', () => {
    const body = toAutoRegisterRequest(autoRegisterSchema.parse(valid), context);
    expect(zAutoRegisterRequest.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      email: 'ana@peluqueria-ana.example',
      firebase_id_token: context.idToken,
      phoneCountryCode: '+34',
      phoneNumber: '912345678',
      terms_accepted: true,
      promotions_terms_accepted: false,
      registering_from: 'business-auto-register',
    });
    expect(JSON.stringify(body)).not.toContain('secret-123');
  });

  it('sends no phone fields without a number', () => {
    const body = toAutoRegisterRequest(autoRegisterSchema.parse({ ...valid, phone: { countryCode: '+34', number: '' } }), context);
    expect(body).not.toHaveProperty('phoneNumber');
    expect(body).not.toHaveProperty('phoneCountryCode');
  });
});
