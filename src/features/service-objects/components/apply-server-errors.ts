import type { IntlShape } from 'react-intl';
import { problemFieldErrors } from '~/lib/api-problem';
import { formIssueMessages } from '~/lib/form-issues';
import { serviceObjectMessages } from '../messages';
import type { ServiceObjectForm } from './service-object-form';

const CODE_MESSAGES = {
  blank: serviceObjectMessages.nameRequired,
  duplicate_attribute: serviceObjectMessages.attributeDuplicate,
  unknown_asset: serviceObjectMessages.photoUnknown,
  duplicate_photo: serviceObjectMessages.photoUnknown,
};
const FIELD = /^(name|kind|brand|model|identifier|notes|attributes\.\d+\.(key|value)|photos\.\d+\.(assetId|caption))$/;

/**
 * Puts a failed save's field errors (400/422 naming a field) next to their fields, translated;
 * true when it did, so that the page shows its general alert only for the rest.
 */
export function applyServerErrors(error: unknown, form: ServiceObjectForm, intl: IntlShape): boolean {
  let applied = false;
  for (const { path, code } of problemFieldErrors(error, 'serviceObject')) {
    if (!FIELD.test(path)) continue;
    const message = CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? formIssueMessages.invalid;
    form.setError(path as 'name', { message: intl.formatMessage(message) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
