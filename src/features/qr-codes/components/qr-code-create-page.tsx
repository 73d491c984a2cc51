import { Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { createQrCodeMutation, listQrCodesQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';
import { useSaveState } from '~/lib/use-save-state';
import { SaveAlert } from '~/components/save-alert';
import { RoleGate } from '~/components/role-gate';
import { PageHeader } from '~/components/page-header';
import { AnchorLink } from '~/components/anchor-link';
import { useRecordCreator } from '~/components/record-editor';
import { qrMessages } from '../messages';
import { applyQrServerErrors, newQrForm, QrFormFields, toQrInput, type QrForm } from './qr-form';

/** /qrs/create: a new QR code; then its page, to download or print it. */
export function QrCodeCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useIsManager(tenant);
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createQrCodeMutation(),
    listKey: listQrCodesQueryKey({ path: { tenantId: tenant.id } }),
    name: ({ qrCode }) => qrCode.name,
    texts: qrMessages,
    next: ({ qrCode }) => ({ to: '/{-$locale}/qrs/$id', params: { id: qrCode.id } }),
  });
  const save = useSaveState<QrForm>({ applyServerErrors: (failure, form) => applyQrServerErrors(failure, form, intl) });
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/qrs">
            <FormattedMessage id="qrs.back" defaultMessage="← QR codes" />
          </AnchorLink>
        }
        title={<FormattedMessage id="qrs.create.title" defaultMessage="New QR code" />}
      />
      <RoleGate allowed={canManage} message={qrMessages.forbidden}>
        <QrFormFields
          defaultValues={newQrForm()}
          submitLabel={<FormattedMessage id="qrs.create.submit" defaultMessage="Create QR code" />}
          alert={<SaveAlert state={save} texts={{ forbidden: qrMessages.forbidden }} paused={creator.paused} />}
          onSubmit={save.submit(creator.submit((values) => ({ qrCode: toQrInput(values) })))}
        />
      </RoleGate>
    </Stack>
  );
}
