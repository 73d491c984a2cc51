import type { IntlShape } from 'react-intl';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { phoneFieldMessages } from '~/lib/phone-field';
import { customerMessages } from '../messages';
import type { CustomerForm } from './customer-form';

const FIELDS = ['name', 'lastName', 'phone.countryCode', 'phone.number', 'email', 'birthday', 'notes', 'taxId', 'tagIds'] as const;

const CODE_MESSAGES = {
  blank: customerMessages.nameRequired,
  country_code_required: phoneFieldMessages.country,
  out_of_range: customerMessages.birthdayInvalid,
  unknown_tag: customerMessages.tagUnknown,
};

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: CustomerForm, intl: IntlShape): boolean {
  return applyProblemFieldErrors(error, form, intl, {
    wrapper: 'customer',
    fieldMap: { phoneCountryCode: 'phone.countryCode', phoneNumber: 'phone.number' },
    known: FIELDS,
    codeMessages: CODE_MESSAGES,
  });
}
