import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import type { Service, Tenant } from '@generated/types.gen';
import { useZodForm } from '~/lib/use-zod-form';
import { bookingFormSchema, bookingIssueMessages, endTimeFor, type BookingFormInput, type BookingFormValues } from '../schemas/booking-form-schema';

export type BookingFormApi = UseFormReturn<BookingFormInput, unknown, BookingFormValues>;

/**
 * The booking form's state: validated by its schema (a field once left), and the end following the
 * start and the chosen services' durations (the user may still change it by hand afterwards). Also
 * the business's active services, which the form offers.
 */
export function useBookingForm(tenant: Pick<Tenant, 'id'>, defaultValues: BookingFormInput): { form: BookingFormApi; services: Service[] } {
  const form = useZodForm(bookingFormSchema, bookingIssueMessages, { defaultValues });
  const { control, setValue, formState } = form;
  const services = useQuery({ ...listServicesOptions({ path: { tenantId: tenant.id }, query: { limit: 200, active: true, sort: 'name' } }), staleTime: 60_000 });
  const serviceList = useMemo(() => services.data?.items ?? [], [services.data]);

  const [date, startTime, serviceIds] = useWatch({ control, name: ['date', 'startTime', 'serviceIds'] });
  const followKey = `${date}|${startTime}|${serviceIds.join(',')}`;
  const lastFollow = useRef(followKey);
  useEffect(() => {
    if (lastFollow.current === followKey) return;
    lastFollow.current = followKey;
    const end = endTimeFor(date, startTime, serviceIds, serviceList);
    if (end) setValue('endTime', end, { shouldValidate: formState.isSubmitted });
  }, [date, followKey, formState.isSubmitted, serviceIds, serviceList, setValue, startTime]);

  return { form, services: serviceList };
}
