import type { HandlerDeps } from '../../kit/context.ts';
import { adminInvoiceHandlers } from './admin.ts';
import { invoiceHandlers } from './invoices.ts';

/** Every operation of the invoices domain: the business's invoices and settings, and Cita's own invoices to its tenants. */
export function invoicesDomainHandlers(deps: HandlerDeps) {
  return { ...invoiceHandlers(deps), ...adminInvoiceHandlers(deps) };
}
