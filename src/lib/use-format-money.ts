import { useCallback } from 'react';
import { formatMoney, writesSymbolAfter } from './money';
import { useLocale } from './use-locale';

/** Formats the API's Money ({amount in minor units, currency}) in the interface's language: es-ES '18,50 €', en-US '€18.50'. */
export function useFormatMoney(): (money: { amount: number; currency: string }) => string {
  const locale = useLocale();
  return useCallback((money) => formatMoney(money.amount, { currencyCode: money.currency, locale, symbolAfter: writesSymbolAfter(locale) }), [locale]);
}
