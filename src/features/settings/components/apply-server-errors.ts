import type { IntlShape } from 'react-intl';
import { asProblem } from '~/lib/api-problem';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { settingsMessages } from '../schemas/settings-schema';
import type { SettingsForm } from './settings-form';

/** API field → form field, for the server's 422 field errors. */
const FIELD_MAP = {
  phoneNumber: 'phone.number',
  phoneCountryCode: 'phone.countryCode',
  currency: 'currencyCode',
  opening_hours: 'schedule',
};
const FIELDS = [
  'businessName',
  'email',
  'phone.number',
  'phone.countryCode',
  'category',
  'address.line1',
  'address.line2',
  'address.city',
  'address.postalCode',
  'address.region',
  'address.country',
  'taxId',
  'currencyCode',
  'taxPercentage',
  'pricesIncludeTax',
  'timeZone',
  'locale',
  'schedule',
  'onlineBooking.slug',
  'onlineBooking.horizonDays',
  'onlineBooking.minimumNoticeMinutes',
  'cancellationCutoffMinutes',
] as const;

/**
 * Puts a refused save's field errors next to their fields, translated: the booking page address
 * taken by another business (409 slug_taken), and the fields a 400/422 names; true when it did, so
 * that the page's alert tells only the rest.
 */
export function applyServerErrors(error: unknown, form: SettingsForm, intl: IntlShape): boolean {
  const problem = asProblem(error);
  if (problem?.status === 409 && problem.code === 'slug_taken') {
    form.setError('onlineBooking.slug', { message: intl.formatMessage(settingsMessages.slugTaken) }, { shouldFocus: true });
    return true;
  }
  return applyProblemFieldErrors(error, form, intl, { wrapper: 'tenant', fieldMap: FIELD_MAP, known: FIELDS, codeMessages: { prices_include_tax_locked: settingsMessages.pricesIncludeTaxLocked, currency_locked: settingsMessages.currencyLocked } });
}
