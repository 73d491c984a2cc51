import type { HandlerDeps } from '../../kit/context.ts';
import { paymentTransactionHandlers } from './payments.ts';
import { saleHandlers } from './sales.ts';

/** The till's operations: sales (charge, void, refund) and their payment transactions (cash-up included). */
export function salesDomainHandlers(deps: HandlerDeps) {
  return { ...saleHandlers(deps), ...paymentTransactionHandlers(deps) };
}
