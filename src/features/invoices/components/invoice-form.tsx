import { ActionIcon, Button, Fieldset, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ExemptionCode, InvoiceInput, InvoiceLineInput } from '@generated/types.gen';
import { MoneyInput } from '~/components/money-input';
import { RateInput } from '~/components/rate-input';
import type { AppLocale } from '~/lib/locale';
import { invoiceMessages as m } from '../messages';

interface LineDraft {
  description: string;
  quantity: number | string;
  unitPrice: number | null;
  taxPercentage: number | string;
  discountPercentage: number | string;
  exemption: ExemptionCode | '';
  exemptionReason: string;
}

const emptyLine = (tax: number): LineDraft => ({ description: '', quantity: 1, unitPrice: null, taxPercentage: tax, discountPercentage: 0, exemption: '', exemptionReason: '' });
const EXEMPTIONS: ExemptionCode[] = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'];

function linesFrom(input: InvoiceInput | undefined, tax: number): LineDraft[] {
  if (!input?.lines?.length) return [emptyLine(tax)];
  return input.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice.amount,
    taxPercentage: l.taxPercentage,
    discountPercentage: l.discountPercentage ?? 0,
    exemption: l.exemption?.code ?? '',
    exemptionReason: l.exemption?.reason ?? '',
  }));
}

/**
 * A draft invoice's fields (create and edit): the kind, the customer as invoiced, the language of the
 * PDF and e-mail, prices with or without tax, IRPF, dates, notes and the lines (with an exemption and
 * its legal reason where there is no tax). The server computes every amount.
 */
