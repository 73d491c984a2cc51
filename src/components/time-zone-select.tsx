import { Select, type SelectProps } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { browserTimeZone, timeZoneLabel, timeZoneOptions } from '~/lib/time-zones';

export interface TimeZoneSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> {
  value: string;
  onChange: (value: string) => void;
}

/** A searchable list of IANA time zones; the saved and the browser's zone are always offered. */
export function TimeZoneSelect({ value, onChange, ...props }: TimeZoneSelectProps) {
  const intl = useIntl();
  const data = useMemo(
    () => timeZoneOptions([value, browserTimeZone()]).map((zone) => ({ value: zone, label: timeZoneLabel(zone) })),
    [value],
  );
  return (
    <Select
      searchable
      allowDeselect={false}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      leftSection={<IconWorld size={16} aria-hidden />}
      nothingFoundMessage={intl.formatMessage({ id: 'timeZoneSelect.nothingFound', defaultMessage: 'No time zone matches.' })}
      limit={100}
      comboboxProps={{ keepMounted: false }}
      {...props}
    />
  );
}
