import { Text } from '@mantine/core';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

/** Why the page cannot be changed, shown to a member once the role is known (`show` is `canManage === false`). */
export function ReadOnlyNote({ show, message }: { show: boolean; message: MessageDescriptor }) {
  const intl = useIntl();
  if (!show) return null;
  return (
    <Text size="sm" c="dimmed">
      {intl.formatMessage(message)}
    </Text>
  );
}
