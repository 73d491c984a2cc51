import type { IntlShape } from 'react-intl';
import { problemFormErrors } from '~/lib/api-problem';
import { formIssueMessages } from '~/lib/form-issues';
import { phoneFieldMessages } from '~/lib/phone-field';
import { customerMessages } from '../messages';
import type { CustomerForm } from './customer-form';

const FIELDS = ['name', 'lastName', 'phone.countryCode', 'phone.number', 'email', 'birthday', 'notes', 'taxId', 'tagIds'] as const;
type Field = (typeof FIELDS)[number];

const CODE_MESSAGES = {
  blank: customerMessages.nameRequired,
  country_code_required: phoneFieldMessages.country,
  out_of_range: customerMessages.birthdayInvalid,
  unknown_tag: customerMessages.tagUnknown,
};

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: CustomerForm, intl: IntlShape): boolean {
  const fieldErrors = problemFormErrors(error, {
    wrapper: 'customer',
    fieldMap: { phoneCountryCode: 'phone.countryCode', phoneNumber: 'phone.number' },
    known: FIELDS,
  });
  for (const { field, code } of fieldErrors) {
    const message = CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? formIssueMessages.invalid;
    form.setError(field as Field, { message: intl.formatMessage(message) }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}
