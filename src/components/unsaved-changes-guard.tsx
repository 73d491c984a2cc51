import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Asks before leaving a page with unsaved changes (in-app navigation and closing or reloading the tab),
 * so nothing typed is lost by a stray click.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const intl = useIntl();
  const blocker = useBlocker({ shouldBlockFn: () => when, enableBeforeUnload: () => when, withResolver: true });
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={intl.formatMessage({ id: 'unsavedChanges.title', defaultMessage: 'Leave without saving?' })}
      centered
    >
      <Text size="sm">
        <FormattedMessage id="unsavedChanges.text" defaultMessage="You have changes that are not saved yet. If you leave now, they will be lost." />
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          <FormattedMessage id="unsavedChanges.stay" defaultMessage="Stay and keep editing" />
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          <FormattedMessage id="unsavedChanges.leave" defaultMessage="Leave" />
        </Button>
      </Group>
    </Modal>
  );
}
