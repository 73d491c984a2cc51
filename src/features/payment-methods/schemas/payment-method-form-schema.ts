import * as z from 'zod';
import { zPaymentMethodInput, zPaymentMethodUpdate, zPercentage } from '@generated/zod.gen';
import type { PaymentMethod, PaymentMethodInput, PaymentMethodUpdate } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { hasThreeDecimalsAtMost } from '~/lib/percent';
import { KINDS, paymentMethodMessages } from '../messages';

/** The payment method form (/payment-methods/create and /payment-methods/{id}). */

const shape = zPaymentMethodInput.shape;
const optionalNumber = (value: unknown) => (value === '' || value === null ? undefined : value);

export const paymentMethodFormSchema = z
  .object({
    name: z.string().trim().pipe(shape.name),
    kind: z.enum(KINDS),
    active: z.boolean(),
    isDefault: z.boolean(),
    sortOrder: z.preprocess(optionalNumber, z.int().gte(0).lte(1000)),
    commissionPercentage: z.preprocess(optionalNumber, zPercentage.refine(hasThreeDecimalsAtMost)),
    notes: z.string().trim().pipe(z.string().max(500)),
  })
  .refine((values) => values.active || !values.isDefault, { path: ['isDefault'], params: { reason: 'inactive' } });

export type PaymentMethodFormInput = z.input<typeof paymentMethodFormSchema>;
export type PaymentMethodFormValues = z.output<typeof paymentMethodFormSchema>;

export const paymentMethodIssueMessages: FieldIssueMessages = {
  name: { required: paymentMethodMessages.nameRequired },
  kind: paymentMethodMessages.kindRequired,
  sortOrder: paymentMethodMessages.orderInvalid,
  commissionPercentage: paymentMethodMessages.commissionInvalid,
  isDefault: paymentMethodMessages.defaultInactive,
};

export function newPaymentMethodForm(sortOrder: number): PaymentMethodFormInput {
  return { name: '', kind: 'PAYMENT_METHOD_KIND_CARD', active: true, isDefault: false, sortOrder, commissionPercentage: 0, notes: '' };
}

export function paymentMethodFormFrom(method: PaymentMethod): PaymentMethodFormInput {
  return {
    name: method.name,
    kind: method.kind === 'PAYMENT_METHOD_KIND_UNSPECIFIED' ? 'PAYMENT_METHOD_KIND_OTHER' : method.kind,
    active: method.active,
    isDefault: method.isDefault,
    sortOrder: method.sortOrder,
    commissionPercentage: method.commissionPercentage,
    notes: method.notes ?? '',
  };
}

function common(values: PaymentMethodFormValues) {
  return {
    name: values.name,
    kind: values.kind,
    active: values.active,
    isDefault: values.isDefault,
    sortOrder: values.sortOrder,
    commissionPercentage: values.commissionPercentage,
    ...(values.notes ? { notes: values.notes } : {}),
  };
}

export const toPaymentMethodInput = (values: PaymentMethodFormValues): PaymentMethodInput => zPaymentMethodInput.parse(common(values));

export const toPaymentMethodUpdate = (values: PaymentMethodFormValues, version: number): PaymentMethodUpdate =>
  zPaymentMethodUpdate.parse({ ...common(values), version });
