import { Card, Group, NumberInput, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { BookingFormApi } from '../hooks/use-booking-form';
import { SeriesPreview } from './series-preview';

/** "Repeat" for a new booking: weekly or monthly, every n, a number of times or until a day; then which dates collide. */
export function BookingRepeat({ tenantId, form }: { tenantId: string; form: BookingFormApi }) {
  const intl = useIntl();
  const { control } = form;
  const errors = form.formState.errors;
  const [repeat, endKind] = useWatch({ control, name: ['repeat', 'endKind'] });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Controller
          control={control}
          name="repeat"
          render={({ field }) => (
            <Switch checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} label={intl.formatMessage({ id: 'appointments.form.repeat', defaultMessage: 'Repeat' })} />
          )}
        />
        {repeat ? (
          <>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Controller
                control={control}
                name="frequency"
                render={({ field }) => (
                  <SegmentedControl
                    aria-label={intl.formatMessage({ id: 'appointments.form.repeat.frequency', defaultMessage: 'How often' })}
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'RECURRENCE_FREQUENCY_WEEKLY', label: intl.formatMessage({ id: 'appointments.form.repeat.weekly', defaultMessage: 'Weekly' }) },
                      { value: 'RECURRENCE_FREQUENCY_MONTHLY', label: intl.formatMessage({ id: 'appointments.form.repeat.monthly', defaultMessage: 'Monthly' }) },
                    ]}
                  />
                )}
              />
              <Controller
                control={control}
                name="interval"
                render={({ field }) => (
                  <NumberInput
                    w={150}
                    min={1}
                    max={12}
                    label={intl.formatMessage({ id: 'appointments.form.repeat.interval', defaultMessage: 'Every (weeks or months)' })}
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
                  />
                )}
              />
              <Controller
                control={control}
                name="endKind"
                render={({ field }) => (
                  <SegmentedControl
                    aria-label={intl.formatMessage({ id: 'appointments.form.repeat.ends', defaultMessage: 'Ends' })}
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'count', label: intl.formatMessage({ id: 'appointments.form.repeat.byCount', defaultMessage: 'After a number of times' }) },
                      { value: 'until', label: intl.formatMessage({ id: 'appointments.form.repeat.byUntil', defaultMessage: 'On a date' }) },
                    ]}
                  />
                )}
              />
              {endKind === 'count' ? (
                <Controller
                  control={control}
                  name="count"
                  render={({ field }) => (
                    <NumberInput
                      w={130}
                      min={2}
                      max={104}
                      label={intl.formatMessage({ id: 'appointments.form.repeat.count.label', defaultMessage: 'Times in all' })}
                      value={field.value}
                      onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
                      error={errors.count?.message}
                    />
                  )}
                />
              ) : (
                <TextInput type="date" w={170} label={intl.formatMessage({ id: 'appointments.form.repeat.until.label', defaultMessage: 'Last day' })} {...form.register('until')} error={errors.until?.message} />
              )}
            </Group>
            <SeriesPreview tenantId={tenantId} form={form} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
