import type { Asset } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem } from '../problem.ts';
import { PDF_MIME_TYPE } from './images.ts';

/**
 * What other domains need to reference images by asset id (ARCHITECTURE: files are referenced by
 * asset id, never by a raw URL, so the server can check and delete them).
 */

/** Where the SPA downloads an asset (getAssetContent), root-relative to the API base. */
export const assetPath = (tenantId: string, id: string) => `/v1/tenants/${tenantId}/assets/${id}`;

export function toAsset(row: Record<string, unknown>): Asset {
  const tenantId = row.tenant_id as string;
  const id = row.id as string;
  return {
    id,
    tenantId,
    url: assetPath(tenantId, id),
    mimeType: row.mime_type as Asset['mimeType'],
    fileName: row.file_name as string,
    size: Number(row.size),
    ...(row.width == null ? {} : { width: Number(row.width) }),
    ...(row.height == null ? {} : { height: Number(row.height) }),
    createdBy: row.created_by as string,
    createdAt: (row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at))).toISOString(),
  };
}

/**
 * 422 `unknown_asset` naming the field of the first id that is not an image of `tenantId`.
 * `ids` pairs each asset id with the JSON pointer of the field that carries it. A PDF counts only
 * where `documents` says so (a receipt); everywhere else an asset is shown as an image.
 */
export async function assertAssetsExist(
  tx: Queryable,
  tenantId: string,
  ids: Array<{ id: string; field: string }>,
  { documents = false }: { documents?: boolean } = {},
): Promise<void> {
  if (ids.length === 0) return;
  // FOR KEY SHARE: the image cannot be deleted (server/assets/cleanup.ts) until this reference is saved.
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM assets WHERE tenant_id = $1 AND id = ANY($2::uuid[])${documents ? '' : ` AND mime_type <> '${PDF_MIME_TYPE}'`} FOR KEY SHARE`,
    [tenantId, ids.map((entry) => entry.id)],
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((entry) => !found.has(entry.id));
  if (missing) {
    const message = 'No uploaded image of this business has this id.';
    throw new HttpProblem(422, message, 'business_rule', [{ field: missing.field, code: 'unknown_asset', message }]);
  }
}

/**
 * The business of an image that `userId` uploaded in one of their businesses, to use as their
 * avatar; 422 `unknown_asset` on `field` otherwise. Runs in a system transaction (users are not
 * tenant-scoped); the join starts from the user's memberships, so each lookup uses the asset key.
 */
export async function avatarAssetOf(tx: Queryable, userId: string, assetId: string, field: string): Promise<{ id: string; tenantId: string }> {
  const { rows } = await tx.query<{ tenant_id: string }>(
    `SELECT a.tenant_id FROM memberships m
       JOIN tenants t ON t.id = m.tenant_id AND t.status <> 'TENANT_STATUS_DELETED'
       JOIN assets a ON a.tenant_id = m.tenant_id AND a.id = $2 AND a.mime_type <> '${PDF_MIME_TYPE}'
      WHERE m.user_id = $1 AND a.created_by = $1`,
    [userId, assetId],
  );
  if (!rows[0]) {
    const message = 'No image you uploaded has this id.';
    throw new HttpProblem(422, message, 'business_rule', [{ field, code: 'unknown_asset', message }]);
  }
  return { id: assetId, tenantId: rows[0].tenant_id };
}
