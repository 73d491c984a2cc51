// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MoneyInput, moneyInputText } from './money-input';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);
afterEach(cleanup);

const LABEL = 'Price';

function Harness({ initial, locale, seen, currencyCode = 'EUR' }: { initial: number | null; locale: string; seen: Array<number | null>; currencyCode?: string }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <MantineProvider>
      <MoneyInput
        label={LABEL}
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
        currencyCode={currencyCode}
        locale={locale}
      />
      <button type="button" data-testid="reset" onClick={() => setValue(999)} />
    </MantineProvider>
  );
}

const type = (input: HTMLElement, text: string) =>
  act(() => {
    input.focus();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
  });

describe('MoneyInput', () => {
  it('shows minor units as an amount in the interface language', () => {
    expect(moneyInputText(2550, 'es-ES')).toBe('25,50');
    expect(moneyInputText(123456, 'en-US')).toBe('1234.56');
    expect(moneyInputText(null, 'en-US')).toBe('');
  });

  it('reads what people type into minor units and tidies it on leaving the field', () => {
    const seen: Array<number | null> = [];
    render(<Harness initial={2500} locale="es-ES" seen={seen} />);
    const input = screen.getByRole('textbox', { name: LABEL });
    expect(input).toHaveProperty('value', '25,00');
    type(input, '1.234,5');
    expect(seen.at(-1)).toBe(123450);
    act(() => {
      fireEvent.blur(input);
    });
    expect(input).toHaveProperty('value', '1234,50');
    type(input, '');
    expect(seen.at(-1)).toBeNull();
  });

  it('keeps text that is not an amount and reports NaN, so the form can say so', () => {
    const seen: Array<number | null> = [];
    render(<Harness initial={null} locale="en-US" seen={seen} />);
    const input = screen.getByRole('textbox', { name: LABEL });
    type(input, '12.345');
    expect(Number.isNaN(seen.at(-1))).toBe(true);
    act(() => {
      fireEvent.blur(input);
    });
    expect(input).toHaveProperty('value', '12.345');
  });

  it('follows a value set from outside while not typing', () => {
    render(<Harness initial={100} locale="en-US" seen={[]} />);
    act(() => {
      fireEvent.click(screen.getByTestId('reset'));
    });
    expect(screen.getByRole('textbox', { name: LABEL })).toHaveProperty('value', '9.99');
  });

  it('in a yen business: whole yen, no decimals', () => {
    expect(moneyInputText(2500, 'en-US', 'JPY')).toBe('2500');
    const seen: Array<number | null> = [];
    render(<Harness initial={2500} locale="es-ES" seen={seen} currencyCode="JPY" />);
    const input = screen.getByRole('textbox', { name: LABEL });
    expect(input).toHaveProperty('value', '2500');
    type(input, '3.000');
    expect(seen.at(-1)).toBe(3000);
    act(() => {
      fireEvent.blur(input);
    });
    expect(input).toHaveProperty('value', '3000');
    type(input, '30,5');
    expect(Number.isNaN(seen.at(-1))).toBe(true);
  });

  it('in a Kuwaiti dinar business: three decimals', () => {
    expect(moneyInputText(1500, 'es-ES', 'KWD')).toBe('1,500');
    const seen: Array<number | null> = [];
    render(<Harness initial={1500} locale="en-US" seen={seen} currencyCode="KWD" />);
    const input = screen.getByRole('textbox', { name: LABEL });
    expect(input).toHaveProperty('value', '1.500');
    type(input, '12.345');
    expect(seen.at(-1)).toBe(12345);
    type(input, '2.5');
    expect(seen.at(-1)).toBe(2500);
    act(() => {
      fireEvent.blur(input);
    });
    expect(input).toHaveProperty('value', '2.500');
    type(input, '1.2345');
    expect(Number.isNaN(seen.at(-1))).toBe(true);
  });

  it('refuses an amount beyond the money module’s bound', () => {
    const seen: Array<number | null> = [];
    render(<Harness initial={null} locale="en-US" seen={seen} />);
    const input = screen.getByRole('textbox', { name: LABEL });
    type(input, '10000000000');
    expect(seen.at(-1)).toBe(1_000_000_000_000);
    type(input, '10000000000.01');
    expect(Number.isNaN(seen.at(-1))).toBe(true);
  });
});
