import { Anchor, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteCustomerTagMutation,
  getCustomerTagOptions,
  getCustomerTagQueryKey,
  listCustomerTagsQueryKey,
  updateCustomerTagMutation,
} from '@generated/@tanstack/react-query.gen';
import type { CustomerTag, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { tagMessages } from '../messages';
import { tagFormFrom, toTagUpdate } from '../schemas/tag-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { TagFormFields } from './tag-form';

/** /customer-tags/{id}: a tag to rename, recolour or delete. */
export function TagEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const tag = useQuery(getCustomerTagOptions({ path: { tenantId: tenant.id, id } }));
  if (tag.isPending) return <PageLoader />;
  if (tag.isError) return <LoadError onRetry={() => void tag.refetch()} retrying={tag.isFetching} />;
  return <TagEditor tenant={tenant} tag={tag.data.tag} reload={() => tag.refetch()} />;
}

function TagEditor({ tenant, tag, reload }: { tenant: Tenant; tag: CustomerTag; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updateCustomerTagMutation());
  const remove = useMutation(deleteCustomerTagMutation());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const path = { tenantId: tenant.id, id: tag.id };
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listCustomerTagsQueryKey({ path: { tenantId: tenant.id } }) });

  const reloadTag = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/customer-tags" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="customerTags.back" defaultMessage="← Customer tags" />
        </Anchor>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <ColorSwatch color={tag.color} size={20} />
            <Title order={1}>{tag.name}</Title>
          </Group>
          {canManage ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="customerTags.delete" defaultMessage="Delete" />
            </Button>
          ) : null}
        </Group>
        <Text c="dimmed">
          <FormattedMessage
            id="customerTags.count"
            defaultMessage="{count, plural, =0 {No customer carries this tag.} one {# customer carries this tag.} other {# customers carry this tag.}}"
            values={{ count: tag.customerCount }}
          />
        </Text>
      </Stack>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(tagMessages.readOnly)}
        </Text>
      ) : null}

      <TagFormFields
        key={formKey}
        readOnly={canManage !== true}
        defaultValues={tagFormFrom(tag)}
        submitLabel={<FormattedMessage id="customerTags.save" defaultMessage="Save changes" />}
        alert={
          <>
            {stale ? (
              <StaleVersionAlert
                title={intl.formatMessage(tagMessages.staleTitle)}
                message={intl.formatMessage(tagMessages.staleMessage)}
                reloadLabel={intl.formatMessage(tagMessages.staleReload)}
                onReload={() => void reloadTag()}
              />
            ) : (
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(tagMessages.forbidden) }} />
            )}
            <PausedNotice paused={update.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            const { tag: saved } = await update.mutateAsync({ path, body: { tag: toTagUpdate(values, tag.version) } });
            queryClient.setQueryData(getCustomerTagQueryKey({ path }), { tag: saved });
            await invalidateList();
            form.reset(tagFormFrom(saved));
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'customerTags.saved.title', defaultMessage: 'Tag saved' }),
              message: saved.name,
            });
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />

      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={intl.formatMessage({ id: 'customerTags.delete.title', defaultMessage: 'Delete this tag?' })}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(tagMessages.forbidden) }}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { path },
            {
              onSuccess: async () => {
                queryClient.removeQueries({ queryKey: getCustomerTagQueryKey({ path }) });
                await invalidateList();
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'customerTags.deleted.title', defaultMessage: 'Tag deleted' }),
                  message: tag.name,
                });
                await navigate({ to: '/{-$locale}/customer-tags', params: { locale: localeParam(locale) } });
              },
            },
          )
        }
        confirmLabel={<FormattedMessage id="customerTags.delete.confirm" defaultMessage="Delete tag" />}
      >
        <FormattedMessage
          id="customerTags.delete.message"
          defaultMessage="{count, plural, =0 {No customer carries {name}.} one {# customer carries {name}; it will be removed from them.} other {# customers carry {name}; it will be removed from all of them.}}"
          values={{ count: tag.customerCount, name: tag.name }}
        />
      </ConfirmDeleteModal>
    </Stack>
  );
}
