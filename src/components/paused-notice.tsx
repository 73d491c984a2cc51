import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';

/**
 * Shown while a save waits for the connection (TanStack Query pauses mutations offline and sends them
 * once the browser is back online), so a spinning button is never left unexplained.
 */
export function PausedNotice({ paused }: { paused: boolean }) {
  if (!paused) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconWifiOff size={20} aria-hidden />} role="status">
      <FormattedMessage
        id="pausedNotice.text"
        defaultMessage="You are offline. Your changes are kept and will be sent as soon as the connection is back."
      />
    </Alert>
  );
}
