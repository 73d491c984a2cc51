import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import esES from '../../../../messages/es-ES.json';
import { forgotPasswordFormSchema, loginFormSchema, registerFormSchema } from './auth-schemas';
import { formErrorMap } from './form-error-map';

const en = createIntl({ locale: 'en-US', messages: {}, onError: () => undefined });
const es = createIntl({ locale: 'es-ES', messages: esES as Record<string, string>, onError: () => undefined });

function fieldErrors(schema: typeof registerFormSchema | typeof loginFormSchema | typeof forgotPasswordFormSchema, values: unknown, intl = en) {
  const parsed = schema.safeParse(values, { error: formErrorMap(intl) });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const validRegistration = { email: ' ana@example.com ', password: 'secret1', confirmPassword: 'secret1', terms: true, promotions: false };

describe('auth forms', () => {
  it('accept a valid registration and trim the e-mail', () => {
    const parsed = registerFormSchema.parse(validRegistration);
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.promotions).toBe(false);
  });

  it('explain each registration problem in English', () => {
    expect(fieldErrors(registerFormSchema, { email: '', password: '', confirmPassword: '', terms: false, promotions: false })).toEqual({
      email: 'This field is required',
      password: 'This field is required',
      confirmPassword: 'This field is required',
      terms: 'Accept the terms of service to create an account',
    });
    expect(fieldErrors(registerFormSchema, { ...validRegistration, email: 'not-an-email', confirmPassword: 'secret2' })).toEqual({
      email: 'Enter a valid e-mail address',
      confirmPassword: 'The passwords do not match',
    });
    expect(fieldErrors(registerFormSchema, { ...validRegistration, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Use at least 6 characters',
    });
  });

  it('login needs an e-mail and a password of any length; forgot-password an e-mail', () => {
    expect(fieldErrors(loginFormSchema, { email: 'ana@example.com', password: '1' })).toEqual({});
    expect(fieldErrors(loginFormSchema, { email: 'ana@', password: '' })).toEqual({
      email: 'Enter a valid e-mail address',
      password: 'This field is required',
    });
    expect(fieldErrors(forgotPasswordFormSchema, { email: '' })).toEqual({ email: 'This field is required' });
  });

  it('speak Spanish with the Spanish catalog', () => {
    const errors = fieldErrors(registerFormSchema, { ...validRegistration, confirmPassword: 'other', terms: false }, es);
    expect(errors.confirmPassword).not.toBe('The passwords do not match');
    expect(errors.terms).not.toBe('Accept the terms of service to create an account');
  });
});
