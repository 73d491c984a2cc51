import { ActionIcon, Alert, Badge, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Expense, ExpenseCategory, ExpenseInput, ExpensePaymentMethod, ExpenseScan, ExpenseScanField } from '@generated/types.gen';
import { MoneyInput } from '~/components/money-input';
import { RateInput } from '~/components/rate-input';
import { useFormatMoney } from '~/lib/use-format-money';
import { categoryMessages, expenseMessages as m, methodMessages } from '../messages';

export const CATEGORIES = Object.keys(categoryMessages) as ExpenseCategory[];
export const METHODS = Object.keys(methodMessages) as ExpensePaymentMethod[];

interface LineState {
  key: number;
  rate: number | string;
  base: number | null;
  tax: number | null;
}

export interface ExpenseFormValues {
  supplier: string;
  supplierTaxId: string;
  supplierInvoiceNumber: string;
  description: string;
  category: ExpenseCategory | null;
  date: string;
  lines: LineState[];
  withholdingPercentage: number | string;
  withholding: number | null;
  amount: number | null;
  paymentMethod: ExpensePaymentMethod | null;
  notes: string;
}

let nextKey = 1;
const line = (rate: number | string, base: number | null = null, tax: number | null = null): LineState => ({ key: nextKey++, rate, base, tax });

/** The form's values from a saved expense, from a scan (what was read), or empty with the business's tax rate. */
export function formValues(source: { expense?: Expense; scan?: ExpenseScan; defaultRate: number; today: string }): ExpenseFormValues {
  const e = source.expense;
  const s = source.scan;
  const lines = (e?.taxLines ?? s?.taxLines ?? []).map((l) => line(l.taxPercentage, l.base.amount, l.tax.amount));
  return {
    supplier: e?.supplier ?? s?.supplier ?? '',
    supplierTaxId: e?.supplierTaxId ?? s?.supplierTaxId ?? '',
    supplierInvoiceNumber: e?.supplierInvoiceNumber ?? s?.supplierInvoiceNumber ?? '',
    description: e?.description ?? '',
    category: e?.category ?? null,
    date: e?.date ?? s?.date ?? source.today,
    lines: lines.length > 0 ? lines : [line(source.defaultRate)],
    withholdingPercentage: e?.withholdingPercentage ?? s?.withholdingPercentage ?? '',
    withholding: e ? e.withholding.amount || null : (s?.withholding?.amount ?? null),
    amount: e?.amount.amount ?? s?.amount?.amount ?? null,
    paymentMethod: e?.paymentMethod ?? null,
    notes: e?.notes ?? '',
  };
}

const finite = (value: number | null) => value !== null && Number.isFinite(value);
const computedTotal = (v: ExpenseFormValues) =>
  v.lines.reduce((sum, l) => sum + (finite(l.base) ? l.base! : 0) + (finite(l.tax) ? l.tax! : 0), 0) - (finite(v.withholding) ? v.withholding! : 0);

/** Confidence of one read field as a small badge: green when sure, orange to check, red when a guess. */
function ConfidenceBadge({ field }: { field?: ExpenseScanField }) {
  const intl = useIntl();
  if (!field) return null;
  const percent = intl.formatNumber(field.confidence, { style: 'percent' });
  const color = field.confidence >= 0.8 ? 'green' : field.confidence >= 0.6 ? 'yellow' : 'red';
  const label = intl.formatMessage(m.confidence, { percent });
  return (
    <Tooltip label={field.confidence < 0.6 ? intl.formatMessage(m.lowConfidence) : field.repaired ? intl.formatMessage(m.repaired) : label} withArrow>
      <Badge size="xs" variant="light" color={color} aria-label={label} tabIndex={0} data-testid="confidence">
        {percent}
      </Badge>
    </Tooltip>
  );
}

/**
 * The fields of an expense, each editable; after a scan every read field shows how sure the reading
 * was. The total is checked against bases + taxes − withholding before anything is sent.
 */
