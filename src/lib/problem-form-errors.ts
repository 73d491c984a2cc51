import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { problemFormErrors } from './api-problem';
import { formIssueMessages } from './form-issues';

/**
 * A failed save's field errors (a 400/409/422 problem naming fields) put next to their fields,
 * translated by their code (`codeMessages`, else "not valid"), the first one focused; true when
 * there were any, so that the page's alert tells only the rest. `wrapper` is the request body's
 * wrapper object, `fieldMap` renames API fields to form fields, `known` are the form's fields,
 * `values` fill the messages' placeholders.
 */
export function applyProblemFieldErrors<Input extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<Input, unknown, FieldValues>, 'setError'>,
  intl: IntlShape,
  options: {
    wrapper: string;
    fieldMap?: Record<string, string>;
    known: readonly FieldPath<Input>[];
    codeMessages: Record<string, MessageDescriptor>;
    values?: Record<string, string | number>;
  },
): boolean {
  const fieldErrors = problemFormErrors(error, { wrapper: options.wrapper, ...(options.fieldMap ? { fieldMap: options.fieldMap } : {}), known: options.known });
  for (const { field, code } of fieldErrors) {
    const message: MessageDescriptor = options.codeMessages[code] ?? formIssueMessages.invalid;
    form.setError(field as FieldPath<Input>, { message: intl.formatMessage(message, options.values) }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}
