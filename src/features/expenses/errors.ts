import type { IntlShape } from 'react-intl';
import { asProblem } from '~/lib/api-problem';
import { expenseErrorMessages, expenseMessages } from './messages';

/** A failed call in the user's words: this domain's codes translated, else the server's detail, else a generic text. */
export function describeExpenseFailure(intl: Pick<IntlShape, 'formatMessage'>, failure: unknown): string {
  const problem = asProblem(failure);
  const codes = [...(problem?.errors ?? []).map((e) => e.code), problem?.code];
  const known = codes.find((code): code is keyof typeof expenseErrorMessages => code !== undefined && code in expenseErrorMessages);
  if (known) return intl.formatMessage(expenseErrorMessages[known]);
  return problem?.detail ?? intl.formatMessage(expenseMessages.generic);
}
