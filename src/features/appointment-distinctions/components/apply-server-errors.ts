import type { IntlShape } from 'react-intl';
import { problemFormErrors } from '~/lib/api-problem';
import { formIssueMessages } from '~/lib/form-issues';
import { distinctionMessages } from '../messages';
import type { DistinctionForm } from './distinction-form';

const FIELDS = ['name', 'color', 'description'] as const;
type Field = (typeof FIELDS)[number];

const CODE_MESSAGES = { duplicate_name: distinctionMessages.duplicateName, blank: distinctionMessages.nameRequired };

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyServerErrors(error: unknown, form: DistinctionForm, intl: IntlShape): boolean {
  // The API calls the name `distinction` inside the `distinction` wrapper.
  const fieldErrors = problemFormErrors(error, { wrapper: 'distinction', fieldMap: { distinction: 'name' }, known: FIELDS });
  for (const { field, code } of fieldErrors) {
    const message = CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? formIssueMessages.invalid;
    form.setError(field as Field, { message: intl.formatMessage(message) }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}
