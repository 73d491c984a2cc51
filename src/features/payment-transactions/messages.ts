import { defineMessages, type MessageDescriptor } from 'react-intl';

const definitions = defineMessages({
  title: { id: 'paymentTransactions.list.title', defaultMessage: 'Payments' },
  intro: { id: 'paymentTransactions.list.intro', defaultMessage: 'What was paid and refunded for this sale.' },
  paidTotal: { id: 'paymentTransactions.list.paidTotal', defaultMessage: 'Paid: {amount}' },
  refundedTotal: { id: 'paymentTransactions.list.refundedTotal', defaultMessage: 'Refunded: {amount}' },
  empty: { id: 'paymentTransactions.list.empty', defaultMessage: 'Nothing has been paid yet.' },
  create: { id: 'paymentTransactions.list.create', defaultMessage: 'Take a payment' },
  viewSale: { id: 'paymentTransactions.viewSale', defaultMessage: 'View the sale' },
  back: { id: 'paymentTransactions.back', defaultMessage: 'Back' },
  createTitle: { id: 'paymentTransactions.create.title', defaultMessage: 'Take a payment' },
  outstanding: { id: 'paymentTransactions.create.outstanding', defaultMessage: 'Left to pay: {amount}' },
  noSale: { id: 'paymentTransactions.create.noSale', defaultMessage: 'Charge the appointment first: it has no sale to pay yet.' },
  method: { id: 'paymentTransactions.field.method', defaultMessage: 'Payment method' },
  amount: { id: 'paymentTransactions.field.amount', defaultMessage: 'Amount' },
  tip: { id: 'paymentTransactions.field.tip', defaultMessage: 'Tip' },
  tendered: { id: 'paymentTransactions.field.tendered', defaultMessage: 'Cash handed over' },
  change: { id: 'paymentTransactions.field.change', defaultMessage: 'Change: {amount}' },
  pending: { id: 'paymentTransactions.field.pending', defaultMessage: 'Not received yet (pending, e.g. a transfer)' },
  notes: { id: 'paymentTransactions.field.notes', defaultMessage: 'Notes' },
  save: { id: 'paymentTransactions.create.save', defaultMessage: 'Record payment' },
  detailTitle: { id: 'paymentTransactions.detail.title', defaultMessage: '{kind} of {amount}' },
  when: { id: 'paymentTransactions.detail.when', defaultMessage: 'When' },
  commission: { id: 'paymentTransactions.detail.commission', defaultMessage: 'Commission ({rate} %)' },
  refundedOfIt: { id: 'paymentTransactions.detail.refunded', defaultMessage: 'Refunded of it' },
  refundOf: { id: 'paymentTransactions.detail.refundOf', defaultMessage: 'Refund of a payment' },
  complete: { id: 'paymentTransactions.detail.complete', defaultMessage: 'Mark as received' },
  fail: { id: 'paymentTransactions.detail.fail', defaultMessage: 'Mark as failed' },
});

/** Widened so that messages with placeholders take their values (react-intl's typed descriptors). */
export const transactionMessages: Record<keyof typeof definitions, MessageDescriptor> = definitions;
