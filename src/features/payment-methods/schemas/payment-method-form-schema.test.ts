import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@generated/types.gen';
import { newPaymentMethodForm, paymentMethodFormFrom, paymentMethodFormSchema, toPaymentMethodInput, toPaymentMethodUpdate } from './payment-method-form-schema';

const card: PaymentMethod = {
  id: '1d2e3f4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a',
  tenantId: '7d1f3b2e-5a6c-4d8e-9f0a-1b2c3d4e5f60',
  name: 'Tarjeta',
  kind: 'PAYMENT_METHOD_KIND_CARD',
  active: true,
  commissionPercentage: 1.5,
  isDefault: false,
  sortOrder: 1,
  version: 2,
  createdAt: '2026-01-12T09:00:00Z',
  updatedAt: '2026-03-02T11:15:00Z',
};

const issuesOf = (input: unknown) => {
  const result = paymentMethodFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('payment method form', () => {
  it('needs a name, and refuses a default that is inactive or an over-precise commission', () => {
    expect(issuesOf(newPaymentMethodForm(3))).toEqual(['name']);
    const base = paymentMethodFormFrom(card);
    expect(issuesOf(base)).toEqual([]);
    expect(issuesOf({ ...base, isDefault: true, active: false })).toEqual(['isDefault']);
    expect(issuesOf({ ...base, commissionPercentage: 1.2345 })).toEqual(['commissionPercentage']);
    expect(issuesOf({ ...base, sortOrder: 1001 })).toEqual(['sortOrder']);
  });

  it('builds the create and update bodies, the update with the version read', () => {
    const values = paymentMethodFormSchema.parse({ ...paymentMethodFormFrom(card), name: ' Tarjeta ', notes: '' });
    expect(toPaymentMethodInput(values)).toEqual({ name: 'Tarjeta', kind: 'PAYMENT_METHOD_KIND_CARD', active: true, isDefault: false, sortOrder: 1, commissionPercentage: 1.5 });
    expect(toPaymentMethodUpdate(values, card.version)).toMatchObject({ version: 2 });
  });
});
