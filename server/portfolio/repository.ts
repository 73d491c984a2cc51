import type { PortfolioItem, PublicPortfolioItem } from '../../generated/types.gen.ts';
import { assetPath } from '../assets/references.ts';
import type { Queryable } from '../db/database.ts';
import { iso, json, opt, type Row } from '../kit/rows.ts';

/**
 * SQL: the item aliased `p` is hidden: it names a customer whose consent is not standing (never
 * recorded, revoked, or the customer is gone).
 */
export const PORTFOLIO_HIDDEN = `(p.customer_id IS NOT NULL AND (p.consent_recorded_at IS NULL OR p.consent_revoked_at IS NOT NULL
   OR NOT EXISTS (SELECT 1 FROM customers c WHERE c.tenant_id = p.tenant_id AND c.id = p.customer_id)))`;

export const COLUMNS = `p.*, ${PORTFOLIO_HIDDEN} AS hidden,
  (SELECT s.name FROM services s WHERE s.tenant_id = p.tenant_id AND s.id = p.service_id) AS service_name,
  (SELECT trim(c.name || ' ' || coalesce(c.last_name, '')) FROM customers c WHERE c.tenant_id = p.tenant_id AND c.id = p.customer_id) AS customer_name`;

export function toPortfolioItem(row: Row): PortfolioItem {
  const tenantId = row.tenant_id as string;
  const before = row.before_image_asset_id as string | null;
  return {
    id: row.id as string,
    tenantId,
    title: row.title as string,
    ...opt('description', row.description as string | null),
    imageAssetId: row.image_asset_id as string,
    imageUrl: assetPath(tenantId, row.image_asset_id as string),
    ...opt('beforeImageAssetId', before),
    ...opt('beforeImageUrl', before ? assetPath(tenantId, before) : null),
    tags: json<string[]>(row.tags),
    featured: row.featured as boolean,
    ...opt('serviceId', row.service_id as string | null),
    ...opt('serviceName', row.service_name as string | null),
    ...opt('customerId', row.customer_id as string | null),
    ...opt('customerName', row.customer_name as string | null),
    ...(row.consent_recorded_at
      ? {
          consent: {
            recordedAt: iso(row.consent_recorded_at),
            recordedBy: row.consent_recorded_by as string,
            ...opt('revokedAt', row.consent_revoked_at ? iso(row.consent_revoked_at) : null),
            ...opt('revokedBy', row.consent_revoked_by as string | null),
          },
        }
      : {}),
    hidden: Boolean(row.hidden),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function findItem(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  return (await tx.query<Row>(`SELECT ${COLUMNS} FROM portfolio_items p WHERE p.tenant_id = $1 AND p.id = $2`, [tenantId, id])).rows[0];
}

/** How many portfolio photos the booking page shows. */
export const PUBLIC_PORTFOLIO_SIZE = 24;

export const publicImagePath = (slug: string, id: string, photo: 'after' | 'before') => `/v1/public/booking/${encodeURIComponent(slug)}/portfolio/${id}/${photo}`;

/**
 * The portfolio the public booking page shows: nothing unless the owner chose to show it; never an
 * item hidden for its customer's consent. Runs in the business's transaction.
 */
export async function publicPortfolio(tx: Queryable, tenantId: string, slug: string): Promise<PublicPortfolioItem[]> {
  const { rows } = await tx.query<{
    id: string;
    title: string;
    description: string | null;
    before_image_asset_id: string | null;
    service_name: string | null;
  }>(
    `SELECT p.id, p.title, p.description, p.before_image_asset_id,
            (SELECT s.name FROM services s WHERE s.tenant_id = p.tenant_id AND s.id = p.service_id) AS service_name
       FROM portfolio_items p JOIN tenants t ON t.id = p.tenant_id AND t.portfolio_on_booking_page
      WHERE p.tenant_id = $1 AND NOT ${PORTFOLIO_HIDDEN}
      ORDER BY p.featured DESC, p.created_at DESC, p.id LIMIT ${PUBLIC_PORTFOLIO_SIZE}`,
    [tenantId],
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    ...opt('description', row.description),
    imageUrl: publicImagePath(slug, row.id, 'after'),
    ...opt('beforeImageUrl', row.before_image_asset_id ? publicImagePath(slug, row.id, 'before') : null),
    ...opt('serviceName', row.service_name),
  }));
}
