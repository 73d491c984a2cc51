import type { IntlShape } from 'react-intl';
import { moneyMessageValues } from '~/lib/money-messages';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { serviceMessages } from '../messages';
import type { ServiceForm } from './service-form';

const FIELDS = ['name', 'category', 'description', 'durationMinutes', 'bufferMinutes', 'priceAmount', 'taxPercentage', 'color', 'userIds', 'imageAssetId'] as const;

const CODE_MESSAGES = {
  duplicate_name: serviceMessages.duplicateName,
  blank: serviceMessages.nameRequired,
  currency_mismatch: serviceMessages.currencyMismatch,
  out_of_range: serviceMessages.priceInvalid,
  too_precise: serviceMessages.taxInvalid,
  unknown_team_member: serviceMessages.unknownTeamMember,
  unknown_asset: serviceMessages.unknownPicture,
};

/**
 * Puts a failed save's field errors (400/409/422 naming a field) next to their fields, translated
 * (a price's in the business's currency); true when it did, so that the page shows its general alert
 * only for the rest.
 */
export function applyServerErrors(error: unknown, form: ServiceForm, intl: IntlShape, currencyCode: string): boolean {
  return applyProblemFieldErrors(error, form, intl, {
    wrapper: 'service',
    fieldMap: { price: 'priceAmount', userIds: 'userIds' },
    known: FIELDS,
    codeMessages: CODE_MESSAGES,
    values: moneyMessageValues(currencyCode, intl.locale),
  });
}
