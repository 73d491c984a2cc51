import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deleteServiceObjectMutation, getServiceObjectQueryKey, listServiceObjectsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { ServiceObject } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { localeParam } from '~/lib/locale';

/** Delete with a confirmation; then back to the customer's objects. */
export function DeleteServiceObjectButton({ object }: { object: ServiceObject }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation(deleteServiceObjectMutation());
  const [open, setOpen] = useState(false);
  const path = { tenantId: object.tenantId, customerId: object.customerId, id: object.id };

  return (
    <>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpen(true)}>
        <FormattedMessage id="serviceObjects.delete" defaultMessage="Delete" />
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={intl.formatMessage({ id: 'serviceObjects.delete.title', defaultMessage: 'Delete this object?' })} centered>
        <Stack gap="md">
          <Text size="sm">
            <FormattedMessage
              id="serviceObjects.delete.message"
              defaultMessage="{name} and its photos will be deleted. Appointments that mention it keep their history."
              values={{ name: object.name }}
            />
          </Text>
          <ApiErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} data-autofocus>
              <FormattedMessage id="serviceObjects.delete.cancel" defaultMessage="Cancel" />
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { path },
                  {
                    onSuccess: async () => {
                      queryClient.removeQueries({ queryKey: getServiceObjectQueryKey({ path }) });
                      await queryClient.invalidateQueries({ queryKey: listServiceObjectsQueryKey({ path: { tenantId: object.tenantId, customerId: object.customerId } }) });
                      notifications.show({ color: 'green', title: intl.formatMessage({ id: 'serviceObjects.deleted.title', defaultMessage: 'Object deleted' }), message: object.name });
                      await navigate({ to: '/{-$locale}/customers/$customerId/services-object', params: { locale: localeParam(locale), customerId: object.customerId } });
                    },
                  },
                )
              }
            >
              <FormattedMessage id="serviceObjects.delete.confirm" defaultMessage="Delete object" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
