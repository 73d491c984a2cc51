import { Card, ColorInput, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import * as z from 'zod';
import type { QrCode, QrCodeInput, QrCodeKind, QrCodeUpdate } from '@generated/types.gen';
import { isValidIban } from '@common/iban';
import { toMinorUnits, fromMinorUnits } from '@common/money';
import { FormFrame } from '~/components/form-frame';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { useZodForm } from '~/lib/use-zod-form';
import { KIND_NAMES, KINDS, qrMessages, redirects } from '../messages';

/** The QR code form (/qrs/create; the re-point form of /qrs/{id} shows the fields of its kind only). */
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const qrFormSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    kind: z.enum(KINDS as [QrCodeKind, ...QrCodeKind[]]),
    targetUrl: z.string().trim().max(2048),
    ssid: z.string().trim().max(32),
    password: z.string().max(63),
    security: z.enum(['QR_WIFI_SECURITY_WPA', 'QR_WIFI_SECURITY_WEP', 'QR_WIFI_SECURITY_NONE']),
    hidden: z.boolean(),
    iban: z.string().trim().max(42),
    bic: z.string().trim().max(11),
    beneficiary: z.string().trim().max(70),
    amount: z.union([z.number(), z.string()]),
    reference: z.string().trim().max(140),
    foregroundColor: color,
    backgroundColor: color,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, reason: string) => ctx.addIssue({ code: 'custom', path: [path], params: { reason } });
    if (redirects(v.kind)) {
      if (!v.targetUrl && v.kind !== 'QR_CODE_KIND_BOOKING') issue('targetUrl', 'required');
      else if (v.targetUrl && !/^https?:\/\/[^\s/@]+[^\s]*$/i.test(v.targetUrl)) issue('targetUrl', 'invalid');
    }
    if (v.kind === 'QR_CODE_KIND_WIFI') {
      if (!v.ssid) issue('ssid', 'required');
      if (v.security !== 'QR_WIFI_SECURITY_NONE' && !v.password) issue('password', 'required');
      else if (v.security === 'QR_WIFI_SECURITY_WPA' && v.password.length < 8) issue('password', 'short');
    }
    if (v.kind === 'QR_CODE_KIND_PAYMENT') {
      if (!isValidIban(v.iban)) issue('iban', 'invalid');
      if (v.bic && !/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(v.bic)) issue('bic', 'invalid');
      if (!v.beneficiary) issue('beneficiary', 'required');
      if (v.amount !== '') {
        const minor = toMinorUnits(String(v.amount), 'EUR');
        if (!minor.ok || minor.value < 1 || minor.value > 99999999999) issue('amount', 'invalid');
      }
    }
  });

export type QrFormInput = z.input<typeof qrFormSchema>;
export type QrFormValues = z.output<typeof qrFormSchema>;
export type QrForm = UseFormReturn<QrFormInput, unknown, QrFormValues>;

const issueMessages: FieldIssueMessages = {
  name: { required: qrMessages.nameRequired },
  targetUrl: { required: qrMessages.targetRequired, invalid: qrMessages.targetInvalid, '*': qrMessages.targetInvalid },
  ssid: qrMessages.ssidRequired,
  password: { required: qrMessages.passwordRequired, short: qrMessages.passwordShort },
  iban: qrMessages.ibanInvalid,
  bic: qrMessages.bicInvalid,
  beneficiary: qrMessages.beneficiaryRequired,
  amount: qrMessages.amountInvalid,
};

export function newQrForm(): QrFormInput {
  return {
    name: '',
    kind: 'QR_CODE_KIND_BOOKING',
    targetUrl: '',
    ssid: '',
    password: '',
    security: 'QR_WIFI_SECURITY_WPA',
    hidden: false,
    iban: '',
    bic: '',
    beneficiary: '',
    amount: '',
    reference: '',
    foregroundColor: '#000000',
    backgroundColor: '#ffffff',
  };
}

export function qrFormFrom(qr: QrCode): QrFormInput {
  return {
    ...newQrForm(),
    name: qr.name,
    kind: qr.kind,
    // A booking code without its own target follows the booking page: the field stays empty.
    targetUrl: qr.kind === 'QR_CODE_KIND_BOOKING' && qr.targetUrl?.includes('/book/') ? '' : (qr.targetUrl ?? ''),
    ssid: qr.wifi?.ssid ?? '',
    password: qr.wifi?.password ?? '',
    security: qr.wifi?.security ?? 'QR_WIFI_SECURITY_WPA',
    hidden: qr.wifi?.hidden ?? false,
    iban: qr.payment?.iban ?? '',
    bic: qr.payment?.bic ?? '',
    beneficiary: qr.payment?.beneficiary ?? '',
    amount: qr.payment?.amount === undefined ? '' : Number(fromMinorUnits(qr.payment.amount, 'EUR')),
    reference: qr.payment?.reference ?? '',
    foregroundColor: qr.foregroundColor,
    backgroundColor: qr.backgroundColor,
  };
}

