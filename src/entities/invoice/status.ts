import { defineMessages } from 'react-intl';
import type { InvoiceStatus } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/** An invoice's status (contract: InvoiceStatus; UNSPECIFIED is never stored and reads "no status"). */
export const invoiceStatus: StatusVocabulary<InvoiceStatus> = {
  labels: defineMessages({
    INVOICE_STATUS_UNSPECIFIED: { id: 'invoices.status.unspecified', defaultMessage: 'No status' },
    INVOICE_STATUS_DRAFT: { id: 'invoices.status.draft', defaultMessage: 'Draft' },
    INVOICE_STATUS_ISSUED: { id: 'invoices.status.issued', defaultMessage: 'Issued' },
    INVOICE_STATUS_PAID: { id: 'invoices.status.paid', defaultMessage: 'Paid' },
    INVOICE_STATUS_CANCELLED: { id: 'invoices.status.cancelled', defaultMessage: 'Cancelled' },
  }),
  colors: {
    INVOICE_STATUS_UNSPECIFIED: 'dark',
    INVOICE_STATUS_DRAFT: 'gray',
    INVOICE_STATUS_ISSUED: 'blue',
    INVOICE_STATUS_PAID: 'green',
    INVOICE_STATUS_CANCELLED: 'red',
  },
  unset: ['INVOICE_STATUS_UNSPECIFIED'],
};
