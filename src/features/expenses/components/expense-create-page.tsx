import { Alert, Anchor, Card, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { createExpenseMutation, scanExpenseMutation } from '@generated/@tanstack/react-query.gen';
import type { ExpenseScan, Tenant } from '@generated/types.gen';
import { AnchorLink } from '~/components/anchor-link';
import { ImageUploader } from '~/components/image-uploader';
import { PageHeader } from '~/components/page-header';
import { RoleGate } from '~/components/role-gate';
import { useIsManager } from '~/entities/session/use-team-role';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useImageUpload } from '~/lib/use-image-upload';
import { today } from '~/lib/temporal';
import { useLocale } from '~/lib/use-locale';
import { describeExpenseFailure } from '../errors';
import { expenseMessages as m } from '../messages';
import { ExpenseForm, formValues } from './expense-form';
import { ReceiptImage } from './receipt-image';


/** /expenses/create: photograph or upload a receipt, let the server read it, check every field, save. */
export function ExpenseCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isManager = useIsManager(tenant);
  const uploadImage = useImageUpload(tenant.id);
  const scanCall = useMutation(scanExpenseMutation());
  const create = useMutation(createExpenseMutation());
  const idempotency = useIdempotencyKey();
  const [assetId, setAssetId] = useState<string>();
  const [scan, setScan] = useState<ExpenseScan>();
  const [scanFailure, setScanFailure] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new scan remounts the form with what was read.
  const [formKey, setFormKey] = useState(0);
  const currency = tenant.currency.currencyCode;
  const todayDate = today(tenant.timeZone).toString();

  const readReceipt = async (id: string) => {
    setScanFailure(null);
    try {
      const { scan: read } = await scanCall.mutateAsync({ path: { tenantId: tenant.id }, body: { tenant_id: tenant.id, assetId: id } });
      setScan(read);
      setFormKey((k) => k + 1);
    } catch (error) {
      setScanFailure(describeExpenseFailure(intl, error));
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader back={<AnchorLink to="/{-$locale}/expenses">{intl.formatMessage(m.back)}</AnchorLink>} title={intl.formatMessage(m.create)} />
      <RoleGate allowed={isManager} message={m.forbidden}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="md" component="section" aria-labelledby="scan-title">
              <Stack gap="sm">
                <Text fw={600} id="scan-title">
                  {intl.formatMessage(m.scanTitle)}
                </Text>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(m.scanHelp)}
                </Text>
                <ImageUploader
                  label={intl.formatMessage(m.takePhoto)}
                  showPreview={false}
                  acceptPdf
                  disabled={scanCall.isPending}
                  upload={async (file, onProgress) => {
                    const asset = await uploadImage(file, onProgress);
                    setAssetId(asset.id);
                    setScan(undefined);
                    void readReceipt(asset.id);
                  }}
                />
                {scanCall.isPending ? (
                  <Group gap="sm" role="status" aria-live="polite">
                    <Loader size="sm" />
                    <Text size="sm">{intl.formatMessage(m.scanning)}</Text>
                  </Group>
                ) : null}
                {scanFailure ? (
                  <Alert color="orange" role="alert" data-testid="scan-failure">
                    <Text size="sm">{scanFailure}</Text>
                    <Text size="sm">{intl.formatMessage(m.skipScan)}</Text>
                  </Alert>
                ) : null}
                {assetId ? <ReceiptImage tenantId={tenant.id} assetId={assetId} /> : null}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              {scan ? (
                <Alert color="blue" role="status">
                  {intl.formatMessage(m.scanned)}
                </Alert>
              ) : null}
              {scan && scan.possibleDuplicateIds.length > 0 ? (
                <Alert color="yellow" role="alert" data-testid="duplicate-warning">
                  <Text size="sm">{intl.formatMessage(m.duplicate, { count: scan.possibleDuplicateIds.length })}</Text>
                  <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/expenses/$id" params={{ locale: localeParam(locale), id: scan.possibleDuplicateIds[0]! }} />}>
                    {intl.formatMessage(m.openDuplicate)}
                  </Anchor>
                </Alert>
              ) : null}
              {failure ? (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <ExpenseForm
                key={formKey}
                initial={formValues({ ...(scan ? { scan } : {}), defaultRate: tenant.taxPercentage, today: todayDate })}
                {...(scan ? { scanFields: scan.fields } : {})}
                currency={currency}
                locale={locale}
                submitLabel={intl.formatMessage(m.save)}
                onSubmit={async (input) => {
                  setFailure(null);
                  try {
                    const { expense } = await create.mutateAsync({
                      path: { tenantId: tenant.id },
                      body: { expense: { ...input, ...(assetId ? { receiptAssetId: assetId } : {}) } },
                      headers: { 'Idempotency-Key': idempotency.key() },
                    });
                    idempotency.renew();
                    await queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('listExpenses') });
                    notifications.show({ color: 'green', title: intl.formatMessage(m.saved), message: expense.supplier ?? expense.date });
                    await navigate({ to: '/{-$locale}/expenses/$id', params: { id: expense.id, locale: localeParam(locale) } });
                  } catch (error) {
                    setFailure(describeExpenseFailure(intl, error));
                  }
                }}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </RoleGate>
    </Stack>
  );
}
