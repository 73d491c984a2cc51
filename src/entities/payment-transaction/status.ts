import { defineMessages } from 'react-intl';
import type { PaymentTransactionStatus } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/** A payment's status (contract: PaymentTransactionStatus; only completed payments count as paid). */
export const paymentTransactionStatus: StatusVocabulary<PaymentTransactionStatus> = {
  labels: defineMessages({
    PAYMENT_TRANSACTION_STATUS_PENDING: { id: 'paymentTransactions.status.pending', defaultMessage: 'Pending' },
    PAYMENT_TRANSACTION_STATUS_COMPLETED: { id: 'paymentTransactions.status.completed', defaultMessage: 'Completed' },
    PAYMENT_TRANSACTION_STATUS_FAILED: { id: 'paymentTransactions.status.failed', defaultMessage: 'Failed' },
  }),
  colors: {
    PAYMENT_TRANSACTION_STATUS_PENDING: 'gray',
    PAYMENT_TRANSACTION_STATUS_COMPLETED: 'green',
    PAYMENT_TRANSACTION_STATUS_FAILED: 'red',
  },
};
