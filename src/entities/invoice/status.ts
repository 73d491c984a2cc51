import { defineMessages } from 'react-intl';
import type { InvoicePaymentStatus, InvoiceStatus } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/** An invoice's status (contract: InvoiceStatus; UNSPECIFIED is never stored and reads "no status"). */
export const invoiceStatus: StatusVocabulary<InvoiceStatus> = {
  labels: defineMessages({
    INVOICE_STATUS_UNSPECIFIED: { id: 'invoices.status.unspecified', defaultMessage: 'No status' },
    INVOICE_STATUS_DRAFT: { id: 'invoices.status.draft', defaultMessage: 'Draft' },
    INVOICE_STATUS_ISSUED: { id: 'invoices.status.issued', defaultMessage: 'Issued' },
    INVOICE_STATUS_VOIDED: { id: 'invoices.status.voided', defaultMessage: 'Voided' },
  }),
  colors: {
    INVOICE_STATUS_UNSPECIFIED: 'dark',
    INVOICE_STATUS_DRAFT: 'gray',
    INVOICE_STATUS_ISSUED: 'blue',
    INVOICE_STATUS_VOIDED: 'red',
  },
  unset: ['INVOICE_STATUS_UNSPECIFIED'],
};

/** An invoice's payment status (contract: InvoicePaymentStatus; derived from payments, never typed in). */
export const invoicePaymentStatus: StatusVocabulary<InvoicePaymentStatus> = {
  labels: defineMessages({
    INVOICE_PAYMENT_STATUS_UNPAID: { id: 'invoices.paymentStatus.unpaid', defaultMessage: 'Unpaid' },
    INVOICE_PAYMENT_STATUS_PARTIALLY_PAID: { id: 'invoices.paymentStatus.partiallyPaid', defaultMessage: 'Partially paid' },
    INVOICE_PAYMENT_STATUS_PAID: { id: 'invoices.paymentStatus.paid', defaultMessage: 'Paid' },
  }),
  colors: {
    INVOICE_PAYMENT_STATUS_UNPAID: 'orange',
    INVOICE_PAYMENT_STATUS_PARTIALLY_PAID: 'yellow',
    INVOICE_PAYMENT_STATUS_PAID: 'green',
  },
  unset: [],
};
