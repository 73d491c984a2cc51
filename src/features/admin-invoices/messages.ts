import { defineMessages, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  title: { id: 'adminInvoices.title', defaultMessage: "Cita's invoices to businesses" },
  intro: { id: 'adminInvoices.intro', defaultMessage: 'Bill a business for its plan: a draft gets its number when issued; marking it paid extends the licence.' },
  notAdmin: { id: 'adminInvoices.notAdmin', defaultMessage: 'Only platform administrators see this page.' },
  tenants: { id: 'adminInvoices.tenants', defaultMessage: 'Businesses' },
  invoices: { id: 'adminInvoices.invoices', defaultMessage: 'Invoices' },
  business: { id: 'adminInvoices.business', defaultMessage: 'Business' },
  owner: { id: 'adminInvoices.owner', defaultMessage: 'Owner' },
  licence: { id: 'adminInvoices.licence', defaultMessage: 'Licence' },
  bill: { id: 'adminInvoices.bill', defaultMessage: 'Bill {name}' },
  showInvoices: { id: 'adminInvoices.showInvoices', defaultMessage: 'Invoices of {name}' },
  allInvoices: { id: 'adminInvoices.allInvoices', defaultMessage: 'Show all invoices' },
  plan: { id: 'adminInvoices.plan', defaultMessage: 'Plan' },
  periodStart: { id: 'adminInvoices.periodStart', defaultMessage: 'First day billed' },
  periodEnd: { id: 'adminInvoices.periodEnd', defaultMessage: 'Last day billed' },
  amount: { id: 'adminInvoices.amount', defaultMessage: 'Amount (tax included)' },
  taxPercentage: { id: 'adminInvoices.taxPercentage', defaultMessage: 'Tax %' },
  createDraft: { id: 'adminInvoices.createDraft', defaultMessage: 'Create draft' },
  number: { id: 'adminInvoices.number', defaultMessage: 'Number' },
  draft: { id: 'adminInvoices.draft', defaultMessage: 'Draft' },
  period: { id: 'adminInvoices.period', defaultMessage: 'Period' },
  periodValue: { id: 'adminInvoices.periodValue', defaultMessage: '{start} – {end}' },
  status: { id: 'adminInvoices.status', defaultMessage: 'Status' },
  actions: { id: 'adminInvoices.actions', defaultMessage: 'Actions' },
  issue: { id: 'adminInvoices.issue', defaultMessage: 'Issue' },
  markPaid: { id: 'adminInvoices.markPaid', defaultMessage: 'Mark paid' },
  pdf: { id: 'adminInvoices.pdf', defaultMessage: 'PDF' },
  delete: { id: 'adminInvoices.delete', defaultMessage: 'Delete draft' },
  empty: { id: 'adminInvoices.empty', defaultMessage: 'No invoices yet.' },
  done: { id: 'adminInvoices.done', defaultMessage: 'Done' },
  failed: { id: 'adminInvoices.failed', defaultMessage: 'That did not work: {detail}' },
  cancel: { id: 'adminInvoices.cancel', defaultMessage: 'Cancel' },
});

/** Typed loosely so that messages with placeholders take their values. */
export const adminInvoiceMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
