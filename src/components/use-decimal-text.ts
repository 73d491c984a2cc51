import { useState, type ChangeEvent, type FocusEvent } from 'react';

export interface DecimalTextOptions<T> {
  /** The value the form holds. */
  value: T;
  onChange: (value: T) => void;
  /** The tidy text of a value, shown while the field has no focus. */
  format: (value: T) => string;
  /** What a text stands for: a number when it is one, else the field's own empty or invalid value. */
  parse: (text: string) => T;
  /** Whether a value set from outside leaves the text as typed (a money input's NaN stands for any text that is not an amount). */
  keepsText?: (value: T, text: string) => boolean;
  onFocus?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
}

/**
 * The text of a decimal input (MoneyInput, RateInput): what is typed stays as typed while the field
 * has the focus, each change reporting what it parses to; leaving the field tidies a number's text
 * (format); a value set from outside (a form reset) is shown while the person is not typing. Answers
 * the TextInput's value and handlers.
 */
export function useDecimalText<T>({ value, onChange, format, parse, keepsText, onFocus, onBlur }: DecimalTextOptions<T>) {
  const [text, setText] = useState(() => format(value));
  const [focused, setFocused] = useState(false);
  // Follows a value set from outside while the person is not typing.
  const [shown, setShown] = useState(value);
  if (!focused && !Object.is(value, shown)) {
    setShown(value);
    if (!keepsText?.(value, text)) setText(format(value));
  }
  return {
    value: text,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      setFocused(true);
      onFocus?.(event);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = event.currentTarget.value;
      setText(next);
      const parsed = parse(next);
      setShown(parsed);
      onChange(parsed);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      setFocused(false);
      const parsed = parse(text);
      if (typeof parsed === 'number' && !Number.isNaN(parsed)) setText(format(parsed));
      onBlur?.(event);
    },
  };
}
