import * as z from 'zod';
import {
  zAddress,
  zAppointmentReminderInput,
  zBookingSlug,
  zCancellationCutoffMinutes,
  zOnlineBookingConfirmation,
  zOnlineBookingSettingsInput,
  zBusinessCategoryCode,
  zBusinessCountry,
  zBusinessName,
  zCurrencyCode,
  zEmail,
  zLocale,
  zPercentage,
  zTaxId,
  zTaxName,
  zTenantUpdate,
} from '@generated/zod.gen';
import type { Tenant, TenantUpdate } from '@generated/types.gen';
import { hasThreeDecimalsAtMost } from '~/lib/percent';
import { defineMessages } from 'react-intl';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { scheduleFromOpeningHours } from '~/lib/opening-hours';
import { openingHoursIssueMessages, timeZoneFieldSchema, toOpeningHours, weekScheduleSchema } from '~/lib/opening-hours-schema';
import { phoneFieldSchema, phoneFromApi, phoneIssueMessages, phoneToApi } from '~/lib/phone-field';
import { browserTimeZone, isValidTimeZone } from '~/lib/time-zones';

/** The business settings form (PUT /v1/tenants/{tenantId} with the whole form). */

const trimmed = <T extends z.ZodType<string, string>>(schema: T) => z.string().trim().pipe(schema);
/** An optional text: '' means "not set". */
const optionalText = <T extends z.ZodType<string, string>>(schema: T) => z.string().trim().pipe(z.union([z.literal(''), schema]));
const addressShape = zAddress.shape;
const optionalNumber = (value: unknown) => (value === '' || value === null ? undefined : value);

const bookingShape = zOnlineBookingSettingsInput.shape;

/** The online booking settings; an empty slug lets the server propose one from the business name. */
const onlineBookingSchema = z.object({
  enabled: z.boolean(),
  slug: z.string().trim().toLowerCase().pipe(z.union([z.literal(''), zBookingSlug])),
  confirmation: zOnlineBookingConfirmation,
  minimumNoticeMinutes: bookingShape.minimumNoticeMinutes.unwrap(),
  horizonDays: z.preprocess(optionalNumber, bookingShape.horizonDays.unwrap()),
  slotIntervalMinutes: bookingShape.slotIntervalMinutes.unwrap(),
  memberChoice: z.boolean(),
});

/** Defaults of the contract (OnlineBookingSettings) for a business that never saved them. */
export const ONLINE_BOOKING_DEFAULTS = {
  enabled: false,
  slug: '',
  confirmation: 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC',
  minimumNoticeMinutes: 120,
  horizonDays: 60,
  slotIntervalMinutes: 15,
  memberChoice: true,
} as const;
export const DEFAULT_REMINDERS = [{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }] as const;

export const settingsSchema = zTenantUpdate
  .pick({ businessName: true, email: true, category: true, taxId: true, locale: true })
  .extend({
    businessName: trimmed(zBusinessName),
    email: trimmed(zEmail),
    phone: phoneFieldSchema,
    category: z.union([z.literal(''), zBusinessCategoryCode]),
    address: z.object({
      line1: optionalText(addressShape.line1.unwrap()),
      line2: optionalText(addressShape.line2.unwrap()),
      city: optionalText(addressShape.city.unwrap()),
      postalCode: optionalText(addressShape.postalCode.unwrap()),
      region: optionalText(addressShape.region.unwrap()),
      country: z.union([z.literal(''), addressShape.country.unwrap()]),
    }),
    taxId: optionalText(zTaxId),
    currencyCode: zCurrencyCode,
    taxPercentage: z.preprocess(optionalNumber, zPercentage.refine(hasThreeDecimalsAtMost)),
    country: z.union([z.literal(''), zBusinessCountry]),
    taxName: optionalText(zTaxName),
    pricesIncludeTax: z.boolean(),
    timeZone: timeZoneFieldSchema,
    locale: zLocale,
    schedule: weekScheduleSchema,
    cancellationCutoffMinutes: zCancellationCutoffMinutes,
    defaultReminders: z.array(zAppointmentReminderInput).max(3),
    onlineBooking: onlineBookingSchema,
    membersSeeTeamCalendars: z.boolean(),
    membersSeeTeamFigures: z.boolean(),
    notifyTeamByEmail: z.boolean(),
  });

export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsValues = z.output<typeof settingsSchema>;

export const settingsMessages = defineMessages({
  businessNameRequired: { id: 'settings.businessName.required', defaultMessage: 'Enter the name of your business.' },
  emailRequired: { id: 'settings.email.required', defaultMessage: 'Enter the e-mail address of your business.' },
  currencyRequired: { id: 'settings.currency.required', defaultMessage: 'Choose the currency you charge in.' },
  pricesIncludeTaxLocked: { id: 'settings.pricesIncludeTax.locked', defaultMessage: 'This cannot change once your business has recorded sales.' },
  currencyLocked: { id: 'settings.currency.locked', defaultMessage: 'The currency cannot change once your business has recorded sales.' },
  taxPercentage: { id: 'settings.taxPercentage.range', defaultMessage: 'Enter a percentage from 0 to 100, with at most three decimals.' },
  slug: {
    id: 'settings.onlineBooking.slug.invalid',
    defaultMessage: 'Use 3 to 63 lower-case letters, digits and single hyphens, e.g. my-salon.',
  },
  slugTaken: { id: 'settings.onlineBooking.slug.taken', defaultMessage: 'Another business already uses this address. Choose another one.' },
  horizon: { id: 'settings.onlineBooking.horizon.range', defaultMessage: 'Enter a number of days from 1 to 365.' },
});

