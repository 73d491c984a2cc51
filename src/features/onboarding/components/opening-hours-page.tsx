import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconInfoCircle, IconWorldWww } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { updateTenantMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { refreshSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { BookingLink } from '~/components/booking-link';
import { bookingPath } from '~/lib/booking-path';
import { OpeningHoursEditor } from '~/components/opening-hours-editor';
import { PausedNotice } from '~/components/paused-notice';
import { TimeZoneSelect } from '~/components/time-zone-select';
import { problemFormErrors } from '~/lib/api-problem';
import { issueErrorMap } from '~/lib/form-issues';
import { localeParam } from '~/lib/locale';
import { isOpenSomeDay, scheduleFromOpeningHours } from '~/lib/opening-hours';
import {
  openingHoursFormMessages,
  openingHoursFormSchema,
  openingHoursIssueMessages,
  toOpeningHours,
  type OpeningHoursFormValues,
} from '~/lib/opening-hours-schema';
import { browserTimeZone, isValidTimeZone } from '~/lib/time-zones';

/**
 * Onboarding step 2 (/onboarding/opening-hours): the weekly opening hours and the time zone (the
 * browser's by default), and (issue 18) whether customers may book online, ticked by default. Saves
 * with PUT {tenant: {id, timeZone, opening_hours, onlineBooking?}}, which moves the business on from
 * TENANT_STATUS_PENDING_OPENING_HOURS and refreshes the session; then goes home, or first shows the
 * booking page's link to share and a preview of it when online booking was turned on.
 */
export function OpeningHoursPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const updateTenant = useMutation(updateTenantMutation());
  const [refreshError, setRefreshError] = useState<unknown>(null);
  const [offerOnline, setOfferOnline] = useState(true);
  const [bookingLink, setBookingLink] = useState<string | null>(null);
  const goHome = () => navigate({ to: '/{-$locale}', params: { locale: localeParam(locale) } });

  const resolver = useMemo(
    () => zodResolver(openingHoursFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), openingHoursIssueMessages) }),
    [intl],
  );
  const savedZone = tenant.opening_hours?.timeZone;
  const form = useForm<OpeningHoursFormValues>({
    resolver,
    defaultValues: {
      timeZone: isValidTimeZone(savedZone) ? savedZone : browserTimeZone(),
      schedule: scheduleFromOpeningHours(tenant.opening_hours),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const schedule = useWatch({ control: form.control, name: 'schedule' });

  const onSubmit = async (values: OpeningHoursFormValues) => {
    setRefreshError(null);
    let saved: Tenant;
    try {
      saved = (
        await updateTenant.mutateAsync({
          path: { tenantId: tenant.id },
          body: {
            tenant: {
              id: tenant.id,
              timeZone: values.timeZone,
              opening_hours: toOpeningHours(values, tenant.opening_hours?.closedDates),
              ...(offerOnline ? { onlineBooking: { enabled: true } } : {}),
            },
          },
        })
      ).tenant;
    } catch (error) {
      for (const { field } of problemFormErrors(error, {
        wrapper: 'tenant',
        fieldMap: { opening_hours: 'schedule' },
        known: ['schedule', 'timeZone'],
      })) {
        form.setError(field as 'schedule' | 'timeZone', {
          message: intl.formatMessage(field === 'schedule' ? openingHoursFormMessages.schedule : openingHoursFormMessages.timeZone),
        });
      }
      return;
    }
    try {
      await refreshSession(queryClient);
    } catch (error) {
      setRefreshError(error);
      return;
    }
    const slug = saved.onlineBooking?.enabled ? saved.onlineBooking.slug : undefined;
    if (slug) setBookingLink(`${window.location.origin}${bookingPath(slug, locale)}`);
    else await goHome();
  };

  if (bookingLink) {
    return (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            <FormattedMessage id="onboarding.booking.readyTitle" defaultMessage="Your booking page is on" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage
              id="onboarding.booking.readyIntro"
              defaultMessage="Share this link on your website, social networks or WhatsApp. Customers see your services there once you add them (new services are offered online unless you untick it)."
            />
          </Text>
        </Stack>
        <BookingLink link={bookingLink} />
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Box
            component="iframe"
            src={bookingLink}
            title={intl.formatMessage({ id: 'onboarding.booking.preview', defaultMessage: 'Preview of your booking page' })}
            loading="lazy"
            w="100%"
            h={{ base: 420, sm: 520 }}
            style={{ border: 0, display: 'block' }}
          />
        </Paper>
        <Group justify="flex-end">
          <Button onClick={() => void goHome()} rightSection={<IconArrowRight size={16} aria-hidden />} data-autofocus>
            <FormattedMessage id="onboarding.booking.continue" defaultMessage="Go to my business" />
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="onboarding.step" defaultMessage="Step {step} of {total}" values={{ step: 2, total: 2 }} />
        </Text>
        <Title order={1} size="h2">
          <FormattedMessage id="onboarding.hours.title" defaultMessage="When are you open?" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage
            id="onboarding.hours.intro"
            defaultMessage="Appointments can only be booked within these hours. Add a second set of hours for a lunch break."
          />
        </Text>
      </Stack>

      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="timeZone"
            render={({ field }) => (
              <TimeZoneSelect
                label={intl.formatMessage({ id: 'onboarding.hours.timeZone', defaultMessage: 'Time zone' })}
                description={intl.formatMessage({
                  id: 'onboarding.hours.timeZone.description',
                  defaultMessage: 'The hours below are in this time zone.',
                })}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.timeZone?.message}
                maw={420}
              />
            )}
          />

          <Controller
            control={form.control}
            name="schedule"
            render={({ field }) => <OpeningHoursEditor value={field.value} onChange={field.onChange} disabled={isSubmitting} />}
          />

          {errors.schedule?.message ? (
            <Text c="red" size="sm" role="alert">
              {errors.schedule.message}
            </Text>
          ) : null}
          {!isOpenSomeDay(schedule) ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
              <FormattedMessage
                id="onboarding.hours.allClosed"
                defaultMessage="Your business is closed every day, so no appointments can be booked. You can still save and change it later."
              />
            </Alert>
          ) : null}

          <Paper withBorder radius="md" p="md">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconWorldWww size={22} aria-hidden style={{ flexShrink: 0 }} />
              <Checkbox
                checked={offerOnline}
                onChange={(event) => setOfferOnline(event.currentTarget.checked)}
                disabled={isSubmitting}
                label={intl.formatMessage({ id: 'onboarding.booking.offer', defaultMessage: 'Let customers book online' })}
                description={intl.formatMessage({
                  id: 'onboarding.booking.offerHelp',
                  defaultMessage: 'You get a booking page to share. Your services are offered there unless you untick them; you can change everything in Settings.',
                })}
              />
            </Group>
          </Paper>

          <ApiErrorAlert error={updateTenant.error} />
          <PausedNotice paused={updateTenant.isPaused} />
          {refreshError ? (
            <ApiErrorAlert
              error={refreshError}
              title={<FormattedMessage id="onboarding.hours.saved.title" defaultMessage="Your opening hours were saved" />}
              messages={{
                network: (
                  <FormattedMessage
                    id="onboarding.hours.saved.network"
                    defaultMessage="But we could not reload your business. Check your connection and press Finish again."
                  />
                ),
                server: (
                  <FormattedMessage id="onboarding.hours.saved.server" defaultMessage="But we could not reload your business. Press Finish again in a moment." />
                ),
              }}
            />
          ) : null}

          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} leftSection={<IconCheck size={16} aria-hidden />}>
              <FormattedMessage id="onboarding.hours.finish" defaultMessage="Finish" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
