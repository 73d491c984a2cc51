import type { IntlShape } from 'react-intl';
import { problemFormErrors } from '~/lib/api-problem';
import { formIssueMessages } from '~/lib/form-issues';
import { paymentMethodMessages } from '../messages';
import type { PaymentMethodForm } from './payment-method-form';

const FIELDS = ['name', 'kind', 'active', 'isDefault', 'sortOrder', 'commissionPercentage', 'notes'] as const;
type Field = (typeof FIELDS)[number];

const CODE_MESSAGES = {
  duplicate_name: paymentMethodMessages.duplicateName,
  blank: paymentMethodMessages.nameRequired,
  kind_required: paymentMethodMessages.kindRequired,
  too_precise: paymentMethodMessages.commissionInvalid,
  default_inactive: paymentMethodMessages.defaultInactive,
};

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: PaymentMethodForm, intl: IntlShape): boolean {
  const fieldErrors = problemFormErrors(error, { wrapper: 'paymentMethod', known: FIELDS });
  for (const { field, code } of fieldErrors) {
    const message = CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? formIssueMessages.invalid;
    form.setError(field as Field, { message: intl.formatMessage(message) }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}
