import type { IntlShape } from 'react-intl';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { paymentMethodMessages } from '../messages';
import type { PaymentMethodForm } from './payment-method-form';

const FIELDS = ['name', 'kind', 'active', 'isDefault', 'sortOrder', 'commissionPercentage', 'notes'] as const;

const CODE_MESSAGES = {
  duplicate_name: paymentMethodMessages.duplicateName,
  blank: paymentMethodMessages.nameRequired,
  kind_required: paymentMethodMessages.kindRequired,
  too_precise: paymentMethodMessages.commissionInvalid,
  default_inactive: paymentMethodMessages.defaultInactive,
};

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: PaymentMethodForm, intl: IntlShape): boolean {
  return applyProblemFieldErrors(error, form, intl, { wrapper: 'paymentMethod', known: FIELDS, codeMessages: CODE_MESSAGES });
}
