import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { createInvoiceMutation, listInvoicesQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { AnchorLink } from '~/components/anchor-link';
import { PageHeader } from '~/components/page-header';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { describeFailure } from '../errors';
import { invoiceMessages as m } from '../messages';
import { InvoiceForm } from './invoice-form';

/** /invoices/create: a draft by hand (it gets its number when issued, on its page). */
export function InvoiceCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(createInvoiceMutation());
  const idempotency = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader back={<AnchorLink to="/{-$locale}/invoices">{intl.formatMessage(m.back)}</AnchorLink>} title={intl.formatMessage(m.create)} />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <InvoiceForm
        currency={tenant.currency.currencyCode}
        defaultTax={tenant.taxPercentage}
        locale={locale}
        submitLabel={intl.formatMessage(m.createDraft)}
        onSubmit={async (invoice) => {
          setFailure(null);
          try {
            const response = await create.mutateAsync({ path: { tenantId: tenant.id }, body: { invoice }, headers: { 'Idempotency-Key': idempotency.key() } });
            idempotency.renew();
            await queryClient.invalidateQueries({ queryKey: listInvoicesQueryKey({ path: { tenantId: tenant.id } }) });
            notifications.show({ color: 'green', title: intl.formatMessage(m.created), message: response.invoice.customer.name });
            await navigate({ to: '/{-$locale}/invoices/$id', params: { id: response.invoice.id, locale: localeParam(locale) } });
          } catch (error) {
            setFailure(describeFailure(intl, error));
          }
        }}
      />
    </Stack>
  );
}
