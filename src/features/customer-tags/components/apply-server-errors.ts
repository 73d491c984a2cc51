import type { IntlShape } from 'react-intl';
import { COLOR_LABEL_FIELDS, type ColorLabelForm } from '~/components/color-label-form';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { tagMessages } from '../messages';

const CODE_MESSAGES = { duplicate_name: tagMessages.duplicateName, blank: tagMessages.nameRequired };

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: ColorLabelForm, intl: IntlShape): boolean {
  return applyProblemFieldErrors(error, form, intl, { wrapper: 'tag', known: COLOR_LABEL_FIELDS, codeMessages: CODE_MESSAGES });
}
