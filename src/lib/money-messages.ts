import { defineMessages, type MessageDescriptor } from 'react-intl';
import { MAX_AMOUNT_MINOR, MAX_TAX_RATES, MONEY_ERRORS, type AmountRange, type MoneyErrorCode } from '@common/money';
import { formatAmount, fractionDigitsOf } from './money.ts';

/**
 * The money module's refusals in the interface language: one message per code (common/money
 * MONEY_ERRORS), whether the code came from a form reading what was typed or from the server's 422.
 * The messages take moneyMessageValues().
 */
export const moneyErrorMessages: Record<MoneyErrorCode, MessageDescriptor> = defineMessages({
  not_a_number: { id: 'money.error.notANumber', defaultMessage: 'Enter an amount, like {example}.' },
  too_many_decimals: {
    id: 'money.error.tooManyDecimals',
    defaultMessage: '{digits, plural, =0 {Amounts in {currency} have no decimals: enter one like {example}.} one {Use at most one decimal, like {example}.} other {Use at most # decimals, like {example}.}}',
  },
  out_of_range: { id: 'money.error.outOfRange', defaultMessage: 'Enter an amount from {min} to {max}.' },
  unknown_currency: { id: 'money.error.unknownCurrency', defaultMessage: 'Cita does not support this currency.' },
  too_many_tax_rates: { id: 'money.error.tooManyTaxRates', defaultMessage: 'Use at most {maxTaxRates} different tax rates in one document.' },
  invalid_exemption: { id: 'money.error.invalidExemption', defaultMessage: 'An exempt line needs its exemption reason (E1 to E6) and no tax rate.' },
  mixed_signs: { id: 'money.error.mixedSigns', defaultMessage: 'A discount on the whole document needs lines that are all sales or all refunds.' },
});

/** Is this problem code one of the money module's? */
export const isMoneyErrorCode = (code: unknown): code is MoneyErrorCode => (Object.values(MONEY_ERRORS) as unknown[]).includes(code);

export interface MoneyMessageValues extends Record<string, string | number> {
  currency: string;
  /** The currency's decimals. */
  digits: number;
  /** 25 of the currency as typed in the interface language: '25.00', '25,00', '25' (JPY), '25.000' (KWD). */
  example: string;
  /** The smallest and largest amount a field takes, formatted: '0.00' and '10,000,000,000.00'. */
  min: string;
  max: string;
  maxTaxRates: number;
}

/** The values of the money messages for a currency and an interface language. */
export function moneyMessageValues(currency: string, locale: string, range: AmountRange = {}): MoneyMessageValues {
  const digits = fractionDigitsOf(currency);
  return {
    currency,
    digits,
    example: formatAmount(25 * 10 ** digits, locale, currency, { grouping: false }),
    min: formatAmount(range.allowNegative ? -MAX_AMOUNT_MINOR : 0, locale, currency),
    max: formatAmount(MAX_AMOUNT_MINOR, locale, currency),
    maxTaxRates: MAX_TAX_RATES,
  };
}
