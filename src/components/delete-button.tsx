import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useCallback, useState, type ComponentProps, type ReactNode } from 'react';
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

export interface AfterDelete {
  /** The record's own query: forgotten, so that nothing shows it again from the cache. */
  record: QueryKey;
  /** The list it was in: refreshed before going back to it. */
  list: QueryKey;
  /** The green notice that says what was deleted. */
  notice: { title: string; message: string };
  /** Back to where the record came from (its list). */
  back: () => Promise<unknown>;
}

/** What a record's page does once its DeleteButton has deleted it (see AfterDelete). */
export function useAfterDelete() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ record, list, notice, back }: AfterDelete) => {
      queryClient.removeQueries({ queryKey: record });
      await queryClient.invalidateQueries({ queryKey: list });
      notifications.show({ color: 'green', ...notice });
      await back();
    },
    [queryClient],
  );
}