export function ExpenseForm({
  initial,
  currency,
  locale,
  scanFields,
  submitLabel,
  disabled,
  aside,
  onSubmit,
}: {
  initial: ExpenseFormValues;
  currency: string;
  locale: string;
  scanFields?: ExpenseScanField[];
  submitLabel: string;
  disabled?: boolean;
  aside?: ReactNode;
  onSubmit: (input: Omit<ExpenseInput, 'receiptAssetId'>) => Promise<void>;
}) {
  const intl = useIntl();
  const money = useFormatMoney();
  const [v, setV] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ExpenseFormValues>(key: K, value: ExpenseFormValues[K]) => setV((prev) => ({ ...prev, [key]: value }));
  const setLine = (key: number, patch: Partial<LineState>) => setV((prev) => ({ ...prev, lines: prev.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
  const field = (name: ExpenseScanField['field']) => scanFields?.find((f) => f.field === name);
  const label = (text: string, name: ExpenseScanField['field']) => (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{text}</span>
      <ConfidenceBadge field={field(name)} />
    </Group>
  );
  const computed = computedTotal(v);
  const amountError = !submitted
    ? undefined
    : !finite(v.amount)
      ? intl.formatMessage(m.invalidAmount)
      : v.amount !== computed
        ? intl.formatMessage(m.mismatch)
        : undefined;
  const required = (ok: boolean) => (submitted && !ok ? intl.formatMessage(m.required) : undefined);
  const linesOk = v.lines.every((l) => finite(l.base) && finite(l.tax) && l.rate !== '');
  const valid = Boolean(v.category) && /^\d{4}-\d{2}-\d{2}$/.test(v.date) && linesOk && finite(v.amount) && v.amount === computed;

  const submit = async () => {
    setSubmitted(true);
    if (!valid || !v.category) return;
    setBusy(true);
    try {
      await onSubmit({
        ...(v.supplier.trim() ? { supplier: v.supplier.trim() } : {}),
        ...(v.supplierTaxId.trim() ? { supplierTaxId: v.supplierTaxId.trim() } : {}),
        ...(v.supplierInvoiceNumber.trim() ? { supplierInvoiceNumber: v.supplierInvoiceNumber.trim() } : {}),
        ...(v.description.trim() ? { description: v.description.trim() } : {}),
        category: v.category,
        date: v.date,
        taxLines: v.lines.map((l) => ({ taxPercentage: Number(l.rate), base: { amount: l.base!, currency }, tax: { amount: l.tax!, currency } })),
        ...(v.withholdingPercentage !== '' ? { withholdingPercentage: Number(v.withholdingPercentage) } : {}),
        ...(finite(v.withholding) && v.withholding! > 0 ? { withholding: { amount: v.withholding!, currency } } : {}),
        amount: { amount: v.amount!, currency },
        ...(v.paymentMethod ? { paymentMethod: v.paymentMethod } : {}),
        ...(v.notes.trim() ? { notes: v.notes.trim() } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {aside}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={label(intl.formatMessage(m.supplier), 'supplier')} value={v.supplier} onChange={(e) => set('supplier', e.currentTarget.value)} maxLength={200} disabled={disabled} />
          <TextInput
            label={label(intl.formatMessage(m.supplierTaxId), 'supplierTaxId')}
            value={v.supplierTaxId}
            onChange={(e) => set('supplierTaxId', e.currentTarget.value)}
            maxLength={32}
            autoCapitalize="characters"
            disabled={disabled}
          />
          <TextInput
            label={label(intl.formatMessage(m.invoiceNumber), 'supplierInvoiceNumber')}
            value={v.supplierInvoiceNumber}
            onChange={(e) => set('supplierInvoiceNumber', e.currentTarget.value)}
            maxLength={64}
            disabled={disabled}
          />
          <TextInput
            type="date"
            label={label(intl.formatMessage(m.date), 'date')}
            value={v.date}
            onChange={(e) => set('date', e.currentTarget.value)}
            required
            error={required(/^\d{4}-\d{2}-\d{2}$/.test(v.date))}
            disabled={disabled}
          />
          <Select
            label={intl.formatMessage(m.category)}
            data={CATEGORIES.map((value) => ({ value, label: intl.formatMessage(categoryMessages[value]) }))}
            value={v.category}
            onChange={(value) => set('category', value as ExpenseCategory | null)}
            required
            searchable
            error={required(Boolean(v.category))}
            disabled={disabled}
          />
          <Select
            label={intl.formatMessage(m.method)}
            data={METHODS.map((value) => ({ value, label: intl.formatMessage(methodMessages[value]) }))}
            value={v.paymentMethod}
            onChange={(value) => set('paymentMethod', value as ExpensePaymentMethod | null)}
            clearable
            disabled={disabled}
          />
        </SimpleGrid>
        <Card withBorder padding="sm" component="fieldset" style={{ border: undefined }}>
          <Stack gap="xs">
            <Text fw={600} component="legend">
              {label(intl.formatMessage(m.taxLines), 'taxLines')}
            </Text>
            {v.lines.map((l, index) => (
              <Group key={l.key} gap="xs" align="flex-end" wrap="wrap" data-testid="tax-line">
                <RateInput
                  label={intl.formatMessage(m.rate)}
                  value={l.rate}
                  onChange={(value) => setLine(l.key, { rate: value })}
                  locale={locale}
                  w={110}
                  disabled={disabled}
                  error={submitted && l.rate === ''}
                />
                <MoneyInput
                  label={intl.formatMessage(m.base)}
                  value={l.base}
                  onChange={(value) => setLine(l.key, { base: value })}
                  currencyCode={currency}
                  locale={locale}
                  w={150}
                  disabled={disabled}
                  error={submitted && !finite(l.base)}
                  onBlur={() => {
                    // Fill in the tax from the base and the rate when it is still empty.
                    if (finite(l.base) && l.tax === null && l.rate !== '') setLine(l.key, { tax: Math.round((l.base! * Number(l.rate)) / 100) });
                  }}
                />
                <MoneyInput
                  label={intl.formatMessage(m.tax)}
                  value={l.tax}
                  onChange={(value) => setLine(l.key, { tax: value })}
                  currencyCode={currency}
                  locale={locale}
                  w={140}
                  disabled={disabled}
                  error={submitted && !finite(l.tax)}
                />
                {v.lines.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={intl.formatMessage(m.removeLineN, { n: index + 1 })}
                    onClick={() => set('lines', v.lines.filter((other) => other.key !== l.key))}
                    disabled={disabled}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            <Group>
              <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => set('lines', [...v.lines, line('')])} disabled={disabled || v.lines.length >= 12}>
                {intl.formatMessage(m.addLine)}
              </Button>
            </Group>
          </Stack>
        </Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={label(intl.formatMessage(m.withholdingRate), 'withholding')}
            value={v.withholdingPercentage}
            onChange={(value) => set('withholdingPercentage', value)}
            min={0}
            max={100}
            decimalScale={2}
            disabled={disabled}
          />
          <MoneyInput label={intl.formatMessage(m.withholding)} value={v.withholding} onChange={(value) => set('withholding', value)} currencyCode={currency} locale={locale} disabled={disabled} />
          <MoneyInput
            label={label(intl.formatMessage(m.total), 'amount')}
            value={v.amount}
            onChange={(value) => set('amount', value)}
            currencyCode={currency}
            locale={locale}
            required
            error={amountError}
            disabled={disabled}
            data-testid="expense-amount"
          />
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="expense-computed">
            {intl.formatMessage(m.computed, { amount: money({ amount: computed, currency }) })}
          </Text>
          {v.amount !== computed && !disabled ? (
            <Button variant="light" size="compact-xs" onClick={() => set('amount', computed)}>
              {intl.formatMessage(m.useComputed)}
            </Button>
          ) : null}
        </Group>
        <TextInput label={intl.formatMessage(m.description)} value={v.description} onChange={(e) => set('description', e.currentTarget.value)} maxLength={500} disabled={disabled} />
        <Textarea label={intl.formatMessage(m.notes)} value={v.notes} onChange={(e) => set('notes', e.currentTarget.value)} maxLength={2000} autosize minRows={2} disabled={disabled} />
        {submitted && !valid ? (
          <Alert color="red" role="alert">
            {amountError ?? intl.formatMessage(m.required)}
          </Alert>
        ) : null}
        {disabled ? null : (
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
