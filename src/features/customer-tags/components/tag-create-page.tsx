import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createCustomerTagMutation, listCustomerTagsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { ColorLabelCreatePage } from '~/components/color-label-pages';
import { MAX_CUSTOMER_TAGS } from '@common/limits';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { tagMessages } from '../messages';
import { newTagForm, toTagInput } from '../schemas/tag-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { tagLabelKind } from './tag-form';

/** /customer-tags/create. */
export function TagCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createCustomerTagMutation());
  const idempotency = useIdempotencyKey();

  return (
    <ColorLabelCreatePage
      kind={tagLabelKind}
      texts={tagMessages}
      listTo="/{-$locale}/customer-tags"
      backLabel={<FormattedMessage id="customerTags.back" defaultMessage="← Customer tags" />}
      title={<FormattedMessage id="customerTags.create.title" defaultMessage="New tag" />}
      canManage={canManage}
      defaultValues={newTagForm()}
      submitLabel={<FormattedMessage id="customerTags.create.submit" defaultMessage="Create tag" />}
      paused={create.isPaused}
      applyServerErrors={(failure, form) => applyServerErrors(failure, form, intl)}
      problemCodes={{
        too_many_tags: intl.formatMessage(
          {
            id: 'customerTags.create.tooMany',
            defaultMessage: 'This business already has {max} tags, the most it can have. Delete a tag you no longer use to add another.',
          },
          { max: MAX_CUSTOMER_TAGS },
        ),
      }}
      create={async (values, form) => {
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
      }}
    />
  );
}
