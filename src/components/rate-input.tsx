import { TextInput, type TextInputProps } from '@mantine/core';
import { parseRateText, rateInputText } from '~/lib/percent';
import { useDecimalText } from './use-decimal-text';

const PERCENT_SIGN = '%';

export interface RateInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** The rate in percent (8.875); '' when empty; the text as typed while it is not a number. */
  value: number | string | null | undefined;
  onChange: (value: number | string) => void;
  /** Number formatting of the interface ('es-ES': '8,875'); both '.' and ',' are read as decimal marks. */
  locale: string;
}

/**
 * A percentage input (tax rate, discount, commission) with up to three decimals (New York City's
 * 8.875 %), typed with either decimal mark. It reports a number when the text is one, '' when empty,
 * and the text itself otherwise (like Mantine's NumberInput), so that a schema can show the error.
 */
export function RateInput({ value, onChange, locale, onBlur, onFocus, ...props }: RateInputProps) {
  const text = useDecimalText<number | string | null | undefined>({
    value,
    // parseRateText always answers a number or the text; the hook's type also holds the value's null.
    onChange: (rate) => onChange(rate ?? ''),
    onFocus,
    onBlur,
    format: (rate) => rateInputText(rate, locale),
    parse: parseRateText,
  });
  return <TextInput inputMode="decimal" autoComplete="off" rightSection={<span aria-hidden>{PERCENT_SIGN}</span>} {...props} {...text} />;
}
