import * as z from 'zod';
import { zIanaTimeZone, zOpeningHours } from '@generated/zod.gen';
import { defineMessages } from 'react-intl';
import type { FieldIssueMessages } from './form-issues.ts';
import { hasScheduleErrors, openingHoursFromSchedule, validateWeekSchedule, type WeekSchedule } from './opening-hours.ts';
import { isValidTimeZone } from './time-zones.ts';

/** Form schemas for the weekly opening-hours editor and a time zone (onboarding and settings). */

const daySchema = z.object({
  open: z.boolean(),
  ranges: z.array(z.object({ start: z.string(), end: z.string() })),
});

/** The editor's week; any range problem (end before start, overlap …) is one issue on the field itself. */
export const weekScheduleSchema = z
  .object({
    monday: daySchema,
    tuesday: daySchema,
    wednesday: daySchema,
    thursday: daySchema,
    friday: daySchema,
    saturday: daySchema,
    sunday: daySchema,
  })
  .superRefine((schedule, ctx) => {
    if (hasScheduleErrors(validateWeekSchedule(schedule))) {
      ctx.addIssue({ code: 'custom', path: [], params: { reason: 'opening_hours' } });
    }
  }) satisfies z.ZodType<WeekSchedule>;

/** An IANA zone the API accepts and this browser knows. */
export const timeZoneFieldSchema = zIanaTimeZone.refine(isValidTimeZone, { params: { reason: 'time_zone' } });

export const openingHoursFormSchema = z.object({
  timeZone: timeZoneFieldSchema,
  schedule: weekScheduleSchema,
});

export type OpeningHoursFormValues = z.infer<typeof openingHoursFormSchema>;

export const openingHoursFormMessages = defineMessages({
  schedule: { id: 'form.openingHours.invalid', defaultMessage: 'Some opening hours need fixing: see the messages next to them.' },
  timeZone: { id: 'form.timeZone.invalid', defaultMessage: 'Choose a time zone from the list.' },
});

/** Field messages for a form with `schedule` and `timeZone` fields. */
export const openingHoursIssueMessages: FieldIssueMessages = {
  schedule: openingHoursFormMessages.schedule,
  timeZone: openingHoursFormMessages.timeZone,
};

/** The API's OpeningHours for a valid form; checked against the generated schema. */
export function toOpeningHours(values: OpeningHoursFormValues, closedDates?: { date: string; reason?: string }[]) {
  return zOpeningHours.parse(openingHoursFromSchedule(values.schedule, values.timeZone, closedDates));
}
