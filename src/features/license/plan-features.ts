import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PlanKey } from './hooks/use-subscription-offer';

/**
 * What each plan offers, as the plans page lists it (issue 18): written here, translated with the
 * app's messages, not sent by the server's catalogue; only what Cita does today (the calendar and the
 * online booking page with e-mail reminders, customers, services and inventory, sales, invoices and
 * expenses, the receipt scan of an expense, reports and statistics, printable QR codes).
 */
const messages = defineMessages({
  calendar: { id: 'license.plan.feature.calendar', defaultMessage: 'Calendar with unlimited appointments' },
  booking: { id: 'license.plan.feature.booking', defaultMessage: 'Online booking page and e-mail reminders' },
  catalogue: { id: 'license.plan.feature.catalogue', defaultMessage: 'Customers, services and inventory' },
  books: { id: 'license.plan.feature.books', defaultMessage: 'Sales, invoices and expenses' },
  everythingInPro: { id: 'license.plan.feature.everythingInPro', defaultMessage: 'Everything in Pro' },
  receipts: { id: 'license.plan.feature.receipts', defaultMessage: 'Expenses read from a photo of the receipt' },
  reports: { id: 'license.plan.feature.reports', defaultMessage: 'Reports and statistics' },
  qrCodes: { id: 'license.plan.feature.qrCodes', defaultMessage: 'Printable QR codes' },
});

export const PLAN_FEATURES: Record<PlanKey, readonly MessageDescriptor[]> = {
  pro: [messages.calendar, messages.booking, messages.catalogue, messages.books],
  premium: [messages.everythingInPro, messages.receipts, messages.reports, messages.qrCodes],
};
