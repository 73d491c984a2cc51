import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiErrorAlert } from './api-error-alert';

type AlertMessages = Parameters<typeof ApiErrorAlert>[0]['messages'];

/**
 * "Delete this …?": what deleting does, the server's refusal if there was one, Cancel (focused
 * first, so Enter never deletes by accident) and the red confirmation.
 */
export function ConfirmDeleteModal({
  opened,
  onClose,
  title,
  children,
  error,
  errorMessages,
  pending,
  onConfirm,
  confirmLabel,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  error: unknown;
  errorMessages?: AlertMessages;
  pending: boolean;
  onConfirm: () => void;
  confirmLabel: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <ApiErrorAlert error={error} messages={errorMessages} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            <FormattedMessage id="common.delete.cancel" defaultMessage="Cancel" />
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