function fieldsOf(v: QrFormValues): Omit<QrCodeUpdate, 'version'> {
  const amount = v.amount === '' ? undefined : toMinorUnits(String(v.amount), 'EUR');
  return {
    name: v.name,
    ...(redirects(v.kind) && v.targetUrl ? { targetUrl: v.targetUrl } : {}),
    ...(v.kind === 'QR_CODE_KIND_WIFI'
      ? { wifi: { ssid: v.ssid, security: v.security, hidden: v.hidden, ...(v.security === 'QR_WIFI_SECURITY_NONE' ? {} : { password: v.password }) } }
      : {}),
    ...(v.kind === 'QR_CODE_KIND_PAYMENT'
      ? {
          payment: {
            iban: v.iban,
            beneficiary: v.beneficiary,
            ...(v.bic ? { bic: v.bic } : {}),
            ...(amount?.ok ? { amount: amount.value } : {}),
            ...(v.reference ? { reference: v.reference } : {}),
          },
        }
      : {}),
    foregroundColor: v.foregroundColor,
    backgroundColor: v.backgroundColor,
  };
}

export const toQrInput = (v: QrFormValues): QrCodeInput => ({ ...fieldsOf(v), kind: v.kind });
export const toQrUpdate = (v: QrFormValues, version: number): QrCodeUpdate => ({ ...fieldsOf(v), version });

const FIELD_MAP = {
  'wifi/ssid': 'ssid',
  'wifi/password': 'password',
  wifi: 'ssid',
  'payment/iban': 'iban',
  'payment/bic': 'bic',
  'payment/beneficiary': 'beneficiary',
  'payment/amount': 'amount',
  'payment/reference': 'reference',
  payment: 'iban',
};
const KNOWN = ['name', 'kind', 'targetUrl', 'ssid', 'password', 'iban', 'bic', 'beneficiary', 'amount', 'reference', 'foregroundColor'] as const;

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyQrServerErrors(error: unknown, form: QrForm, intl: IntlShape): boolean {
  return applyProblemFieldErrors(error, form, intl, {
    wrapper: 'qrCode',
    fieldMap: FIELD_MAP,
    known: KNOWN,
    codeMessages: {
      blank: qrMessages.nameRequired,
      required: qrMessages.targetRequired,
      unsafe_url: qrMessages.targetInvalid,
      booking_off: qrMessages.bookingOff,
      invalid_iban: qrMessages.ibanInvalid,
      too_short: qrMessages.passwordShort,
      low_contrast: qrMessages.lowContrast,
    },
  });
}

