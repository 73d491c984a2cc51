import { defineMessages } from 'react-intl';
import type { SaleStatus } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/**
 * How much of a sale is paid (contract: SaleStatus, derived from the paid amount against the total).
 * The contract has no sale lifecycle (completed or voided) yet: it joins this file with the money issue.
 */
export const salePaymentStatus: StatusVocabulary<SaleStatus> = {
  labels: defineMessages({
    SALE_STATUS_UNPAID: { id: 'sales.status.unpaid', defaultMessage: 'Unpaid' },
    SALE_STATUS_PARTIALLY_PAID: { id: 'sales.status.partiallyPaid', defaultMessage: 'Partially paid' },
    SALE_STATUS_PAID: { id: 'sales.status.paid', defaultMessage: 'Paid' },
  }),
  colors: {
    SALE_STATUS_UNPAID: 'red',
    SALE_STATUS_PARTIALLY_PAID: 'orange',
    SALE_STATUS_PAID: 'green',
  },
};
