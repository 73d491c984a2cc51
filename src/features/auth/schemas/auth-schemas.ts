import { zRegisterRequest } from '@generated/zod.gen';
import { defineMessages } from 'react-intl';
import { z } from 'zod';
import type { FieldIssueMessages } from '~/lib/form-issues';

/**
 * The forms of the auth screens, built from the contract's RegisterRequest. Messages are not set
 * here: the forms translate issues with issueErrorMap (src/lib/form-issues.ts), with the field
 * messages below.
 */

/** The identity provider's default minimum password length (SPEC §5). */
export const MIN_PASSWORD_LENGTH = 6;

const email = z.string().trim().pipe(zRegisterRequest.shape.email);

export const loginFormSchema = z.object({ email, password: z.string().min(1) });
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordFormValues = z.input<typeof forgotPasswordFormSchema>;

export const registerFormSchema = z
  .object({
    email,
    password: z.string().min(MIN_PASSWORD_LENGTH),
    confirmPassword: z.string().min(1),
    terms: z.boolean().refine((accepted) => accepted, { params: { reason: 'termsRequired' } }),
    promotions: zRegisterRequest.shape.promotions_terms_accepted.unwrap().unwrap(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    params: { reason: 'passwordMismatch' },
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

export const registerMessages = defineMessages({
  termsRequired: { id: 'auth.form.termsRequired', defaultMessage: 'Accept the terms of service to create an account' },
  passwordMismatch: { id: 'auth.form.passwordMismatch', defaultMessage: 'The passwords do not match' },
});

/** The register form's own messages; every other issue (required, e-mail, length) gets the generic one. */
export const registerIssueMessages: FieldIssueMessages = {
  terms: registerMessages.termsRequired,
  confirmPassword: { passwordMismatch: registerMessages.passwordMismatch },
};
