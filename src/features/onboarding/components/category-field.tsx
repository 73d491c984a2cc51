import { Select, type ComboboxItem } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadError } from '~/components/load-error';

/** The kind-of-business select of the onboarding forms, fed by the configuration's categories. */
export function CategoryField<T extends FieldValues>({
  control,
  name,
  label,
  categories,
  configuration,
  disabled,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  categories: ComboboxItem[];
  configuration: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  disabled?: boolean;
  error?: string;
}) {
  const intl = useIntl();
  if (configuration.isError) {
    return (
      <LoadError
        title={<FormattedMessage id="onboarding.how.categories.error" defaultMessage="The list of business kinds could not be loaded" />}
        onRetry={() => void configuration.refetch()}
        retrying={configuration.isFetching}
      />
    );
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={
            configuration.isPending
              ? intl.formatMessage({ id: 'onboarding.how.category.loading', defaultMessage: 'Loading…' })
              : intl.formatMessage({ id: 'onboarding.how.category.placeholder', defaultMessage: 'Choose one' })
          }
          required
          searchable
          data={categories}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={configuration.isPending || disabled}
          nothingFoundMessage={intl.formatMessage({ id: 'onboarding.how.category.none', defaultMessage: 'No options.' })}
          error={error}
        />
      )}
    />
  );
}
