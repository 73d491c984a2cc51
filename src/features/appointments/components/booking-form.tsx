import { Alert, Button, Card, Group, Stack, Textarea } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TeamMember, Tenant } from '@generated/types.gen';
import { useBookingForm } from '../hooks/use-booking-form';
import type { BookingFormInput, BookingFormValues } from '../schemas/booking-form-schema';
import { BookingCustomerField } from './booking-customer-field';
import { BookingReminders } from './booking-reminders';
import { BookingRepeat } from './booking-repeat';
import { BookingServicesField } from './booking-services-field';
import { BookingTimeFields } from './booking-time-fields';

export interface BookingFormProps {
  tenant: Tenant;
  members: TeamMember[];
  /** Owners and administrators book for anyone; a member for themselves. */
  canChooseMember: boolean;
  defaultValues: BookingFormInput;
  /** The edit of an existing appointment: no repeat. */
  editing?: boolean;
  pending: boolean;
  error?: React.ReactNode;
  onSubmit: (values: BookingFormValues) => void;
  onCancel: () => void;
}

/** Customer, services (durations and prices add up), member, distinction, times on the 5-minute grid, notes, reminders, repeat. */
export function BookingForm({ tenant, members, canChooseMember, defaultValues, editing = false, pending, error, onSubmit, onCancel }: BookingFormProps) {
  const intl = useIntl();
  const { form, services } = useBookingForm(tenant, defaultValues);

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <BookingCustomerField tenantId={tenant.id} form={form} />
            <BookingServicesField form={form} services={services} currencyCode={tenant.currency.currencyCode} />
            <BookingTimeFields tenantId={tenant.id} form={form} members={members} canChooseMember={canChooseMember} />
            <Textarea
              autosize
              minRows={2}
              label={intl.formatMessage({ id: 'appointments.form.notes', defaultMessage: 'Notes for the team' })}
              {...form.register('notes')}
              error={form.formState.errors.notes?.message}
            />
          </Stack>
        </Card>

        <BookingReminders form={form} />

        {editing ? null : <BookingRepeat tenantId={tenant.id} form={form} />}

        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="booking-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage id="appointments.form.cancel" defaultMessage="Cancel" />
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? (
              <FormattedMessage id="appointments.form.save" defaultMessage="Save changes" />
            ) : (
              <FormattedMessage id="appointments.form.book" defaultMessage="Book" />
            )}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
