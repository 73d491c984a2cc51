import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createCustomerTagMutation, listCustomerTagsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { tagMessages } from '../messages';
import { newTagForm, toTagInput } from '../schemas/tag-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { TagFormFields } from './tag-form';

/** /customer-tags/create. */
export function TagCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createCustomerTagMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/customer-tags" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="customerTags.back" defaultMessage="← Customer tags" />
        </Anchor>
        <Title order={1}>
          <FormattedMessage id="customerTags.create.title" defaultMessage="New tag" />
        </Title>
      </Stack>
      {canManage === undefined ? <PageLoader /> : null}
      {canManage === false ? (
        <Alert color="orange" variant="light" role="alert">
          {intl.formatMessage(tagMessages.forbidden)}
        </Alert>
      ) : null}
      {canManage ? (
        <TagFormFields
          defaultValues={newTagForm()}
          submitLabel={<FormattedMessage id="customerTags.create.submit" defaultMessage="Create tag" />}
          alert={
            <>
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(tagMessages.forbidden) }} />
              <PausedNotice paused={create.isPaused} />
            </>
          }
          onSubmit={async (values, form) => {
            setError(null);
            try {
              const { tag } = await create.mutateAsync({
                path: { tenantId: tenant.id },
                body: { tag: toTagInput(values) },
                headers: { 'Idempotency-Key': idempotency.key() },
              });
              idempotency.renew();
              form.reset(values);
              await queryClient.invalidateQueries({ queryKey: listCustomerTagsQueryKey({ path: { tenantId: tenant.id } }) });
              notifications.show({
                color: 'green',
                title: intl.formatMessage({ id: 'customerTags.created.title', defaultMessage: 'Tag created' }),
                message: tag.name,
              });
              await navigate({ to: '/{-$locale}/customer-tags', params: { locale: localeParam(locale) } });
            } catch (failure) {
              if (!applyServerErrors(failure, form, intl)) setError(failure);
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
