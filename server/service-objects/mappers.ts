import type { ServiceObject } from '../../generated/types.gen.ts';
import { iso, json, opt, type Row } from '../kit/rows.ts';

/** A service object's row as the API answers it. */
export function toServiceObject(row: Row): ServiceObject {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    customerId: row.customer_id as string,
    name: row.name as string,
    ...opt('kind', row.kind as string | null),
    ...opt('brand', row.brand as string | null),
    ...opt('model', row.model as string | null),
    ...opt('identifier', row.identifier as string | null),
    ...opt('notes', row.notes as string | null),
    photos: json<ServiceObject['photos']>(row.photos),
    attributes: json<ServiceObject['attributes']>(row.attributes),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
