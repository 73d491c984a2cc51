// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TimeInput } from './time-input';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);

afterEach(cleanup);

const LABEL = 'Opens at';
const changes: string[] = [];

function Harness({ initial = '09:00' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const change = (next: string) => {
    changes.push(next);
    setValue(next);
  };
  return (
    <MantineProvider>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <TimeInput value={value} onChange={change} aria-label={LABEL} />
      </IntlProvider>
    </MantineProvider>
  );
}

describe('TimeInput', () => {
  it('is picked with the keyboard: type a time, then Enter', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: LABEL });
    act(() => {
      input.focus();
      fireEvent.change(input, { target: { value: '1730' } });
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['17:30']);
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    });
    expect(changes.at(-1)).toBe('17:30');
  });

  it('offers only 5-minute steps', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: LABEL });
    act(() => {
      input.focus();
      fireEvent.change(input, { target: { value: '9:0' } });
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['09:00', '09:05']);
  });

  it('shows the time again when the time already chosen is picked from the list', () => {
    // Typing "1045" when 10:45 is already the value, then Enter (or a click on 10:45): nothing
    // changes, and the field reads "10:45", not the digits typed.
    render(<Harness initial="10:45" />);
    const input = screen.getByRole('combobox', { name: LABEL });
    act(() => {
      input.focus();
      fireEvent.change(input, { target: { value: '1045' } });
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10:45']);
    const before = changes.length;
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    });
    expect(input).toHaveProperty('value', '10:45');
    expect(changes.length).toBe(before);
  });

  it('shows the time again when the chosen time is clicked in the list', () => {
    render(<Harness initial="10:45" />);
    const input = screen.getByRole('combobox', { name: LABEL });
    act(() => {
      input.focus();
      fireEvent.change(input, { target: { value: '10:4' } });
    });
    act(() => {
      fireEvent.click(screen.getByRole('option', { name: '10:45' }));
    });
    expect(input).toHaveProperty('value', '10:45');
  });
});
