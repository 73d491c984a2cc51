import * as z from 'zod';
import { zCustomerInput, zLocale } from '@generated/zod.gen';
import type { Customer, CustomerInput, CustomerUpdate } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { phoneFieldSchema, phoneFromApi, phoneIssueMessages, phoneToApi } from '~/lib/phone-field';
import { customerMessages } from '../messages';

/** The customer form (/customers/create and /customers/{customerId}). */

const shape = zCustomerInput.shape;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function customerFormSchema(today: string) {
  return z.object({
    name: z.string().trim().pipe(shape.name),
    lastName: z.string().trim().pipe(z.string().max(100)),
    phone: phoneFieldSchema,
    email: z
      .string()
      .trim()
      .refine((value) => value === '' || z.email().safeParse(value).success, { params: { reason: 'email' } }),
    birthday: z
      .string()
      .trim()
      .refine((value) => value === '' || (DATE.test(value) && value <= today && value >= '1900-01-01'), { params: { reason: 'birthday' } }),
    notes: z.string().trim().pipe(z.string().max(2000)),
    taxId: z.string().trim().pipe(z.string().max(30)),
    tagIds: z.array(z.string()).max(50),
    marketingConsent: z.boolean(),
    /** The language of the customer's e-mails; '' is the business's. */
    language: z.union([z.literal(''), zLocale]),
  });
}

export type CustomerFormInput = z.input<ReturnType<typeof customerFormSchema>>;
export type CustomerFormValues = z.output<ReturnType<typeof customerFormSchema>>;

export const customerIssueMessages: FieldIssueMessages = {
  name: { required: customerMessages.nameRequired },
  email: { '*': customerMessages.emailInvalid },
  birthday: { '*': customerMessages.birthdayInvalid },
  ...phoneIssueMessages('phone'),
};

export function newCustomerForm(locale: string): CustomerFormInput {
  return {
    name: '',
    lastName: '',
    phone: phoneFromApi(undefined, undefined, locale),
    email: '',
    birthday: '',
    notes: '',
    taxId: '',
    tagIds: [],
    marketingConsent: false,
    language: '',
  };
}

export function customerFormFrom(customer: Customer, locale: string): CustomerFormInput {
  return {
    name: customer.name,
    lastName: customer.lastName ?? '',
    phone: phoneFromApi(customer.phoneCountryCode, customer.phoneNumber, locale),
    email: customer.email ?? '',
    birthday: customer.birthday ?? '',
    notes: customer.notes ?? '',
    taxId: customer.taxId ?? '',
    tagIds: customer.tagIds,
    marketingConsent: customer.marketingConsent,
    language: customer.language ?? '',
  };
}

/**
 * Form values → API body. Fields the form does not show (address, reminder preferences) are kept
 * from `current` so that saving the form never erases them.
 */
export function toCustomerInput(values: CustomerFormValues, current?: Customer): CustomerInput {
  return {
    name: values.name,
    ...(values.lastName ? { lastName: values.lastName } : {}),
    ...phoneToApi(values.phone),
    ...(values.email ? { email: values.email } : {}),
    ...(values.birthday ? { birthday: values.birthday } : {}),
    ...(values.notes ? { notes: values.notes } : {}),
    ...(values.taxId ? { taxId: values.taxId } : {}),
    tagIds: values.tagIds,
    marketingConsent: values.marketingConsent,
    ...(values.language ? { language: values.language } : {}),
    ...(current?.address ? { address: current.address } : {}),
    ...(current?.preferredReminderChannel ? { preferredReminderChannel: current.preferredReminderChannel } : {}),
    ...(current ? { remindersEnabled: current.remindersEnabled } : {}),
  };
}

export function toCustomerUpdate(values: CustomerFormValues, current: Customer): CustomerUpdate {
  return { ...toCustomerInput(values, current), version: current.version };
}
