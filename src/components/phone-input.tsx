import { Group, Input, Select, TextInput } from '@mantine/core';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { countries, findCountryByDialCode } from '~/lib/countries';
import { usePhoneWidth } from '~/lib/use-phone-width';
import { CountryFlag } from './country-flag';
import type { PhoneValue } from '~/lib/phone-field';

export interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  label: ReactNode;
  description?: ReactNode;
  /** Interface language, for the country names. */
  language: string;
  countryError?: ReactNode;
  numberError?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A phone number with its country (SPEC §3 country entries: Spain first, then alphabetical): the
 * country sets the dial code, the number is typed as the person is used to writing it.
 */
export function PhoneInput({ value, onChange, onBlur, label, description, language, countryError, numberError, required, disabled }: PhoneInputProps) {
  const intl = useIntl();
  const id = useId();
  const list = useMemo(() => countries(language), [language]);
  // On a phone the closed field shows the flag and the dial code only (a country's name was cut to
  // "España (+"); the list shows and searches the names at every width.
  const phone = usePhoneWidth();
  const names = useMemo(() => new Map(list.map((country) => [country.code, `${country.name} (${country.dial_code})`])), [list]);
  const data = useMemo(
    () => list.map((country) => ({ value: country.code, label: phone ? country.dial_code : (names.get(country.code) ?? country.code) })),
    [list, names, phone],
  );
  const selected = findCountryByDialCode(value.countryCode, language)?.code ?? null;
  const error = countryError ?? numberError;
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} labelElement="label" id={`${id}-number`}>
      <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
        <Select
          w={{ base: 116, xs: 220 }}
          style={{ flexShrink: 0 }}
          searchable
          allowDeselect={false}
          data={data}
          filter={({ options, search }) => {
            const wanted = search.trim().toLowerCase();
            return (options as Array<{ value: string; label: string }>).filter((option) => (names.get(option.value) ?? option.label).toLowerCase().includes(wanted));
          }}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <CountryFlag code={option.value} />
              <span>{names.get(option.value) ?? option.label}</span>
            </Group>
          )}
          leftSection={selected ? <CountryFlag code={selected} /> : null}
          value={selected}
          onChange={(code) => {
            const country = list.find((item) => item.code === code);
            if (country) onChange({ ...value, countryCode: country.dial_code });
          }}
          onBlur={onBlur}
          disabled={disabled}
          error={Boolean(countryError)}
          aria-label={intl.formatMessage({ id: 'phoneInput.country', defaultMessage: 'Country code' })}
          nothingFoundMessage={intl.formatMessage({ id: 'phoneInput.nothingFound', defaultMessage: 'No country matches.' })}
          comboboxProps={{ width: 320, position: 'bottom-start', keepMounted: false }}
        />
        <TextInput
          id={`${id}-number`}
          style={{ flex: 1, minWidth: 0 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.currentTarget.value })}
          onBlur={onBlur}
          disabled={disabled}
          error={Boolean(numberError)}
          aria-invalid={Boolean(numberError)}
          aria-describedby={error ? `${id}-number-error` : undefined}
        />
      </Group>
    </Input.Wrapper>
  );
}
