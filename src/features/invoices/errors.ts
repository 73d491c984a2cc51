import type { IntlShape } from 'react-intl';
import { invoiceErrorMessages } from './messages';

/** The code of a failed call's problem (a field's code first), e.g. issuer_tax_data_required. */
export function problemCode(failure: unknown): string | undefined {
  const problem = failure as { code?: string; errors?: { code?: string }[] } | null;
  return problem?.errors?.find((e) => e.code && e.code in invoiceErrorMessages)?.code ?? problem?.code ?? problem?.errors?.[0]?.code;
}

/** The failure in the user's words: this domain's codes translated, else the server's detail, else a generic message. */
export function describeFailure(intl: Pick<IntlShape, 'formatMessage'>, failure: unknown): string {
  const code = problemCode(failure);
  const known = code ? invoiceErrorMessages[code] : undefined;
  if (known) return intl.formatMessage(known);
  const detail = (failure as { detail?: string } | null)?.detail;
  return detail ?? intl.formatMessage(invoiceErrorMessages.generic!);
}