export function InvoiceForm({
  initial,
  currency,
  defaultTax,
  locale,
  submitLabel,
  readOnly = false,
  onSubmit,
  extra,
}: {
  initial?: InvoiceInput;
  currency: string;
  defaultTax: number;
  locale: AppLocale;
  submitLabel: ReactNode;
  readOnly?: boolean;
  onSubmit: (input: InvoiceInput) => Promise<void>;
  extra?: ReactNode;
}) {
  const intl = useIntl();
  const [kind, setKind] = useState<'INVOICE_KIND_STANDARD' | 'INVOICE_KIND_SIMPLIFIED'>(initial?.kind ?? 'INVOICE_KIND_STANDARD');
  const [name, setName] = useState(initial?.customer.name ?? '');
  const [taxId, setTaxId] = useState(initial?.customer.taxId ?? '');
  const [email, setEmail] = useState(initial?.customer.email ?? '');
  const [line1, setLine1] = useState(initial?.customer.address?.line1 ?? '');
  const [city, setCity] = useState(initial?.customer.address?.city ?? '');
  const [postalCode, setPostalCode] = useState(initial?.customer.address?.postalCode ?? '');
  const [country, setCountry] = useState(initial?.customer.address?.country ?? '');
  const [language, setLanguage] = useState<AppLocale>(initial?.language ?? locale);
  const [pricesIncludeTax, setPricesIncludeTax] = useState(initial?.pricesIncludeTax ?? false);
  const [withholding, setWithholding] = useState<number | string>(initial?.withholdingPercentage ?? 0);
  const [operationDate, setOperationDate] = useState(initial?.operationDate ?? '');
  const [dueDate, setDueDate] = useState(initial?.dueDate ?? '');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [lines, setLines] = useState<LineDraft[]>(() => linesFrom(initial, defaultTax));
  const [busy, setBusy] = useState(false);

  const setLine = (index: number, change: Partial<LineDraft>) => setLines((all) => all.map((l, i) => (i === index ? { ...l, ...change } : l)));

  const toInput = (): InvoiceInput => {
    const address = line1 || city || postalCode || country ? { ...(line1 ? { line1 } : {}), ...(city ? { city } : {}), ...(postalCode ? { postalCode } : {}), ...(country ? { country: country.toUpperCase() } : {}) } : undefined;
    return {
      kind,
      language,
      pricesIncludeTax,
      ...(Number(withholding) > 0 ? { withholdingPercentage: Number(withholding) } : {}),
      ...(operationDate ? { operationDate } : {}),
      ...(dueDate ? { dueDate } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      customer: { name: name.trim(), ...(taxId.trim() ? { taxId: taxId.trim() } : {}), ...(email.trim() ? { email: email.trim() } : {}), ...(address ? { address } : {}) },
      lines: lines.map(
        (l): InvoiceLineInput => ({
          description: l.description.trim(),
          quantity: Number(l.quantity),
          unitPrice: { amount: l.unitPrice ?? 0, currency },
          taxPercentage: l.exemption ? 0 : Number(l.taxPercentage),
          discountPercentage: Number(l.discountPercentage) || 0,
          ...(l.exemption ? { exemption: { code: l.exemption, reason: l.exemptionReason.trim() || l.exemption } } : {}),
        }),
      ),
    };
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (readOnly || busy) return;
        setBusy(true);
        void onSubmit(toInput()).finally(() => setBusy(false));
      }}
    >
      <Stack gap="md">
        <SegmentedControl
          aria-label={intl.formatMessage(m.kind)}
          value={kind}
          onChange={(value) => setKind(value as typeof kind)}
          disabled={readOnly}
          data={[
            { value: 'INVOICE_KIND_STANDARD', label: intl.formatMessage({ id: 'invoices.kind.standard', defaultMessage: 'Full invoice' }) },
            { value: 'INVOICE_KIND_SIMPLIFIED', label: intl.formatMessage({ id: 'invoices.kind.simplified', defaultMessage: 'Simplified invoice' }) },
          ]}
        />
        <Fieldset legend={intl.formatMessage(m.customer)} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={intl.formatMessage(m.customerName)} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={200} />
            <TextInput label={intl.formatMessage(m.customerTaxId)} value={taxId} onChange={(e) => setTaxId(e.currentTarget.value)} maxLength={32} />
            <TextInput label={intl.formatMessage(m.customerEmail)} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <TextInput label={intl.formatMessage(m.customerAddress)} value={line1} onChange={(e) => setLine1(e.currentTarget.value)} maxLength={200} />
            <TextInput label={intl.formatMessage(m.customerPostalCode)} value={postalCode} onChange={(e) => setPostalCode(e.currentTarget.value)} maxLength={20} />
            <TextInput label={intl.formatMessage(m.customerCity)} value={city} onChange={(e) => setCity(e.currentTarget.value)} maxLength={100} />
            <TextInput label={intl.formatMessage(m.customerCountry)} value={country} onChange={(e) => setCountry(e.currentTarget.value.toUpperCase().slice(0, 2))} maxLength={2} />
            <Select
              label={intl.formatMessage(m.language)}
              value={language}
              onChange={(value) => value && setLanguage(value as AppLocale)}
              allowDeselect={false}
              data={[
                { value: 'es-ES', label: 'Español' },
                { value: 'en-US', label: 'English (US)' },
              ]}
            />
          </SimpleGrid>
        </Fieldset>

        <Stack gap="xs">
          <Title order={2} size="h4">
            {intl.formatMessage(m.lines)}
          </Title>
          {lines.map((line, index) => (
            <Fieldset key={index} legend={intl.formatMessage(m.lineLabel, { n: index + 1 })} disabled={readOnly}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={intl.formatMessage(m.description)} value={line.description} onChange={(e) => setLine(index, { description: e.currentTarget.value })} required maxLength={500} />
                <NumberInput label={intl.formatMessage(m.quantity)} value={line.quantity} onChange={(v) => setLine(index, { quantity: v })} decimalScale={3} required />
                <MoneyInput
                  label={intl.formatMessage(m.unitPrice)}
                  value={line.unitPrice}
                  onChange={(v) => setLine(index, { unitPrice: v })}
                  currencyCode={currency}
                  locale={locale}
                  required
                />
                <RateInput
                  label={intl.formatMessage(m.taxPercentage)}
                  value={line.exemption ? 0 : line.taxPercentage}
                  onChange={(v) => setLine(index, { taxPercentage: v })}
                  locale={locale}
                  disabled={readOnly || Boolean(line.exemption)}
                />
                <RateInput label={intl.formatMessage(m.discountPercentage)} value={line.discountPercentage} onChange={(v) => setLine(index, { discountPercentage: v })} locale={locale} />
                <Select
                  label={intl.formatMessage(m.exemption)}
                  value={line.exemption}
                  onChange={(v) => setLine(index, { exemption: (v ?? '') as LineDraft['exemption'] })}
                  allowDeselect={false}
                  data={[{ value: '', label: intl.formatMessage(m.exemptionNone) }, ...EXEMPTIONS.map((code) => ({ value: code, label: code }))]}
                />
              </SimpleGrid>
              {line.exemption ? (
                <TextInput mt="xs" label={intl.formatMessage(m.exemptionReason)} value={line.exemptionReason} onChange={(e) => setLine(index, { exemptionReason: e.currentTarget.value })} required maxLength={300} />
              ) : null}
              {lines.length > 1 && !readOnly ? (
                <Group justify="flex-end" mt="xs">
                  <ActionIcon variant="subtle" color="red" aria-label={intl.formatMessage(m.removeLine, { n: index + 1 })} onClick={() => setLines((all) => all.filter((_, i) => i !== index))}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ) : null}
            </Fieldset>
          ))}
          {readOnly ? null : (
            <Group>
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setLines((all) => [...all, emptyLine(defaultTax)])}>
                {intl.formatMessage(m.addLine)}
              </Button>
            </Group>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Switch label={intl.formatMessage(m.pricesIncludeTax)} checked={pricesIncludeTax} onChange={(e) => setPricesIncludeTax(e.currentTarget.checked)} disabled={readOnly} />
          <NumberInput label={intl.formatMessage(m.withholding)} value={withholding} onChange={setWithholding} min={0} max={100} decimalScale={2} disabled={readOnly} />
          <TextInput label={intl.formatMessage(m.operationDate)} type="date" value={operationDate} onChange={(e) => setOperationDate(e.currentTarget.value)} disabled={readOnly} />
          <TextInput label={intl.formatMessage(m.dueDate)} type="date" value={dueDate} onChange={(e) => setDueDate(e.currentTarget.value)} disabled={readOnly} />
        </SimpleGrid>
        <Textarea label={intl.formatMessage(m.notes)} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={2000} autosize minRows={2} disabled={readOnly} />
        {extra}
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
