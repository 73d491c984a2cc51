import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { getInvoiceSettingsOptions, getInvoiceSettingsQueryKey, updateInvoiceSettingsMutation } from '@generated/@tanstack/react-query.gen';
import type { InvoiceSettings, Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';
import { AnchorLink } from '~/components/anchor-link';
import { MoneyInput } from '~/components/money-input';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { useLocale } from '~/lib/use-locale';
import { describeFailure } from '../errors';
import { invoiceMessages as m } from '../messages';

/** /invoices/settings: the business as its invoices show it, its series and limits (linked from /settings). */
export function InvoiceSettingsPage({ tenant }: { tenant: Tenant }) {
  const query = useQuery(getInvoiceSettingsOptions({ path: { tenantId: tenant.id } }));
  return <QueryState query={query}>{(data) => <SettingsForm key={data.invoiceSettings.version} tenant={tenant} settings={data.invoiceSettings} />}</QueryState>;
}

function SettingsForm({ tenant, settings }: { tenant: Tenant; settings: InvoiceSettings }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const readOnly = useIsManager(tenant) !== true;
  const save = useMutation(updateInvoiceSettingsMutation());
  const [legalName, setLegalName] = useState(settings.legalName ?? '');
  const [taxId, setTaxId] = useState(settings.taxId ?? '');
  const [line1, setLine1] = useState(settings.address?.line1 ?? '');
  const [postalCode, setPostalCode] = useState(settings.address?.postalCode ?? '');
  const [city, setCity] = useState(settings.address?.city ?? '');
  const [country, setCountry] = useState(settings.address?.country ?? settings.country);
  const [fullSeries, setFullSeries] = useState(settings.fullSeries);
  const [simplifiedSeries, setSimplifiedSeries] = useState(settings.simplifiedSeries);
  const [rectifyingSeries, setRectifyingSeries] = useState(settings.rectifyingSeries);
  const [limit, setLimit] = useState<number | null>(settings.simplifiedLimit.amount);
  const [verifactu, setVerifactu] = useState(settings.verifactu);
  const [irpf, setIrpf] = useState<number | string>(settings.defaultWithholdingPercentage);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={<AnchorLink to="/{-$locale}/invoices">{intl.formatMessage(m.back)}</AnchorLink>}
        title={intl.formatMessage(m.settingsTitle)}
        subtitle={intl.formatMessage(m.settingsIntro)}
      />
      {readOnly ? <Text c="dimmed">{intl.formatMessage(m.readOnlySettings)}</Text> : null}
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFailure(null);
          const address = { ...(line1 ? { line1 } : {}), ...(postalCode ? { postalCode } : {}), ...(city ? { city } : {}), ...(country ? { country: country.toUpperCase() } : {}) };
          save
            .mutateAsync({
              path: { tenantId: tenant.id },
              body: {
                version: settings.version,
                ...(legalName.trim() ? { legalName: legalName.trim() } : {}),
                ...(taxId.trim() ? { taxId: taxId.trim() } : {}),
                ...(Object.keys(address).length ? { address } : {}),
                fullSeries,
                simplifiedSeries,
                rectifyingSeries,
                ...(limit !== null && !Number.isNaN(limit) ? { simplifiedLimit: { amount: limit, currency: settings.simplifiedLimit.currency } } : {}),
                verifactu,
                defaultWithholdingPercentage: Number(irpf) || 0,
              },
            })
            .then(async (response) => {
              queryClient.setQueryData(getInvoiceSettingsQueryKey({ path: { tenantId: tenant.id } }), response);
              notifications.show({ color: 'green', title: intl.formatMessage(m.settingsSaved), message: response.invoiceSettings.legalName ?? '' });
            })
            .catch((error: unknown) => setFailure(describeFailure(intl, error)));
        }}
      >
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={intl.formatMessage(m.legalName)} value={legalName} onChange={(e) => setLegalName(e.currentTarget.value)} maxLength={200} />
              <TextInput label={intl.formatMessage(m.taxId)} value={taxId} onChange={(e) => setTaxId(e.currentTarget.value)} maxLength={32} />
              <TextInput label={intl.formatMessage(m.address)} value={line1} onChange={(e) => setLine1(e.currentTarget.value)} maxLength={200} />
              <TextInput label={intl.formatMessage(m.customerPostalCode)} value={postalCode} onChange={(e) => setPostalCode(e.currentTarget.value)} maxLength={20} />
              <TextInput label={intl.formatMessage(m.customerCity)} value={city} onChange={(e) => setCity(e.currentTarget.value)} maxLength={100} />
              <TextInput label={intl.formatMessage(m.customerCountry)} value={country} onChange={(e) => setCountry(e.currentTarget.value.toUpperCase().slice(0, 2))} maxLength={2} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={intl.formatMessage(m.fullSeries)} value={fullSeries} onChange={(e) => setFullSeries(e.currentTarget.value)} pattern="[A-Za-z0-9-]{1,20}" required />
              <TextInput label={intl.formatMessage(m.simplifiedSeries)} value={simplifiedSeries} onChange={(e) => setSimplifiedSeries(e.currentTarget.value)} pattern="[A-Za-z0-9-]{1,20}" required />
              <TextInput label={intl.formatMessage(m.rectifyingSeries)} value={rectifyingSeries} onChange={(e) => setRectifyingSeries(e.currentTarget.value)} pattern="[A-Za-z0-9-]{1,20}" required />
            </SimpleGrid>
            <div>
              <Title order={2} size="h5">
                {intl.formatMessage(m.nextNumbers)}
              </Title>
              <Group gap="md">
                {settings.nextNumbers.map((n) => (
                  <Text key={n.series}>{intl.formatMessage(m.nextNumber, { series: n.series, number: n.nextNumber })}</Text>
                ))}
              </Group>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput label={intl.formatMessage(m.simplifiedLimit)} value={limit} onChange={setLimit} currencyCode={settings.simplifiedLimit.currency} locale={locale} />
              <NumberInput label={intl.formatMessage(m.defaultWithholding)} value={irpf} onChange={setIrpf} min={0} max={100} decimalScale={2} />
            </SimpleGrid>
            <Switch label={intl.formatMessage(m.verifactu)} checked={verifactu} onChange={(e) => setVerifactu(e.currentTarget.checked)} />
            {readOnly ? null : (
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {intl.formatMessage(m.settingsSave)}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
