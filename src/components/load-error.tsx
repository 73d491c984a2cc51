import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The error state of a page or panel whose data did not load, with a retry. */
export function LoadError({ title, description, onRetry, retrying = false }: {
  title?: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={title ?? <FormattedMessage id="loadError.title" defaultMessage="This could not be loaded" />}
      role="alert"
    >
      <Text size="sm">
        {description ?? (
          <FormattedMessage
            id="loadError.description"
            defaultMessage="Check your connection and try again. If it keeps failing, contact support."
          />
        )}
      </Text>
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry} loading={retrying}>
            <FormattedMessage id="loadError.retry" defaultMessage="Try again" />
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
