import { formatMoney, writesSymbolAfter } from './money.ts';

/** A plan's price as people of the interface language write it ('€19.90', '19,90 €'). */

export interface PlanPrice {
  /** Minor units. */
  amount: number;
  /** ISO 4217. */
  currency: string;
}

export function formatPlanPrice(price: PlanPrice, locale: string): string {
  return formatMoney(price.amount, { currencyCode: price.currency, locale, symbolAfter: writesSymbolAfter(locale) });
}
