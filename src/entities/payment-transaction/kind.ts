import { defineMessages } from 'react-intl';
import type { PaymentTransactionKind } from '@generated/types.gen';
import type { StatusVocabulary } from '../status';

/** Money in or money back (contract: PaymentTransactionKind; both amounts are positive). */
export const paymentTransactionKind: StatusVocabulary<PaymentTransactionKind> = {
  labels: defineMessages({
    PAYMENT_TRANSACTION_KIND_PAYMENT: { id: 'paymentTransactions.kind.payment', defaultMessage: 'Payment' },
    PAYMENT_TRANSACTION_KIND_REFUND: { id: 'paymentTransactions.kind.refund', defaultMessage: 'Refund' },
  }),
  colors: {
    PAYMENT_TRANSACTION_KIND_PAYMENT: 'teal',
    PAYMENT_TRANSACTION_KIND_REFUND: 'grape',
  },
};
