// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RateInput } from './rate-input';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);
afterEach(cleanup);

const LABEL = 'Tax rate';

function Harness({ initial, locale, seen }: { initial: number | string; locale: string; seen: Array<number | string> }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <MantineProvider>
      <RateInput
        label={LABEL}
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
        locale={locale}
      />
      <button type="button" data-testid="reset" onClick={() => setValue(21)} />
    </MantineProvider>
  );
}

const type = (input: HTMLElement, text: string) =>
  act(() => {
    input.focus();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
  });

describe('RateInput', () => {
  it("shows 8.875 % as '8,875' in es-ES and reads both decimal marks", () => {
    const seen: Array<number | string> = [];
    render(<Harness initial={8.875} locale="es-ES" seen={seen} />);
    const input = screen.getByRole('textbox', { name: LABEL });
    expect(input).toHaveProperty('value', '8,875');
    type(input, '4.5');
    expect(seen.at(-1)).toBe(4.5);
    type(input, '8,875');
    expect(seen.at(-1)).toBe(8.875);
    act(() => fireEvent.blur(input));
    expect(input).toHaveProperty('value', '8,875');
    // A value set from outside (a reset) is shown.
    act(() => fireEvent.click(screen.getByTestId('reset')));
    expect(input).toHaveProperty('value', '21');
  });

  it("shows '8.875' in en-US, tidies '8,875' to it, and reports text that is not a number as typed", () => {
    const seen: Array<number | string> = [];
    render(<Harness initial="" locale="en-US" seen={seen} />);
    const input = screen.getByRole('textbox', { name: LABEL });
    expect(input).toHaveProperty('value', '');
    type(input, '8,875');
    expect(seen.at(-1)).toBe(8.875);
    act(() => fireEvent.blur(input));
    expect(input).toHaveProperty('value', '8.875');
    type(input, 'eight');
    expect(seen.at(-1)).toBe('eight');
    act(() => fireEvent.blur(input));
    expect(input).toHaveProperty('value', 'eight');
  });
});
