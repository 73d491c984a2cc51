import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PaymentMethodKind } from '@generated/types.gen';

export const paymentMethodMessages = defineMessages({
  inactive: { id: 'paymentMethods.inactive', defaultMessage: 'Inactive' },
  isDefault: { id: 'paymentMethods.default', defaultMessage: 'Default' },
  nameRequired: { id: 'paymentMethods.form.name.required', defaultMessage: 'Enter the name of the payment method.' },
  duplicateName: { id: 'paymentMethods.form.name.duplicate', defaultMessage: 'Another payment method already has this name.' },
  kindRequired: { id: 'paymentMethods.form.kind.required', defaultMessage: 'Choose the kind of payment method.' },
  commissionInvalid: { id: 'paymentMethods.form.commission.invalid', defaultMessage: 'Enter a percentage from 0 to 100, with at most three decimals.' },
  orderInvalid: { id: 'paymentMethods.form.order.invalid', defaultMessage: 'Enter a whole number from 0 to 1000.' },
  defaultInactive: { id: 'paymentMethods.form.default.inactive', defaultMessage: 'An inactive payment method cannot be the default.' },
  staleTitle: { id: 'paymentMethods.stale.title', defaultMessage: 'Someone else changed this payment method' },
  staleMessage: {
    id: 'paymentMethods.stale.message',
    defaultMessage: 'Your changes were not saved. Reload it to see the current version, then apply your changes again.',
  },
  staleReload: { id: 'paymentMethods.stale.reload', defaultMessage: 'Reload' },
  created: { id: 'paymentMethods.created.title', defaultMessage: 'Payment method created' },
  saved: { id: 'paymentMethods.saved.title', defaultMessage: 'Payment method saved' },
  deleted: { id: 'paymentMethods.deleted.title', defaultMessage: 'Payment method deleted' },
  readOnly: { id: 'paymentMethods.readOnly', defaultMessage: 'Only the owner or an administrator of the business can change payment methods.' },
  forbidden: {
    id: 'paymentMethods.forbidden',
    defaultMessage: 'Only the owner or an administrator of the business can add, change or delete payment methods.',
  },
});

/** The kinds a person may choose (UNSPECIFIED is refused by the server). */
export const KIND_NAMES: Record<Exclude<PaymentMethodKind, 'PAYMENT_METHOD_KIND_UNSPECIFIED'>, MessageDescriptor> = defineMessages({
  PAYMENT_METHOD_KIND_CASH: { id: 'paymentMethods.kind.cash', defaultMessage: 'Cash' },
  PAYMENT_METHOD_KIND_CARD: { id: 'paymentMethods.kind.card', defaultMessage: 'Card' },
  PAYMENT_METHOD_KIND_TRANSFER: { id: 'paymentMethods.kind.transfer', defaultMessage: 'Bank transfer' },
  PAYMENT_METHOD_KIND_BIZUM: { id: 'paymentMethods.kind.bizum', defaultMessage: 'Bizum' },
  PAYMENT_METHOD_KIND_OTHER: { id: 'paymentMethods.kind.other', defaultMessage: 'Other' },
});

export const KINDS = Object.keys(KIND_NAMES) as Array<keyof typeof KIND_NAMES>;

export const kindName = (kind: PaymentMethodKind): MessageDescriptor =>
  kind === 'PAYMENT_METHOD_KIND_UNSPECIFIED' ? KIND_NAMES.PAYMENT_METHOD_KIND_OTHER : KIND_NAMES[kind];
