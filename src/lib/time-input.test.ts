import { describe, expect, it } from 'vitest';
import { matchesTimeSearch, timeInputOptions } from './time-input.ts';

describe('timeInputOptions', () => {
  it('offers 5-minute steps', () => {
    const options = timeInputOptions();
    expect(options).toHaveLength(288);
    expect(options[0]?.value).toBe('00:00');
    expect(options.at(-1)?.value).toBe('23:55');
  });

  it('adds 23:59 for the end of a day when asked', () => {
    expect(timeInputOptions(null, true).at(-1)?.value).toBe('23:59');
    expect(timeInputOptions('23:59', true).filter((option) => option.value === '23:59')).toHaveLength(1);
  });

  it('keeps a saved value off the steps, in order', () => {
    const values = timeInputOptions('09:32').map((option) => option.value);
    expect(values).toHaveLength(289);
    expect(values.slice(values.indexOf('09:30'), values.indexOf('09:30') + 3)).toEqual(['09:30', '09:32', '09:35']);
    expect(timeInputOptions('23:57').at(-1)?.value).toBe('23:57');
  });

  it('ignores values that are not times', () => {
    expect(timeInputOptions('later')).toHaveLength(288);
  });
});

describe('matchesTimeSearch', () => {
  const matches = (search: string) =>
    timeInputOptions()
      .map((option) => option.value)
      .filter((value) => matchesTimeSearch(value, search));

  it('finds an exact time however it is typed', () => {
    for (const search of ['09:30', '9:30', '9.30', '930', '0930', '9h30']) expect(matches(search)).toEqual(['09:30']);
  });

  it('narrows by hour and minute prefix', () => {
    expect(matches('9:3')).toEqual(['09:30', '09:35']);
    expect(matches('17')).toHaveLength(12);
    expect(matches('1')).toContain('10:00');
    expect(matches('1')).toContain('01:00');
  });

  it('shows everything for an empty search and nothing for text', () => {
    expect(matches('')).toHaveLength(288);
    expect(matches('noon')).toEqual([]);
  });
});
