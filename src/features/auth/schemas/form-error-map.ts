import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { z } from 'zod';

type FormMessage = 'required' | 'emailInvalid' | 'tooShort' | 'tooLong' | 'termsRequired' | 'passwordMismatch' | 'invalid';

export const formMessages: Record<FormMessage, MessageDescriptor> = defineMessages({
  required: { id: 'auth.form.required', defaultMessage: 'This field is required' },
  emailInvalid: { id: 'auth.form.emailInvalid', defaultMessage: 'Enter a valid e-mail address' },
  tooShort: { id: 'auth.form.tooShort', defaultMessage: 'Use at least {min, plural, one {# character} other {# characters}}' },
  tooLong: { id: 'auth.form.tooLong', defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}' },
  termsRequired: { id: 'auth.form.termsRequired', defaultMessage: 'Accept the terms of service to create an account' },
  passwordMismatch: { id: 'auth.form.passwordMismatch', defaultMessage: 'The passwords do not match' },
  invalid: { id: 'auth.form.invalid', defaultMessage: 'This value is not valid' },
});

type Issue = z.core.$ZodRawIssue;

/** Translates a zod issue of the auth forms (passed to zodResolver as the per-parse error map). */
export function formErrorMap(intl: IntlShape): (issue: Issue) => string {
  return (issue) => {
    const empty = issue.input === '' || issue.input === undefined || issue.input === null;
    switch (issue.code) {
      case 'invalid_format':
        if (empty) return intl.formatMessage(formMessages.required);
        return intl.formatMessage(issue.format === 'email' ? formMessages.emailInvalid : formMessages.invalid);
      case 'too_small':
        if (empty || Number(issue.minimum) <= 1) return intl.formatMessage(formMessages.required);
        return intl.formatMessage(formMessages.tooShort, { min: Number(issue.minimum) });
      case 'too_big':
        return intl.formatMessage(formMessages.tooLong, { max: Number(issue.maximum) });
      case 'invalid_value':
        if (issue.values.length === 1 && issue.values[0] === true) return intl.formatMessage(formMessages.termsRequired);
        return intl.formatMessage(formMessages.invalid);
      case 'custom':
        if (issue.params?.reason === 'passwordMismatch') return intl.formatMessage(formMessages.passwordMismatch);
        if (issue.params?.reason === 'termsRequired') return intl.formatMessage(formMessages.termsRequired);
        return intl.formatMessage(formMessages.invalid);
      case 'invalid_type':
        return intl.formatMessage(empty ? formMessages.required : formMessages.invalid);
      default:
        return intl.formatMessage(formMessages.invalid);
    }
  };
}