export const settingsIssueMessages: FieldIssueMessages = {
  businessName: { required: settingsMessages.businessNameRequired },
  email: { required: settingsMessages.emailRequired },
  currencyCode: settingsMessages.currencyRequired,
  taxPercentage: settingsMessages.taxPercentage,
  'onlineBooking.slug': settingsMessages.slug,
  'onlineBooking.horizonDays': settingsMessages.horizon,
  ...phoneIssueMessages('phone'),
  ...openingHoursIssueMessages,
};

/** The form's starting values from the stored business; nothing stored is dropped. */
export function settingsFromTenant(tenant: Tenant, uiLocale: string): SettingsInput {
  const timeZone = tenant.opening_hours?.timeZone || tenant.timeZone;
  return {
    businessName: tenant.businessName,
    email: tenant.email,
    phone: phoneFromApi(tenant.phoneCountryCode, tenant.phoneNumber, tenant.locale || uiLocale),
    category: tenant.category ?? '',
    address: {
      line1: tenant.address?.line1 ?? '',
      line2: tenant.address?.line2 ?? '',
      city: tenant.address?.city ?? '',
      postalCode: tenant.address?.postalCode ?? '',
      region: tenant.address?.region ?? '',
      country: tenant.address?.country ?? '',
    },
    taxId: tenant.taxId ?? '',
    currencyCode: tenant.currency.currencyCode,
    taxPercentage: tenant.taxPercentage,
    country: tenant.country ?? '',
    taxName: tenant.taxName ?? '',
    pricesIncludeTax: tenant.pricesIncludeTax ?? true,
    timeZone: isValidTimeZone(timeZone) ? timeZone : browserTimeZone(),
    locale: tenant.locale,
    schedule: scheduleFromOpeningHours(tenant.opening_hours),
    cancellationCutoffMinutes: tenant.cancellationCutoffMinutes ?? 120,
    defaultReminders: (tenant.defaultReminders ?? DEFAULT_REMINDERS).map((reminder) => ({ ...reminder })),
    onlineBooking: { ...ONLINE_BOOKING_DEFAULTS, ...tenant.onlineBooking, slug: tenant.onlineBooking?.slug ?? '' },
    membersSeeTeamCalendars: tenant.membersSeeTeamCalendars ?? false,
    membersSeeTeamFigures: tenant.membersSeeTeamFigures ?? false,
    notifyTeamByEmail: tenant.notifyTeamByEmail ?? true,
  };
}

const nonEmpty = <T extends Record<string, string>>(record: T): Partial<T> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== '')) as Partial<T>;

/**
 * The PUT body. The address is sent whole (it replaces the stored one, so cleared lines are cleared);
 * the tenant's and the opening hours' time zone are the same; closed dates set elsewhere are kept.
 * Optional single fields left empty are not sent, so they keep their stored value. `tenant` is the
 * business the form was loaded from: its version makes a save over someone else's answer 409.
 */
export function toTenantUpdate(values: SettingsValues, tenant: Pick<Tenant, 'id' | 'opening_hours' | 'version' | 'pricesIncludeTax'>): TenantUpdate {
  const body: TenantUpdate = {
    id: tenant.id,
    version: tenant.version,
    businessName: values.businessName,
    email: values.email,
    ...phoneToApi(values.phone),
    address: nonEmpty(values.address),
    currency: { currencyCode: values.currencyCode },
    taxPercentage: values.taxPercentage,
    timeZone: values.timeZone,
    locale: values.locale,
    opening_hours: toOpeningHours({ timeZone: values.timeZone, schedule: values.schedule }, tenant.opening_hours?.closedDates),
    cancellationCutoffMinutes: values.cancellationCutoffMinutes,
    defaultReminders: values.defaultReminders,
    onlineBooking: { ...values.onlineBooking, slug: values.onlineBooking.slug || undefined },
    membersSeeTeamCalendars: values.membersSeeTeamCalendars,
    membersSeeTeamFigures: values.membersSeeTeamFigures,
    notifyTeamByEmail: values.notifyTeamByEmail,
  };
  if (!body.onlineBooking?.slug) delete body.onlineBooking?.slug;
  if (values.category) body.category = values.category;
  if (values.taxId) body.taxId = values.taxId;
  if (values.country) body.country = values.country;
  if (values.taxName) body.taxName = values.taxName;
  // Sent only when changed: it locks after the first sale (422 prices_include_tax_locked).
  if (values.pricesIncludeTax !== (tenant.pricesIncludeTax ?? true)) body.pricesIncludeTax = values.pricesIncludeTax;
  return zTenantUpdate.parse(body);
}
