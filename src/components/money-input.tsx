import { TextInput, type TextInputProps } from '@mantine/core';
import { DEFAULT_CURRENCY_CODE, formatAmount, formatMoney, parseMoneyInput } from '~/lib/money';
import { useDecimalText } from './use-decimal-text';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /**
   * The amount in minor units of the currency (cents for EUR, yen for JPY, fils for KWD); null when
   * empty; NaN while the text is not an amount of the currency within the money module's bound.
   */
  value: number | null;
  onChange: (value: number | null) => void;
  /** ISO 4217 code of the amount, e.g. the business's currency. */
  currencyCode: string;
  /** A symbol to show instead of the currency's own (the business's currencySymbol). */
  currencySymbol?: string;
  /** Number formatting of the interface, e.g. 'es-ES': '25,50'. Both '.' and ',' are read as decimal marks. */
  locale: string;
}

/** The text shown for an amount: the currency's decimals always, no grouping ('1234,50' in es-ES for EUR, '1234' for JPY). */
export function moneyInputText(value: number | null, locale: string, currencyCode: string = DEFAULT_CURRENCY_CODE): string {
  if (value === null || !Number.isFinite(value)) return '';
  return formatAmount(value, locale, currencyCode, { grouping: false });
}

/** The currency symbol shown beside the field. */
function symbolOf(currencyCode: string, locale: string, currencySymbol?: string): string {
  if (currencySymbol) return currencySymbol;
  return formatMoney(0, { currencyCode, locale }).replace(/[\d.,\s\u00a0\u202f-]/g, '') || currencyCode;
}

/**
 * SPEC §2 "money input": an amount typed the way people type it ('25', '25.5', '25,50', '1.234,56'),
 * kept as integer minor units of the currency (src/lib/money.ts, common/money). What was typed stays as typed while the field has
 * the focus, and is tidied on leaving it; text that is not an amount reports NaN, so the form can
 * show its error and nothing typed is lost.
 */
export function MoneyInput({ value, onChange, currencyCode, currencySymbol, locale, onBlur, onFocus, ...props }: MoneyInputProps) {
  const text = useDecimalText<number | null>({
    value,
    onChange,
    onFocus,
    onBlur,
    format: (amount) => moneyInputText(amount, locale, currencyCode),
    // Empty is null; text that is not an amount of the currency is NaN.
    parse: (typed) => (typed.trim() === '' ? null : (parseMoneyInput(typed, locale, currencyCode) ?? Number.NaN)),
    // NaN from outside stands for the text being typed: it stays.
    keepsText: (amount, typed) => Number.isNaN(amount) && typed.trim() !== '',
  });
  const symbol = symbolOf(currencyCode, locale, currencySymbol);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={<span aria-hidden>{symbol}</span>}
      rightSection={<span aria-hidden style={{ fontSize: 'var(--mantine-font-size-xs)' }}>{currencyCode}</span>}
      rightSectionWidth={44}
      {...props}
      {...text}
    />
  );
}
