import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import esES from '../../../../messages/es-ES.json';
import { issueErrorMap } from '~/lib/form-issues';
import { forgotPasswordFormSchema, loginFormSchema, registerFormSchema, registerIssueMessages } from './auth-schemas';

const en = createIntl({ locale: 'en-US', messages: {}, onError: () => undefined });
const es = createIntl({ locale: 'es-ES', messages: esES as Record<string, string>, onError: () => undefined });

/** The same path as the forms: zodResolver(schema, { error: issueErrorMap(intl.formatMessage, fields) }). */
function fieldErrors(schema: typeof registerFormSchema | typeof loginFormSchema | typeof forgotPasswordFormSchema, values: unknown, intl = en) {
  const fields = schema === registerFormSchema ? registerIssueMessages : {};
  const parsed = schema.safeParse(values, { error: issueErrorMap((descriptor, messageValues) => intl.formatMessage(descriptor, messageValues), fields) });
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
      email: 'This field is required.',
      password: 'This field is required.',
      confirmPassword: 'This field is required.',
      terms: 'Accept the terms of service to create an account',
    });
    expect(fieldErrors(registerFormSchema, { ...validRegistration, email: 'not-an-email', confirmPassword: 'secret2' })).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
      confirmPassword: 'The passwords do not match',
    });
    expect(fieldErrors(registerFormSchema, { ...validRegistration, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Use at least 6 characters.',
    });
    expect(fieldErrors(registerFormSchema, { ...validRegistration, email: `${'a'.repeat(250)}@example.com` })).toEqual({
      email: 'Use at most 254 characters.',
    });
  });

  it('login needs an e-mail and a password of any length; forgot-password an e-mail', () => {
    expect(fieldErrors(loginFormSchema, { email: 'ana@example.com', password: '1' })).toEqual({});
    expect(fieldErrors(loginFormSchema, { email: 'ana@', password: '' })).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
      password: 'This field is required.',
    });
    expect(fieldErrors(forgotPasswordFormSchema, { email: '' })).toEqual({ email: 'This field is required.' });
    expect(fieldErrors(forgotPasswordFormSchema, { email: 'ana' })).toEqual({ email: 'Enter a valid e-mail address, like name@example.com.' });
  });

  it('speak Spanish with the Spanish catalog', () => {
    expect(fieldErrors(registerFormSchema, { ...validRegistration, confirmPassword: 'other', terms: false }, es)).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
      terms: 'Acepta las condiciones del servicio para crear una cuenta',
    });
    expect(fieldErrors(registerFormSchema, { ...validRegistration, email: '', password: '12345', confirmPassword: '12345' }, es)).toEqual({
      email: 'Este campo es obligatorio.',
      password: 'Usa al menos 6 caracteres.',
    });
    expect(fieldErrors(loginFormSchema, { email: 'ana@', password: 'x' }, es)).toEqual({ email: 'Escribe un correo válido, como nombre@ejemplo.com.' });
  });
});
