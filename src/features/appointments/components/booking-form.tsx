import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Card, Checkbox, Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { listAppointmentDistinctionsOptions, listServicesOptions, previewAppointmentSeriesOptions, searchCustomersOptions } from '@generated/@tanstack/react-query.gen';
import type { TeamMember, Tenant } from '@generated/types.gen';
import { TimeInput } from '~/components/time-input';
import { issueErrorMap } from '~/lib/form-issues';
import { formatMoney } from '~/lib/money';
import { formatDateTimeMedium } from '~/lib/temporal';
import { memberName } from '../hooks/use-team';
import {
  appointmentInputFromForm,
  bookingFormSchema,
  bookingIssueMessages,
  endTimeFor,
  recurrenceFromForm,
  type BookingFormInput,
  type BookingFormValues,
} from '../schemas/booking-form-schema';
import { QuickCustomerModal } from './quick-customer-modal';
import { REMINDER_CHANNELS, REMINDER_TIMES, reminderChannelLabels, reminderTimeLabel as reminderTimeLabelOf } from '~/lib/reminder-labels';

const CHANNELS = REMINDER_CHANNELS;

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
  const resolver = useMemo(
    () => zodResolver(bookingFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), bookingIssueMessages) }),
    [intl],
  );
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({ resolver, mode: 'onTouched', defaultValues });
  const { control, setValue, formState } = form;
  const errors = formState.errors;

  const services = useQuery({ ...listServicesOptions({ path: { tenantId: tenant.id }, query: { limit: 200, active: true, sort: 'name' } }), staleTime: 60_000 });
  const distinctions = useQuery({ ...listAppointmentDistinctionsOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }), staleTime: 60_000 });
  const serviceList = useMemo(() => services.data?.items ?? [], [services.data]);

  const [date, startTime, serviceIds, customerLabel, repeat, endKind] = useWatch({ control, name: ['date', 'startTime', 'serviceIds', 'customerLabel', 'repeat', 'endKind'] });
  // The end follows the start and the services; the user may still change it by hand afterwards.
  const followKey = `${date}|${startTime}|${serviceIds.join(',')}`;
  const lastFollow = useRef(followKey);
  useEffect(() => {
    if (lastFollow.current === followKey) return;
    lastFollow.current = followKey;
    const end = endTimeFor(date, startTime, serviceIds, serviceList);
    if (end) setValue('endTime', end, { shouldValidate: formState.isSubmitted });
  }, [date, followKey, formState.isSubmitted, serviceIds, serviceList, setValue, startTime]);

  const chosen = serviceList.filter((service) => serviceIds.includes(service.id));
  const totalMinutes = chosen.reduce((sum, service) => sum + service.durationMinutes, 0);
  const totalAmount = chosen.reduce((sum, service) => sum + service.price.amount, 0);

  // Customer search as you type.
  const [customerSearch, setCustomerSearch] = [useWatch({ control, name: 'customerLabel' }), (value: string) => setValue('customerLabel', value)];
  const [pattern] = useDebouncedValue(customerSearch.trim(), 250);
  const customers = useQuery({
    ...searchCustomersOptions({ path: { tenantId: tenant.id, pattern }, query: { limit: 10 } }),
    enabled: pattern.length >= 2,
    staleTime: 30_000,
  });
  const customerId = useWatch({ control, name: 'customerId' });
  const customerOptions = (customers.data?.items ?? []).map((customer) => ({
    value: customer.id,
    label: [customer.name, customer.lastName].filter(Boolean).join(' ') + (customer.phoneNumber ? ` · ${customer.phoneNumber}` : ''),
  }));
  if (customerId && !customerOptions.some((option) => option.value === customerId)) customerOptions.unshift({ value: customerId, label: customerLabel });

  // The repeat preview: which occurrences collide (read-only POST, keyed by its body).
  const values = useWatch({ control });
  const previewBody = useMemo(() => {
    if (!repeat || editing) return null;
    const parsed = bookingFormSchema.safeParse(values);
    if (!parsed.success) return null;
    const recurrence = recurrenceFromForm(parsed.data);
    return recurrence ? { appointment: appointmentInputFromForm(parsed.data), recurrence } : null;
  }, [editing, repeat, values]);
  const previewUserId = values.userId ?? '';
  const preview = useQuery({
    ...previewAppointmentSeriesOptions({ path: { tenantId: tenant.id, userId: previewUserId }, body: previewBody ?? { appointment: { customerId: '', services: [], startDate: { year: 1970, month: 1, day: 1, hours: 0, minutes: 0 }, endDate: { year: 1970, month: 1, day: 1, hours: 0, minutes: 0 } }, recurrence: { frequency: 'RECURRENCE_FREQUENCY_WEEKLY' } } }),
    enabled: previewBody !== null && Boolean(previewUserId),
    staleTime: 30_000,
  });
  const collisions = (preview.data?.occurrences ?? []).filter((occurrence) => occurrence.conflict);

  const channelLabels = reminderChannelLabels(intl);
  const reminderTimeLabel = (minutes: number) => reminderTimeLabelOf(intl, minutes);
  const reminders = useWatch({ control, name: 'reminders' });

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <Controller
                control={control}
                name="customerId"
                render={({ field }) => (
                  <Select
                    flex={1}
                    searchable
                    required
                    label={intl.formatMessage({ id: 'appointments.form.customer', defaultMessage: 'Customer' })}
                    placeholder={intl.formatMessage({ id: 'appointments.form.customer.placeholder', defaultMessage: 'Type a name, phone or e-mail' })}
                    data={customerOptions}
                    value={field.value || null}
                    searchValue={customerSearch}
                    onSearchChange={setCustomerSearch}
                    filter={({ options }) => options}
                    nothingFoundMessage={
                      pattern.length >= 2 && !customers.isFetching
                        ? intl.formatMessage({ id: 'appointments.form.customer.none', defaultMessage: 'No customer matches; create one with the button.' })
                        : intl.formatMessage({ id: 'appointments.form.customer.typeMore', defaultMessage: 'Type at least 2 characters.' })
                    }
                    onChange={(value) => {
                      field.onChange(value ?? '');
                      const option = customerOptions.find((item) => item.value === value);
                      if (option) setValue('customerLabel', option.label);
                    }}
                    onBlur={field.onBlur}
                    error={errors.customerId?.message}
                  />
                )}
              />
              <QuickCustomerModal
                tenantId={tenant.id}
                onCreated={(customer) => {
                  setValue('customerLabel', [customer.name, customer.lastName].filter(Boolean).join(' '));
                  setValue('customerId', customer.id, { shouldValidate: true });
                }}
              />
            </Group>
            <Controller
              control={control}
              name="serviceIds"
              render={({ field }) => (
                <MultiSelect
                  required
                  searchable
                  label={intl.formatMessage({ id: 'appointments.form.services', defaultMessage: 'Services' })}
                  data={serviceList.map((service) => ({
                    value: service.id,
                    label: `${service.name} · ${intl.formatMessage({ id: 'appointments.form.minutes', defaultMessage: '{minutes} min' }, { minutes: service.durationMinutes })}`,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.serviceIds?.message}
                  description={
                    chosen.length > 0
                      ? intl.formatMessage(
                          { id: 'appointments.form.services.total', defaultMessage: 'Total: {minutes} min, {price}' },
                          { minutes: totalMinutes, price: formatMoney(totalAmount, { currencyCode: tenant.currency.currencyCode, locale: intl.locale }) },
                        )
                      : undefined
                  }
                />
              )}
            />
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput type="date" w={170} required label={intl.formatMessage({ id: 'appointments.form.date', defaultMessage: 'Date' })} {...form.register('date')} error={errors.date?.message} />
              <Controller
                control={control}
                name="startTime"
                render={({ field }) => (
                  <TimeInput required label={intl.formatMessage({ id: 'appointments.form.start', defaultMessage: 'Start' })} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.startTime?.message} />
                )}
              />
              <Controller
                control={control}
                name="endTime"
                render={({ field }) => (
                  <TimeInput required label={intl.formatMessage({ id: 'appointments.form.end', defaultMessage: 'End' })} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.endTime?.message} />
                )}
              />
              <Controller
                control={control}
                name="userId"
                render={({ field }) => (
                  <Select
                    w={220}
                    required
                    disabled={!canChooseMember}
                    label={intl.formatMessage({ id: 'appointments.form.member', defaultMessage: 'Team member' })}
                    data={members.map((member) => ({ value: member.userId, label: memberName(member) }))}
                    value={field.value || null}
                    allowDeselect={false}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={errors.userId?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="distinctionId"
                render={({ field }) => (
                  <Select
                    w={200}
                    clearable
                    label={intl.formatMessage({ id: 'appointments.form.distinction', defaultMessage: 'Distinction' })}
                    data={(distinctions.data?.items ?? []).map((item) => ({ value: item.id, label: item.distinction }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                  />
                )}
              />
            </Group>
            <Textarea
              autosize
              minRows={2}
              label={intl.formatMessage({ id: 'appointments.form.notes', defaultMessage: 'Notes for the team' })}
              {...form.register('notes')}
              error={errors.notes?.message}
            />
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Text fw={600}>
              <FormattedMessage id="appointments.form.reminders" defaultMessage="Reminders" />
            </Text>
            {reminders.length === 0 ? (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="appointments.form.reminders.none" defaultMessage="No reminders: the customer's preferred channel, 24 hours before, is used when booking." />
              </Text>
            ) : null}
            {reminders.map((_, index) => (
              <Group key={index} gap="sm" align="flex-end">
                <Controller
                  control={control}
                  name={`reminders.${index}.channel`}
                  render={({ field }) => (
                    <Select
                      w={160}
                      label={intl.formatMessage({ id: 'appointments.form.reminder.channel', defaultMessage: 'Channel' })}
                      data={CHANNELS.map((channel) => ({ value: channel, label: channelLabels[channel] }))}
                      value={field.value}
                      allowDeselect={false}
                      onChange={(value) => field.onChange(value)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`reminders.${index}.minutesBefore`}
                  render={({ field }) => (
                    <Select
                      w={180}
                      label={intl.formatMessage({ id: 'appointments.form.reminder.when', defaultMessage: 'When' })}
                      data={REMINDER_TIMES.map((minutes) => ({ value: String(minutes), label: reminderTimeLabel(minutes) }))}
                      value={String(field.value)}
                      allowDeselect={false}
                      onChange={(value) => field.onChange(Number(value))}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={intl.formatMessage({ id: 'appointments.form.reminder.remove', defaultMessage: 'Remove this reminder' })}
                  onClick={() => setValue('reminders', reminders.filter((__, other) => other !== index))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {reminders.length < 5 ? (
              <Group>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setValue('reminders', [...reminders, { channel: 'REMINDER_CHANNEL_WHATSAPP', minutesBefore: 1440 }])}>
                  <FormattedMessage id="appointments.form.reminders.add" defaultMessage="Add a reminder" />
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Card>

        {editing ? null : (
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
                  {preview.isFetching ? (
                    <Text size="sm" c="dimmed">
                      <FormattedMessage id="appointments.form.repeat.checking" defaultMessage="Checking the dates…" />
                    </Text>
                  ) : preview.data ? (
                    <Stack gap="xs" data-testid="series-preview">
                      <Text size="sm">
                        <FormattedMessage
                          id="appointments.form.repeat.summary"
                          defaultMessage="{total, plural, one {# appointment} other {# appointments}}, {collisions, plural, =0 {none collides} one {# collides} other {# collide}}."
                          values={{ total: preview.data.occurrences.length, collisions: collisions.length }}
                        />
                      </Text>
                      {collisions.length > 0 ? (
                        <>
                          <Table withTableBorder striped>
                            <Table.Tbody>
                              {collisions.map((occurrence) => (
                                <Table.Tr key={occurrence.index}>
                                  <Table.Td>{formatDateTimeMedium(occurrence.startDate, intl.locale)}</Table.Td>
                                  <Table.Td>
                                    <FormattedMessage
                                      id="appointments.form.repeat.collidesWith"
                                      defaultMessage="collides with {customer}"
                                      values={{ customer: occurrence.conflict?.customerName ?? intl.formatMessage({ id: 'appointments.form.repeat.another', defaultMessage: 'another appointment' }) }}
                                    />
                                  </Table.Td>
                                </Table.Tr>
                              ))}
                            </Table.Tbody>
                          </Table>
                          <Controller
                            control={control}
                            name="skipConflicts"
                            render={({ field }) => (
                              <Checkbox
                                checked={field.value}
                                onChange={(event) => field.onChange(event.currentTarget.checked)}
                                label={intl.formatMessage({ id: 'appointments.form.repeat.skip', defaultMessage: 'Skip the colliding ones and book the others' })}
                              />
                            )}
                          />
                        </>
                      ) : null}
                    </Stack>
                  ) : null}
                </>
              ) : null}
            </Stack>
          </Card>
        )}

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
