import * as z from 'zod';
import { zLocale, zPersonName, zUserInput } from '@generated/zod.gen';
import type { User, UserInput } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { phoneFieldSchema, phoneFromApi, phoneIssueMessages, phoneToApi } from '~/lib/phone-field';

/** The profile form (PUT /v1/users/{id}): name, last name, phone and interface language. */

const optionalName = z.string().trim().pipe(z.union([z.literal(''), zPersonName]));

export const profileSchema = zUserInput.pick({ name: true, lastName: true, locale: true }).extend({
  name: optionalName,
  lastName: optionalName,
  phone: phoneFieldSchema,
  locale: zLocale,
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const profileIssueMessages: FieldIssueMessages = { ...phoneIssueMessages('phone') };

export function profileFromUser(user: User, uiLocale: string): ProfileInput {
  return {
    name: user.name ?? '',
    lastName: user.lastName ?? '',
    phone: phoneFromApi(user.phoneCountryCode, user.phoneNumber, user.locale || uiLocale),
    locale: user.locale,
  };
}

/** The PUT body; empty optional fields are not sent (the API keeps what it has). */
export function toUserInput(values: ProfileValues): UserInput {
  const body: UserInput = { locale: values.locale, ...phoneToApi(values.phone) };
  if (values.name) body.name = values.name;
  if (values.lastName) body.lastName = values.lastName;
  return zUserInput.parse(body);
}
