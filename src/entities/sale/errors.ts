import { defineMessages, type IntlShape } from 'react-intl';
import { asProblem } from '~/lib/api-problem';

/** The till's refusals (the problem's code), in the user's language. */
const errorMessages = defineMessages({
  sale_exists_for_appointment: { id: 'sales.error.saleExists', defaultMessage: 'This appointment has already been charged.' },
  appointment_not_billable: { id: 'sales.error.notBillable', defaultMessage: 'A cancelled or rejected appointment cannot be charged.' },
  insufficient_stock: { id: 'sales.error.insufficientStock', defaultMessage: 'There is not enough stock of a product.' },
  refund_exceeds_sold: { id: 'sales.error.refundExceedsSold', defaultMessage: 'You cannot refund more than was sold.' },
  overpayment: { id: 'sales.error.overpayment', defaultMessage: 'The payments are more than what is left to pay.' },
  refund_exceeds_paid: { id: 'sales.error.refundExceedsPaid', defaultMessage: 'The money given back does not match what was collected for these lines.' },
  sale_voided: { id: 'sales.error.voided', defaultMessage: 'This sale was voided.' },
  sale_has_payments: { id: 'sales.error.hasPayments', defaultMessage: 'Something was paid on this sale: refund it instead of voiding it.' },
  sale_already_invoiced: { id: 'sales.error.invoiced', defaultMessage: 'This sale has an invoice: refund it instead.' },
  invalid_transition: { id: 'sales.error.invalidTransition', defaultMessage: 'This change is not possible in the current state.' },
  stale_version: { id: 'sales.error.stale', defaultMessage: 'Someone else changed this in the meantime. Reload it and try again.' },
  idempotency_key_reused: { id: 'sales.error.keyReused', defaultMessage: 'This was already submitted with other values. Reload and try again.' },
  tendered_too_low: { id: 'sales.error.tenderedTooLow', defaultMessage: 'The cash handed over does not cover the amount.' },
  unknown_payment_method: { id: 'sales.error.unknownMethod', defaultMessage: 'Choose an active payment method.' },
  currency_mismatch: { id: 'sales.error.currency', defaultMessage: 'Amounts must be in the business currency.' },
  no_sale_for_reference: { id: 'sales.error.noSale', defaultMessage: 'Charge the appointment first: it has no sale to pay.' },
});

/** The translated text of a till refusal, or undefined for another error (the generic alert tells it). */
export function saleErrorText(intl: IntlShape, error: unknown): string | undefined {
  const problem = asProblem(error);
  if (!problem) return undefined;
  const codes = [problem.code, ...(problem.errors ?? []).map((item) => item.code)];
  const known = codes.find((code): code is keyof typeof errorMessages => code !== undefined && code in errorMessages);
  return known ? intl.formatMessage(errorMessages[known]) : undefined;
}
