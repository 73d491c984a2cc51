import { defineMessages } from 'react-intl';
import type { SaleLifecycle, SaleStatus } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/** How much of a sale is paid or refunded (contract: SaleStatus, derived by the server, never typed in). */
export const salePaymentStatus: StatusVocabulary<SaleStatus> = {
  labels: defineMessages({
    SALE_STATUS_UNPAID: { id: 'sales.status.unpaid', defaultMessage: 'Unpaid' },
    SALE_STATUS_PARTIALLY_PAID: { id: 'sales.status.partiallyPaid', defaultMessage: 'Partially paid' },
    SALE_STATUS_PAID: { id: 'sales.status.paid', defaultMessage: 'Paid' },
    SALE_STATUS_PARTIALLY_REFUNDED: { id: 'sales.status.partiallyRefunded', defaultMessage: 'Partially refunded' },
    SALE_STATUS_REFUNDED: { id: 'sales.status.refunded', defaultMessage: 'Refunded' },
  }),
  colors: {
    SALE_STATUS_UNPAID: 'red',
    SALE_STATUS_PARTIALLY_PAID: 'orange',
    SALE_STATUS_PAID: 'green',
    SALE_STATUS_PARTIALLY_REFUNDED: 'grape',
    SALE_STATUS_REFUNDED: 'gray',
  },
};

/** Whether a sale stands or was voided (contract: SaleLifecycle). */
export const saleLifecycle: StatusVocabulary<SaleLifecycle> = {
  labels: defineMessages({
    SALE_LIFECYCLE_COMPLETED: { id: 'sales.lifecycle.completed', defaultMessage: 'Completed' },
    SALE_LIFECYCLE_VOIDED: { id: 'sales.lifecycle.voided', defaultMessage: 'Voided' },
  }),
  colors: {
    SALE_LIFECYCLE_COMPLETED: 'blue',
    SALE_LIFECYCLE_VOIDED: 'gray',
  },
};
