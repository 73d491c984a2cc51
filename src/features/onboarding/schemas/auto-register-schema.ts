import * as z from 'zod';
import { zAutoRegisterRequest, zBusinessCategoryCode, zBusinessName, zEmail, zPersonName } from '@generated/zod.gen';
import { regionFieldsShape, regionIssueMessages, regionToApi } from './how-do-you-work-schema';
import type { AutoRegisterRequest } from '@generated/types.gen';
import { defineMessages } from 'react-intl';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { phoneFieldSchema, phoneIssueMessages, phoneToApi } from '~/lib/phone-field';

/** The one-step sign-up of an owner and their business (/business/auto-register). */

/** The identity provider's default minimum (SPEC §5); its own policy is checked again when signing up. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 4096;
export const REGISTERING_FROM = 'business-auto-register';

export const autoRegisterSchema = zAutoRegisterRequest.pick({ email: true, businessName: true, category: true }).extend({
  email: z.string().trim().pipe(zEmail),
  name: z.string().trim().pipe(zPersonName),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  businessName: z.string().trim().pipe(zBusinessName),
  category: zBusinessCategoryCode,
  phone: phoneFieldSchema,
  termsAccepted: z.literal(true),
  promotionsAccepted: z.boolean(),
  ...regionFieldsShape,
});

export type AutoRegisterInput = z.input<typeof autoRegisterSchema>;
export type AutoRegisterValues = z.output<typeof autoRegisterSchema>;

export const autoRegisterMessages = defineMessages({
  emailRequired: { id: 'autoRegister.email.required', defaultMessage: 'Enter your e-mail address.' },
  nameRequired: { id: 'autoRegister.name.required', defaultMessage: 'Enter your name: your customers and team see it.' },
  passwordShort: { id: 'autoRegister.password.short', defaultMessage: 'Use at least {minimum} characters.' },
  businessNameRequired: { id: 'autoRegister.businessName.required', defaultMessage: 'Enter the name of your business.' },
  categoryRequired: { id: 'autoRegister.category.required', defaultMessage: 'Choose the kind of business.' },
  termsRequired: { id: 'autoRegister.terms.required', defaultMessage: 'Accept the terms of service to create your account.' },
});

export const autoRegisterIssueMessages: FieldIssueMessages = {
  email: { required: autoRegisterMessages.emailRequired },
  name: autoRegisterMessages.nameRequired,
  password: { too_small: autoRegisterMessages.passwordShort },
  businessName: { required: autoRegisterMessages.businessNameRequired },
  category: autoRegisterMessages.categoryRequired,
  termsAccepted: autoRegisterMessages.termsRequired,
  ...phoneIssueMessages('phone'),
  ...regionIssueMessages,
};

export interface AutoRegisterContext {
  /** The new identity's Firebase ID token. */
  idToken: string;
  locale: 'en-US' | 'es-ES';
  timeZone: string;
}

/** The POST /v1/businesses/auto-register body (the password never leaves the identity provider). */
export function toAutoRegisterRequest(values: AutoRegisterValues, context: AutoRegisterContext): AutoRegisterRequest {
  return {
    email: values.email,
    firebase_id_token: context.idToken,
    name: values.name,
    businessName: values.businessName,
    category: values.category,
    ...phoneToApi(values.phone),
    locale: context.locale,
    timeZone: context.timeZone,
    ...regionToApi(values),
    terms_accepted: values.termsAccepted,
    promotions_terms_accepted: values.promotionsAccepted,
    registering_from: REGISTERING_FROM,
  };
}
