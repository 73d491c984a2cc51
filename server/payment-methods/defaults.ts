import type { PaymentMethod } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

/** The methods a new business starts with, named in its language: Cash (the default) and Card. */
const DEFAULT_METHODS: Record<string, Array<{ name: string; kind: PaymentMethod['kind'] }>> = {
  'es-ES': [
    { name: 'Efectivo', kind: 'PAYMENT_METHOD_KIND_CASH' },
    { name: 'Tarjeta', kind: 'PAYMENT_METHOD_KIND_CARD' },
  ],
  'en-US': [
    { name: 'Cash', kind: 'PAYMENT_METHOD_KIND_CASH' },
    { name: 'Card', kind: 'PAYMENT_METHOD_KIND_CARD' },
  ],
};

/**
 * Gives a new business its default payment methods (called where a tenant is created, in the same
 * transaction). Idempotent: a name the business already has is skipped.
 */
export async function insertDefaultPaymentMethods(tx: Queryable, tenantId: string, locale: string): Promise<void> {
  const methods = DEFAULT_METHODS[locale] ?? DEFAULT_METHODS['en-US']!;
  for (const [index, method] of methods.entries()) {
    await tx.query(
      `INSERT INTO payment_methods (tenant_id, name, kind, is_default, sort_order)
       SELECT $1, $2, $3, $4, $5
        WHERE NOT EXISTS (SELECT 1 FROM payment_methods WHERE tenant_id = $1 AND lower(name) = lower($2) AND archived_at IS NULL)`,
      [tenantId, method.name, method.kind, index === 0, index],
    );
  }
}
