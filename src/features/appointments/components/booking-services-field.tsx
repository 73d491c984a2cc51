import { MultiSelect } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { Service } from '@generated/types.gen';
import { formatMoney } from '~/lib/money';
import type { BookingFormApi } from '../hooks/use-booking-form';

/** The booking's services; their durations and prices add up below the field. */
export function BookingServicesField({ form, services, currencyCode }: { form: BookingFormApi; services: Service[]; currencyCode: string }) {
  const intl = useIntl();
  const serviceIds = useWatch({ control: form.control, name: 'serviceIds' });
  const chosen = services.filter((service) => serviceIds.includes(service.id));
  const totalMinutes = chosen.reduce((sum, service) => sum + service.durationMinutes, 0);
  const totalAmount = chosen.reduce((sum, service) => sum + service.price.amount, 0);

  return (
    <Controller
      control={form.control}
      name="serviceIds"
      render={({ field }) => (
        <MultiSelect
          required
          searchable
          label={intl.formatMessage({ id: 'appointments.form.services', defaultMessage: 'Services' })}
          data={services.map((service) => ({
            value: service.id,
            label: `${service.name} · ${intl.formatMessage({ id: 'appointments.form.minutes', defaultMessage: '{minutes} min' }, { minutes: service.durationMinutes })}`,
          }))}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={form.formState.errors.serviceIds?.message}
          description={
            chosen.length > 0
              ? intl.formatMessage(
                  { id: 'appointments.form.services.total', defaultMessage: 'Total: {minutes} min, {price}' },
                  { minutes: totalMinutes, price: formatMoney(totalAmount, { currencyCode, locale: intl.locale }) },
                )
              : undefined
          }
        />
      )}
    />
  );
}
