import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { ConfirmDeleteModal } from './confirm-delete-modal';

/** The red "Delete" of a record's page, which asks first (ConfirmDeleteModal: `children` says what deleting does). */
export function DeleteButton({ label, ...confirm }: Omit<ComponentProps<typeof ConfirmDeleteModal>, 'opened' | 'onClose'> & { label: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <ConfirmDeleteModal opened={opened} onClose={() => setOpened(false)} {...confirm} />
    </>
  );
}
