import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { parseRateText, rateInputText } from '~/lib/percent';

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
  const [text, setText] = useState(() => rateInputText(value, locale));
  const [focused, setFocused] = useState(false);
  // Follows a value set from outside (a form reset, a country chosen) while the person is not typing.
  const [shown, setShown] = useState(value);
  if (!focused && !Object.is(value, shown)) {
    setShown(value);
    setText(rateInputText(value, locale));
  }
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection={<span aria-hidden>{PERCENT_SIGN}</span>}
      {...props}
      value={text}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = parseRateText(next);
        setShown(parsed);
        onChange(parsed);
      }}
      onBlur={(event) => {
        setFocused(false);
        const parsed = parseRateText(text);
        if (typeof parsed === 'number') setText(rateInputText(parsed, locale));
        onBlur?.(event);
      }}
    />
  );
}
