import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { QrCodeKind } from '@generated/types.gen';

export const qrMessages = defineMessages({
  created: { id: 'qrs.created.title', defaultMessage: 'QR code created' },
  saved: { id: 'qrs.saved.title', defaultMessage: 'QR code saved' },
  deleted: { id: 'qrs.deleted.title', defaultMessage: 'QR code deleted' },
  readOnly: { id: 'qrs.readOnly', defaultMessage: 'Only the owner or an administrator of the business can create, re-point or delete QR codes.' },
  forbidden: { id: 'qrs.forbidden', defaultMessage: 'Only the owner or an administrator of the business can create, re-point or delete QR codes.' },
  staleTitle: { id: 'qrs.stale.title', defaultMessage: 'Someone else changed this QR code' },
  staleMessage: { id: 'qrs.stale.message', defaultMessage: 'Your changes were not saved. Reload it to see the current version, then apply your changes again.' },
  staleReload: { id: 'qrs.stale.reload', defaultMessage: 'Reload' },
  nameRequired: { id: 'qrs.form.name.required', defaultMessage: 'Enter a name, e.g. where the code is displayed.' },
  targetRequired: { id: 'qrs.form.target.required', defaultMessage: 'Enter the address the QR code leads to.' },
  targetInvalid: { id: 'qrs.form.target.invalid', defaultMessage: 'Enter a full http:// or https:// address, without a user name or password.' },
  bookingOff: { id: 'qrs.form.kind.bookingOff', defaultMessage: 'Turn on online booking in the settings before creating its QR code.' },
  ssidRequired: { id: 'qrs.form.ssid.required', defaultMessage: 'Enter the network name.' },
  passwordRequired: { id: 'qrs.form.password.required', defaultMessage: 'Enter the network password.' },
  passwordShort: { id: 'qrs.form.password.short', defaultMessage: 'A WPA password has at least 8 characters.' },
  ibanInvalid: { id: 'qrs.form.iban.invalid', defaultMessage: 'This IBAN is not valid: check it.' },
  bicInvalid: { id: 'qrs.form.bic.invalid', defaultMessage: 'Enter a BIC of 8 or 11 letters and digits, or leave it empty.' },
  beneficiaryRequired: { id: 'qrs.form.beneficiary.required', defaultMessage: "Enter the beneficiary's name." },
  amountInvalid: { id: 'qrs.form.amount.invalid', defaultMessage: 'Enter an amount in euros, e.g. 25.50, or leave it empty.' },
  lowContrast: { id: 'qrs.form.colors.lowContrast', defaultMessage: 'Scanners cannot read these colours: use a dark colour on a light background.' },
  imageError: { id: 'qrs.image.error', defaultMessage: 'The image could not be loaded.' },
});

export const KIND_NAMES: Record<QrCodeKind, MessageDescriptor> = defineMessages({
  QR_CODE_KIND_BOOKING: { id: 'qrs.kind.booking', defaultMessage: 'Online booking page' },
  QR_CODE_KIND_REVIEW: { id: 'qrs.kind.review', defaultMessage: 'Reviews' },
  QR_CODE_KIND_PRICE_LIST: { id: 'qrs.kind.priceList', defaultMessage: 'Price list or menu' },
  QR_CODE_KIND_URL: { id: 'qrs.kind.url', defaultMessage: 'Any web address' },
  QR_CODE_KIND_WIFI: { id: 'qrs.kind.wifi', defaultMessage: 'Guest Wi-Fi' },
  QR_CODE_KIND_PAYMENT: { id: 'qrs.kind.payment', defaultMessage: 'Bank transfer (SEPA)' },
});

export const KINDS = Object.keys(KIND_NAMES) as QrCodeKind[];

/** The kinds whose code is the short link (scans counted, re-pointable). */
export const redirects = (kind: QrCodeKind) => kind !== 'QR_CODE_KIND_WIFI' && kind !== 'QR_CODE_KIND_PAYMENT';
