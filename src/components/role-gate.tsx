import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { PageLoader } from './page-loader';

/**
 * What only some roles may use (a create page for owners and administrators): loading while the
 * role is not known yet, the reason (`message`) for the others, `children` for those allowed.
 */
export function RoleGate({ allowed, message, children }: { allowed: boolean | undefined; message: MessageDescriptor; children: ReactNode }) {
  const intl = useIntl();
  if (allowed === undefined) return <PageLoader />;
  if (!allowed) {
    return (
      <Alert color="orange" variant="light" role="alert">
        {intl.formatMessage(message)}
      </Alert>
    );
  }
  return <>{children}</>;
}
