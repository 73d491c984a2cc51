import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type * as z from 'zod/v4/core';
import { issueErrorMap, type FieldIssueMessages } from './form-issues';

/**
 * A react-hook-form form validated by a zod schema, its issues translated (form-issues: the
 * fields' own messages, else the generic ones), validating a field once it was left.
 * `messageValues` are extra values for the fields' own messages (e.g. a money field's bounds in the
 * business's currency, src/lib/money-messages.ts).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.$ZodType<Output, Input>,
  issueMessages: FieldIssueMessages | undefined,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
  messageValues?: Record<string, string | number>,
): UseFormReturn<Input, unknown, Output> {
  const intl = useIntl();
  const resolver = useMemo(
    () => zodResolver(schema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, { ...messageValues, ...values }), issueMessages) }),
    [intl, schema, issueMessages, messageValues],
  );
  return useForm<Input, unknown, Output>({ mode: 'onTouched', ...options, resolver });
}
