import * as z from 'zod';
import { zPersonName, zBusinessCategoryCode, zBusinessCountry, zBusinessName, zCurrencyCode, zPercentage, zTaxName, zTenantInput, zWorkMode } from '@generated/zod.gen';
import type { TenantInput } from '@generated/types.gen';
import { defineMessages } from 'react-intl';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { hasThreeDecimalsAtMost } from '~/lib/percent';

/** The "how do you work?" onboarding step: the business and how it works (POST /v1/tenants). */

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * Where the business is and what it charges (issue 18): the country, the currency, the tax rate
 * (required: the US owner enters their sales tax) and the tax's name ('' = none).
 */
export const regionFieldsShape = {
  country: zBusinessCountry,
  currencyCode: zCurrencyCode,
  taxPercentage: z.preprocess(blankToUndefined, zPercentage.refine(hasThreeDecimalsAtMost, { params: { reason: 'precision' } })),
  taxName: z.string().trim().pipe(z.union([z.literal(''), zTaxName])),
};

export const regionMessages = defineMessages({
  countryRequired: { id: 'onboarding.region.country.required', defaultMessage: 'Choose the country of your business.' },
  currencyRequired: { id: 'onboarding.region.currency.required', defaultMessage: 'Choose the currency you charge in.' },
  taxRequired: { id: 'onboarding.region.tax.required', defaultMessage: 'Enter your tax rate, from 0 to 100 (0 if you charge no tax).' },
  taxPrecision: { id: 'onboarding.region.tax.precision', defaultMessage: 'Use at most three decimals, e.g. 8.875.' },
});

export const regionIssueMessages: FieldIssueMessages = {
  country: regionMessages.countryRequired,
  currencyCode: regionMessages.currencyRequired,
  taxPercentage: { '*': regionMessages.taxRequired, precision: regionMessages.taxPrecision },
};

/** The region fields as the API takes them. */
export function regionToApi(values: { country: string; currencyCode: string; taxPercentage: number; taxName: string }) {
  return {
    country: values.country,
    currency: { currencyCode: values.currencyCode },
    taxPercentage: values.taxPercentage,
    ...(values.taxName ? { taxName: values.taxName } : {}),
  };
}

export const howDoYouWorkSchema = zTenantInput.pick({ businessName: true, category: true }).extend({
  businessName: z.string().trim().pipe(zBusinessName),
  /** The owner's name (issue 18, required): on the calendar, the booking page and messages instead of the e-mail. */
  ownerName: z.string().trim().pipe(zPersonName),
  category: zBusinessCategoryCode,
  teamMode: zWorkMode.shape.teamMode.exclude(['TEAM_MODE_UNSPECIFIED']),
  teamSize: z.preprocess(blankToUndefined, zWorkMode.shape.teamSize),
  bookingMode: zWorkMode.shape.bookingMode.exclude(['BOOKING_MODE_UNSPECIFIED']),
  serviceLocation: zWorkMode.shape.serviceLocation.exclude(['SERVICE_LOCATION_UNSPECIFIED']),
  ...regionFieldsShape,
});

export type HowDoYouWorkInput = z.input<typeof howDoYouWorkSchema>;
export type HowDoYouWorkValues = z.output<typeof howDoYouWorkSchema>;

export const howDoYouWorkMessages = defineMessages({
  ownerNameRequired: { id: 'onboarding.how.ownerName.required', defaultMessage: 'Enter your name: your customers and your team see it.' },
  ownerNameNotSaved: { id: 'onboarding.how.ownerName.notSaved', defaultMessage: 'Your name could not be saved. Check your connection and try again.' },
  businessNameRequired: { id: 'onboarding.how.businessName.required', defaultMessage: 'Enter the name of your business.' },
  categoryRequired: { id: 'onboarding.how.category.required', defaultMessage: 'Choose the kind of business.' },
  teamModeRequired: { id: 'onboarding.how.teamMode.required', defaultMessage: 'Tell us whether you work alone or with a team.' },
  teamSizeRange: { id: 'onboarding.how.teamSize.range', defaultMessage: 'Enter a whole number from 1 to 1000.' },
  bookingModeRequired: { id: 'onboarding.how.bookingMode.required', defaultMessage: 'Tell us how your customers come to you.' },
  serviceLocationRequired: { id: 'onboarding.how.serviceLocation.required', defaultMessage: 'Tell us where you serve your customers.' },
});

export const howDoYouWorkIssueMessages: FieldIssueMessages = {
  ownerName: { required: howDoYouWorkMessages.ownerNameRequired },
  businessName: { required: howDoYouWorkMessages.businessNameRequired },
  category: howDoYouWorkMessages.categoryRequired,
  teamMode: howDoYouWorkMessages.teamModeRequired,
  teamSize: howDoYouWorkMessages.teamSizeRange,
  bookingMode: howDoYouWorkMessages.bookingModeRequired,
  serviceLocation: howDoYouWorkMessages.serviceLocationRequired,
  ...regionIssueMessages,
};

export interface TenantDefaults {
  /** The owner's e-mail: the business's contact e-mail until changed in settings. */
  email: string;
  locale: 'en-US' | 'es-ES';
  /** The browser's zone, so the calendar shows local times from day one. */
  timeZone: string;
}

/** The POST /v1/tenants body. The team size is only sent for a team. */
export function toTenantInput(values: HowDoYouWorkValues, defaults: TenantDefaults): TenantInput {
  const withTeam = values.teamMode === 'TEAM_MODE_WITH_TEAM';
  return {
    businessName: values.businessName,
    email: defaults.email,
    category: values.category,
    locale: defaults.locale,
    timeZone: defaults.timeZone,
    ...regionToApi(values),
    workMode: {
      teamMode: values.teamMode,
      bookingMode: values.bookingMode,
      serviceLocation: values.serviceLocation,
      ...(withTeam && values.teamSize !== undefined ? { teamSize: values.teamSize } : {}),
    },
  };
}