export function QrFormFields({
  defaultValues,
  onSubmit,
  alert,
  readOnly = false,
  kindFixed = false,
  submitLabel,
}: {
  defaultValues: QrFormInput;
  onSubmit: (values: QrFormValues, form: QrForm) => Promise<void>;
  alert?: ReactNode;
  readOnly?: boolean;
  /** The re-point form: the kind is the code's own. */
  kindFixed?: boolean;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const form: QrForm = useZodForm(qrFormSchema, issueMessages, { defaultValues });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const security = useWatch({ control: form.control, name: 'security' });
  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      alert={alert}
      invalidMessage={<FormattedMessage id="qrs.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={submitLabel}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'qrs.form.name', defaultMessage: 'Name' })}
              description={intl.formatMessage({ id: 'qrs.form.name.description', defaultMessage: 'Where it is displayed, e.g. "Shop window".' })}
              required
              maxLength={80}
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <Select
                  label={intl.formatMessage({ id: 'qrs.form.kind', defaultMessage: 'Leads to' })}
                  data={KINDS.map((value) => ({ value, label: intl.formatMessage(KIND_NAMES[value]) }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  disabled={kindFixed}
                  error={errors.kind?.message}
                />
              )}
            />
          </SimpleGrid>
          {redirects(kind) ? (
            <TextInput
              type="url"
              label={intl.formatMessage({ id: 'qrs.form.target', defaultMessage: 'Address it leads to' })}
              description={
                kind === 'QR_CODE_KIND_BOOKING'
                  ? intl.formatMessage({ id: 'qrs.form.target.booking', defaultMessage: 'Leave it empty to lead to your online booking page. You can change it later without reprinting.' })
                  : intl.formatMessage({ id: 'qrs.form.target.description', defaultMessage: 'You can change it later without reprinting the code.' })
              }
              placeholder={intl.formatMessage({ id: 'qrs.form.target.placeholder', defaultMessage: 'https://' })}
              required={kind !== 'QR_CODE_KIND_BOOKING'}
              maxLength={2048}
              autoComplete="url"
              error={errors.targetUrl?.message}
              {...form.register('targetUrl')}
            />
          ) : null}
          {kind === 'QR_CODE_KIND_WIFI' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={intl.formatMessage({ id: 'qrs.form.ssid', defaultMessage: 'Network name (SSID)' })} required maxLength={32} autoComplete="off" error={errors.ssid?.message} {...form.register('ssid')} />
              <Controller
                control={form.control}
                name="security"
                render={({ field }) => (
                  <Select
                    label={intl.formatMessage({ id: 'qrs.form.security', defaultMessage: 'Security' })}
                    data={[
                      { value: 'QR_WIFI_SECURITY_WPA', label: 'WPA/WPA2/WPA3' },
                      { value: 'QR_WIFI_SECURITY_WEP', label: 'WEP' },
                      { value: 'QR_WIFI_SECURITY_NONE', label: intl.formatMessage({ id: 'qrs.form.security.none', defaultMessage: 'None (open network)' }) },
                    ]}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    allowDeselect={false}
                  />
                )}
              />
              {security === 'QR_WIFI_SECURITY_NONE' ? null : (
                <PasswordInput label={intl.formatMessage({ id: 'qrs.form.password', defaultMessage: 'Password' })} required maxLength={63} autoComplete="off" error={errors.password?.message} {...form.register('password')} />
              )}
              <Controller
                control={form.control}
                name="hidden"
                render={({ field }) => (
                  <Switch mt="xl" label={intl.formatMessage({ id: 'qrs.form.hidden', defaultMessage: 'Hidden network' })} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
                )}
              />
            </SimpleGrid>
          ) : null}
          {kind === 'QR_CODE_KIND_PAYMENT' ? (
            <>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="qrs.form.payment.intro" defaultMessage="Banking apps read this code and fill in a SEPA transfer in euros to you." />
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={intl.formatMessage({ id: 'qrs.form.beneficiary', defaultMessage: 'Beneficiary' })} required maxLength={70} error={errors.beneficiary?.message} {...form.register('beneficiary')} />
                <TextInput label={intl.formatMessage({ id: 'qrs.form.iban', defaultMessage: 'IBAN' })} required maxLength={42} autoComplete="off" error={errors.iban?.message} {...form.register('iban')} />
                <TextInput label={intl.formatMessage({ id: 'qrs.form.bic', defaultMessage: 'BIC (optional)' })} maxLength={11} autoComplete="off" error={errors.bic?.message} {...form.register('bic')} />
                <Controller
                  control={form.control}
                  name="amount"
                  render={({ field }) => (
                    <NumberInput
                      label={intl.formatMessage({ id: 'qrs.form.amount', defaultMessage: 'Amount in euros (optional)' })}
                      description={intl.formatMessage({ id: 'qrs.form.amount.description', defaultMessage: 'Empty: the payer types it.' })}
                      decimalScale={2}
                      min={0}
                      allowNegative={false}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.amount?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <TextInput label={intl.formatMessage({ id: 'qrs.form.reference', defaultMessage: 'Reference (optional)' })} maxLength={140} error={errors.reference?.message} {...form.register('reference')} />
            </>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="foregroundColor"
              render={({ field }) => (
                <ColorInput label={intl.formatMessage({ id: 'qrs.form.foreground', defaultMessage: 'Code colour' })} format="hex" withEyeDropper={false} value={field.value} onChange={field.onChange} error={errors.foregroundColor?.message} />
              )}
            />
            <Controller
              control={form.control}
              name="backgroundColor"
              render={({ field }) => <ColorInput label={intl.formatMessage({ id: 'qrs.form.background', defaultMessage: 'Background colour' })} format="hex" withEyeDropper={false} value={field.value} onChange={field.onChange} />}
            />
          </SimpleGrid>
        </Stack>
      </Card>
    </FormFrame>
  );
}
