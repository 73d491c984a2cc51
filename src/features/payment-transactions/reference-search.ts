import { redirect } from '@tanstack/react-router';
import * as z from 'zod';

/** SPEC §2, §5: /payment-transactions (and its create page) need referenceId and operationType, else home. */
export const referenceSearch = z.object({
  referenceId: z.string().uuid().optional().catch(undefined),
  operationType: z.enum(['OPERATION_TYPE_PRODUCT_SALE', 'OPERATION_TYPE_APPOINTMENT_SALE']).optional().catch(undefined),
});

export function requireReference({ search, params }: { search: z.infer<typeof referenceSearch>; params: { locale?: string } }) {
  if (!search.referenceId || !search.operationType) throw redirect({ to: '/{-$locale}', params, replace: true });
}

/** What a payment screen's reference names. */
export type ReferenceOperationType = NonNullable<z.infer<typeof referenceSearch>['operationType']>;
