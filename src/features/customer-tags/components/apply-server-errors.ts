import type { IntlShape } from 'react-intl';
import { problemFormErrors } from '~/lib/api-problem';
import { formIssueMessages } from '~/lib/form-issues';
import { tagMessages } from '../messages';
import type { TagForm } from './tag-form';

const FIELDS = ['name', 'color', 'description'] as const;
type Field = (typeof FIELDS)[number];

const CODE_MESSAGES = { duplicate_name: tagMessages.duplicateName, blank: tagMessages.nameRequired };

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: TagForm, intl: IntlShape): boolean {
  const fieldErrors = problemFormErrors(error, { wrapper: 'tag', known: FIELDS });
  for (const { field, code } of fieldErrors) {
    const message = CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? formIssueMessages.invalid;
    form.setError(field as Field, { message: intl.formatMessage(message) }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}
