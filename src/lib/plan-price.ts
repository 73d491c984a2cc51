import { formatMoney } from './money.ts';

/** A plan's price as people of the interface language write it ('€19.90', '19,90 €'). */

export interface PlanPrice {
  /** Minor units. */
  amount: number;
  /** ISO 4217. */
  currency: string;
}

/** Languages that write the symbol after the amount. */
const SYMBOL_AFTER_LANGUAGES = ['es', 'ca', 'gl', 'fr', 'de', 'it', 'pt'];

export function formatPlanPrice(price: PlanPrice, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  return formatMoney(price.amount, {
    currencyCode: price.currency,
    locale,
    symbolAfter: SYMBOL_AFTER_LANGUAGES.includes(language),
  });
}
