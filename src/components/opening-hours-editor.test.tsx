// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeekSchedule, type WeekSchedule } from '~/lib/opening-hours';
import { OpeningHoursEditor } from './opening-hours-editor';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);

afterEach(cleanup);

let latest: WeekSchedule;

function Harness({ initial }: { initial: WeekSchedule }) {
  const [value, setValue] = useState(initial);
  const change = (next: WeekSchedule) => {
    latest = next;
    setValue(next);
  };
  return (
    <MantineProvider>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <OpeningHoursEditor value={value} onChange={change} />
      </IntlProvider>
    </MantineProvider>
  );
}

describe('OpeningHoursEditor', () => {
  it('shows a translated error next to a range that ends before it starts', () => {
    const initial = defaultWeekSchedule();
    initial.tuesday.ranges = [{ start: '18:00', end: '09:00' }];
    render(<Harness initial={initial} />);
    expect(screen.getByRole('alert').textContent).toBe('The closing time must be after the opening time.');
  });

  it('copies Monday to the other weekdays, leaving the weekend', () => {
    const initial = defaultWeekSchedule();
    initial.monday.ranges = [{ start: '08:00', end: '13:00' }, { start: '15:00', end: '19:00' }];
    render(<Harness initial={initial} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' })));
    expect(latest.friday.ranges).toEqual(initial.monday.ranges);
    expect(latest.saturday.open).toBe(false);
  });

  it('adds hours after the last range and closes a day keeping its hours', () => {
    render(<Harness initial={defaultWeekSchedule()} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Add hours on Wednesday' })));
    expect(latest.wednesday.ranges).toEqual([{ start: '09:00', end: '18:00' }, { start: '19:00', end: '20:00' }]);
    act(() => fireEvent.click(screen.getByRole('switch', { name: /Wednesday/ })));
    expect(latest.wednesday.open).toBe(false);
    expect(latest.wednesday.ranges).toHaveLength(2);
    expect(screen.queryByRole('combobox', { name: 'Opening time 1, Wednesday' })).toBeNull();
  });

  it('removes a range', () => {
    render(<Harness initial={defaultWeekSchedule()} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove hours 1, Monday' })));
    expect(latest.monday.ranges).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Add opening hours or mark the day as closed.');
  });
});
