import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * Translated messages for form validation (ARCHITECTURE "Forms"): a zod issue of a schema built from
 * the generated zod becomes a message descriptor plus values. Fields may name their own messages,
 * per issue code (too_small, invalid_format …) or per custom reason (`params.reason`), or one for any
 * problem ('*'). Everything else gets a generic message. A blank field is "required" whatever its
 * limits, unless the field names its own message for that issue code.
 */

export const formIssueMessages = defineMessages({
  required: { id: 'form.issue.required', defaultMessage: 'This field is required.' },
  tooShort: { id: 'form.issue.tooShort', defaultMessage: 'Use at least {minimum} characters.' },
  tooLong: { id: 'form.issue.tooLong', defaultMessage: 'Use at most {maximum} characters.' },
  tooSmall: { id: 'form.issue.tooSmall', defaultMessage: 'Enter {minimum} or more.' },
  tooBig: { id: 'form.issue.tooBig', defaultMessage: 'Enter {maximum} or less.' },
  invalidNumber: { id: 'form.issue.invalidNumber', defaultMessage: 'Enter a number.' },
  invalidEmail: { id: 'form.issue.invalidEmail', defaultMessage: 'Enter a valid e-mail address, like name@example.com.' },
  invalid: { id: 'form.issue.invalid', defaultMessage: 'This value is not valid.' },
});

/** The parts of a zod (v4) issue this module reads. */
export interface IssueLike {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  params?: Record<string, unknown>;
}

export type FieldIssueMessages = Record<string, MessageDescriptor | Record<string, MessageDescriptor>>;

export interface DescribedIssue {
  descriptor: MessageDescriptor;
  values: Record<string, string | number>;
}

/** ['ranges', 2, 'end'] → 'ranges.*.end'. */
export function issueKey(path: readonly PropertyKey[] = []): string {
  return path.map((segment) => (typeof segment === 'number' ? '*' : String(segment))).join('.');
}

const isDescriptor = (value: unknown): value is MessageDescriptor =>
  typeof value === 'object' && value !== null && typeof (value as MessageDescriptor).id === 'string';

const isBlank = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

function reasonOf(issue: IssueLike): string | undefined {
  const reason = issue.params?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

function generic(issue: IssueLike): DescribedIssue {
  const minimum = issue.minimum === undefined ? 0 : Number(issue.minimum);
  const maximum = issue.maximum === undefined ? 0 : Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(issue.input)) return { descriptor: formIssueMessages.required, values: {} };
      if (issue.expected === 'number' || issue.expected === 'int') return { descriptor: formIssueMessages.invalidNumber, values: {} };
      return { descriptor: formIssueMessages.invalid, values: {} };
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (minimum <= 1) return { descriptor: formIssueMessages.required, values: {} };
        // A blank text is "required" even when the minimum is longer, as a blank e-mail is; the minimum
        // stays in the values for a field's own too_small message.
        if (isBlank(issue.input)) return { descriptor: formIssueMessages.required, values: { minimum } };
        return { descriptor: formIssueMessages.tooShort, values: { minimum } };
      }
      return { descriptor: formIssueMessages.tooSmall, values: { minimum } };
    case 'too_big':
      if (issue.origin === 'string') return { descriptor: formIssueMessages.tooLong, values: { maximum } };
      return { descriptor: formIssueMessages.tooBig, values: { maximum } };
    case 'invalid_format':
      if (isBlank(issue.input)) return { descriptor: formIssueMessages.required, values: {} };
      if (issue.format === 'email') return { descriptor: formIssueMessages.invalidEmail, values: {} };
      return { descriptor: formIssueMessages.invalid, values: {} };
    case 'invalid_value':
    case 'invalid_union':
      return { descriptor: isBlank(issue.input) ? formIssueMessages.required : formIssueMessages.invalid, values: {} };
    default:
      return { descriptor: formIssueMessages.invalid, values: {} };
  }
}

export function describeIssue(issue: IssueLike, fields: FieldIssueMessages = {}): DescribedIssue {
  const base = generic(issue);
  const own = fields[issueKey(issue.path)];
  if (!own) return base;
  if (isDescriptor(own)) return { descriptor: own, values: base.values };
  const reason = reasonOf(issue);
  const byReason = reason ? own[reason] : undefined;
  const chosen = byReason ?? own[issue.code] ?? (base.descriptor === formIssueMessages.required ? own.required : undefined) ?? own['*'];
  return chosen ? { descriptor: chosen, values: base.values } : base;
}

type FormatMessage = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

/**
 * A zod error map for `zodResolver(schema, { error })`: every issue gets its translated message.
 * Custom issues with their own message keep it.
 */
export function issueErrorMap(formatMessage: FormatMessage, fields: FieldIssueMessages = {}) {
  return (issue: IssueLike): string => {
    const { descriptor, values } = describeIssue(issue, fields);
    return formatMessage(descriptor, values);
  };
}
