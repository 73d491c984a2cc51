import type { IntlShape } from 'react-intl';
import { applyColorLabelServerErrors, type ColorLabelForm } from '~/components/color-label-form';
import { tagMessages } from '../messages';

const CODE_MESSAGES = { duplicate_name: tagMessages.duplicateName, blank: tagMessages.nameRequired };

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: ColorLabelForm, intl: IntlShape): boolean {
  return applyColorLabelServerErrors(error, form, intl, { wrapper: 'tag', codeMessages: CODE_MESSAGES });
}
