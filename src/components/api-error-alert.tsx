import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { problemKind, type ProblemKind } from '~/lib/api-problem';

const kindMessages: Record<ProblemKind, MessageDescriptor> = defineMessages({
  network: {
    id: 'apiError.network',
    defaultMessage: 'We could not reach Cita. Check your connection and try again; what you entered is still here.',
  },
  validation: { id: 'apiError.validation', defaultMessage: 'Some values were not accepted. Check the marked fields and try again.' },
  conflict: { id: 'apiError.conflict', defaultMessage: 'This clashes with something that already exists.' },
  forbidden: { id: 'apiError.forbidden', defaultMessage: 'Only the owner or an administrator of the business can do this.' },
  unauthorized: { id: 'apiError.unauthorized', defaultMessage: 'Your session has ended. Sign in again to continue.' },
  'not-found': { id: 'apiError.notFound', defaultMessage: 'This no longer exists. Reload the page and try again.' },
  'rate-limited': { id: 'apiError.rateLimited', defaultMessage: 'Too many attempts. Wait a moment and try again.' },
  server: { id: 'apiError.server', defaultMessage: 'Something went wrong on our side. Try again in a moment.' },
});

/** A failed save or action, told in the user's language; `messages` replaces the text of some kinds. */
export function ApiErrorAlert({ error, messages, title }: {
  error: unknown;
  messages?: Partial<Record<ProblemKind, ReactNode>>;
  title?: ReactNode;
}) {
  const intl = useIntl();
  if (!error) return null;
  const kind = problemKind(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={title} role="alert">
      {messages?.[kind] ?? intl.formatMessage(kindMessages[kind])}
    </Alert>
  );
}
