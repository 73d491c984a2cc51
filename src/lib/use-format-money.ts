import { useCallback } from 'react';
import { formatMoney } from './money';
import { useLocale } from './use-locale';

/** Formats the API's Money ({amount in minor units, currency}) in the interface's language. */
export function useFormatMoney(): (money: { amount: number; currency: string }) => string {
  const locale = useLocale();
  return useCallback((money) => formatMoney(money.amount, { currencyCode: money.currency, locale }), [locale]);
}
