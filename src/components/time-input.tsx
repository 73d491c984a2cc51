import { Select, type SelectProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { matchesTimeSearch, timeInputOptions } from '~/lib/time-input';

export interface TimeInputProps
  extends Omit<SelectProps, 'data' | 'value' | 'defaultValue' | 'onChange' | 'filter' | 'searchable'> {
  /** 'HH:mm', or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Offer 23:59 ("until the end of the day") after 23:55. */
  allowEndOfDay?: boolean;
}

/**
 * SPEC §2 "time input", §5: hours 0-23 and minutes in 5-minute steps. Type to narrow ('930', '9:3',
 * '17'), arrows and Enter to pick.
 */
export function TimeInput({ value, onChange, allowEndOfDay = false, w = 110, onOptionSubmit, ...props }: TimeInputProps) {
  const intl = useIntl();
  const data = useMemo(() => timeInputOptions(value, allowEndOfDay), [value, allowEndOfDay]);
  // The text in the field is ours: picking the time already chosen changes no value, so Select would
  // leave what was typed ('1045') in place of '10:45'.
  const [search, setSearch] = useState(value);
  return (
    <Select
      w={w}
      searchable
      // Typing '930' highlights 09:30, so Enter picks it.
      selectFirstOptionOnChange
      allowDeselect={false}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(picked) => {
        setSearch(data.find((option) => option.value === picked)?.label ?? picked);
        onOptionSubmit?.(picked);
      }}
      filter={({ options, search }) =>
        options.filter((option) => 'value' in option && matchesTimeSearch(String(option.value), search))
      }
      leftSection={<IconClock size={16} aria-hidden />}
      nothingFoundMessage={intl.formatMessage({ id: 'timeInput.nothingFound', defaultMessage: 'No such time.' })}
      maxDropdownHeight={240}
      // Options mount only while open: a week of opening hours has dozens of these inputs.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      {...props}
    />
  );
}
