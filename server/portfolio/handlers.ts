import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { PortfolioItemUpdate } from '../../generated/types.gen.ts';
import { assertAssetsExist, assetPath } from '../assets/references.ts';
import type { AssetStorage } from '../assets/storage.ts';
import { bookingNotFound, findBookingBusiness } from '../booking/business.ts';
import type { Queryable } from '../db/database.ts';
import { sessionOf, type HandlerDeps } from '../kit/context.ts';
import { listPage } from '../kit/pages.ts';
import { escapeLike } from '../kit/sql.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from '../kit/write-rules.ts';
import { notFound, unprocessable } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import { COLUMNS, findItem, PORTFOLIO_HIDDEN, toPortfolioItem } from './repository.ts';

type Handlers = Pick<
  RouteHandlers,
  'listPortfolioItems' | 'getBookingPortfolioImage' | 'createPortfolioItem' | 'getPortfolioItem' | 'updatePortfolioItem' | 'deletePortfolioItem' | 'getPortfolioSettings' | 'updatePortfolioSettings'
>;

type Input = Omit<PortfolioItemUpdate, 'version'>;

/** Tags as stored: trimmed, lower case, each once. */
const cleanTags = (tags: string[] | undefined) => [...new Set((tags ?? []).map((tag) => tag.trim().toLowerCase()).filter(Boolean))];

/**
 * The rules beyond the schema: images of the business, its service and customer, a customer's consent.
 * `savedServiceId` is the item's service as saved: kept, it is not checked again, so an item whose
 * service was archived since can still be changed (its consent revoked above all).
 */
async function checkInput(tx: Queryable, tenantId: string, input: Input, creating: boolean, savedServiceId: string | null = null) {
  const title = input.title.trim();
  if (!title) throw unprocessable('/portfolioItem/title', 'blank', 'Enter a title.');
  await assertAssetsExist(tx, tenantId, [
    { id: input.imageAssetId, field: '/portfolioItem/imageAssetId' },
    ...(input.beforeImageAssetId
      ? [
          {
            id: input.beforeImageAssetId,
            field: '/portfolioItem/beforeImageAssetId',
          },
        ]
      : []),
  ]);
  if (input.serviceId && input.serviceId !== savedServiceId) {
    const { rows } = await tx.query('SELECT 1 FROM services WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL', [tenantId, input.serviceId]);
    if (rows.length === 0) throw unprocessable('/portfolioItem/serviceId', 'unknown_service', 'No service of this business has this id.');
  }
  if (input.customerId) {
    const { rows } = await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, input.customerId]);
    if (rows.length === 0) throw unprocessable('/portfolioItem/customerId', 'unknown_customer', 'No customer of this business has this id.');
    if (creating && input.customerConsent !== true) {
      throw unprocessable('/portfolioItem/customerConsent', 'consent_required', "Record the customer's consent before adding photos of them.");
    }
  } else if (input.customerConsent !== undefined) {
    throw unprocessable('/portfolioItem/customerConsent', 'no_customer', 'Consent is recorded for a customer: choose the customer first.');
  }
  return { title, tags: cleanTags(input.tags) };
}

/**
 * The portfolio (issue 19): before/after photos of the business's work, per service and optionally
 * per customer. A customer's photo needs their consent (recorded: who, when); revoked, it is hidden
 * from the lists and the booking page. Deleting an item leaves its images to the asset cleaner,
 * which deletes them once nothing else shows them.
 */
export function portfolioHandlers({ db }: HandlerDeps, storage: AssetStorage): Handlers {
  return {
    async listPortfolioItems(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'read');
      const { limit = 50, offset = 0, q, tag, featured, hidden, serviceId, customerId } = request.query ?? {};
      const text = q?.trim() ? `%${escapeLike(q.trim().toLowerCase())}%` : null;
      const page = await db.withTenant(tenantId, (tx) =>
        listPage(
          tx,
          {
            select: COLUMNS,
            from: 'portfolio_items p',
            where: `p.tenant_id = $1 AND ${PORTFOLIO_HIDDEN} = $2
              AND ($3::text IS NULL OR lower(p.title || ' ' || coalesce(p.description, '') || ' ' || p.tags::text) LIKE $3 ESCAPE '\\')
              AND ($4::text IS NULL OR p.tags @> jsonb_build_array(lower($4::text)))
              AND ($5::boolean IS NULL OR p.featured = $5)
              AND ($6::uuid IS NULL OR p.service_id = $6) AND ($7::uuid IS NULL OR p.customer_id = $7)`,
            orderBy: 'p.featured DESC, p.created_at DESC, p.id',
            params: [tenantId, hidden === true, text, tag ?? null, featured ?? null, serviceId ?? null, customerId ?? null],
            limit,
            offset,
          },
          toPortfolioItem,
        ),
      );
      return reply.code(200).send(page);
    },

    async createPortfolioItem(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'write');
      const { userId } = sessionOf(request);
      const input = request.body.portfolioItem;
      const stored = await db.withTenant(tenantId, (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), 'createPortfolioItem', request.body, async () => {
          const { title, tags } = await checkInput(tx, tenantId, input, true);
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO portfolio_items (tenant_id, title, description, image_asset_id, image_url, before_image_asset_id, tags, featured, service_id, customer_id,
                                          consent_recorded_at, consent_recorded_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10::uuid IS NULL THEN NULL ELSE now() END, CASE WHEN $10::uuid IS NULL THEN NULL ELSE $11::uuid END)
             RETURNING id`,
            [
              tenantId,
              title,
              input.description?.trim() || null,
              input.imageAssetId,
              assetPath(tenantId, input.imageAssetId),
              input.beforeImageAssetId ?? null,
              JSON.stringify(tags),
              input.featured ?? false,
              input.serviceId ?? null,
              input.customerId ?? null,
              userId,
            ],
          );
          return {
            status: 201,
            body: {
              portfolioItem: toPortfolioItem((await findItem(tx, tenantId, rows[0]!.id))!),
            },
          };
        }),
      );
      return reply.code(201).send(stored.body);
    },

    async getPortfolioItem(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'read');
      const row = await db.withTenant(tenantId, (tx) => findItem(tx, tenantId, id));
      if (!row) throw notFound('No portfolio item has this id.');
      return reply.code(200).send({ portfolioItem: toPortfolioItem(row) });
    },

    async updatePortfolioItem(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'write');
      const { userId } = sessionOf(request);
      const input = request.body.portfolioItem;
      const portfolioItem = await db.withTenant(tenantId, async (tx) => {
        const current = await findItem(tx, tenantId, id);
        if (!current) throw notFound('No portfolio item has this id.');
        const { title, tags } = await checkInput(tx, tenantId, input, false, current.service_id as string | null);
        const customerId = input.customerId ?? null;
        const sameCustomer = customerId !== null && customerId === current.customer_id;
        const standing = sameCustomer && current.consent_recorded_at !== null && current.consent_revoked_at === null;
        // Consent belongs to one customer: another customer needs theirs recorded (422), none needs none.
        if (customerId && !sameCustomer && input.customerConsent !== true) {
          throw unprocessable('/portfolioItem/customerConsent', 'consent_required', "Record the customer's consent before adding photos of them.");
        }
        let consent: [unknown, unknown, unknown, unknown];
        const kept: [unknown, unknown, unknown, unknown] = [current.consent_recorded_at, current.consent_recorded_by, current.consent_revoked_at, current.consent_revoked_by];
        if (!customerId) consent = [null, null, null, null];
        else if (input.customerConsent === true) consent = standing ? kept : [new Date(), userId, null, null];
        else if (input.customerConsent === false) consent = standing ? [current.consent_recorded_at, current.consent_recorded_by, new Date(), userId] : kept;
        else consent = kept;
        await updateVersioned(tx, 'portfolio_items', { tenantId, id }, () =>
          tx.query(
            `UPDATE portfolio_items SET title = $4, description = $5, image_asset_id = $6, image_url = $7, before_image_asset_id = $8, tags = $9, featured = $10,
                    service_id = $11, customer_id = $12, consent_recorded_at = $13, consent_recorded_by = $14, consent_revoked_at = $15, consent_revoked_by = $16,
                    version = version + 1
              WHERE tenant_id = $1 AND id = $2 AND version = $3 RETURNING id`,
            [
              tenantId,
              id,
              input.version,
              title,
              input.description?.trim() || null,
              input.imageAssetId,
              assetPath(tenantId, input.imageAssetId),
              input.beforeImageAssetId ?? null,
              JSON.stringify(tags),
              input.featured ?? false,
              input.serviceId ?? null,
              customerId,
              ...consent,
            ],
          ),
        );
        return toPortfolioItem((await findItem(tx, tenantId, id))!);
      });
      return reply.code(200).send({ portfolioItem });
    },

    async deletePortfolioItem(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'delete');
      const { rows } = await db.withTenant(tenantId, (tx) => tx.query('DELETE FROM portfolio_items WHERE tenant_id = $1 AND id = $2 RETURNING 1', [tenantId, id]));
      if (rows.length === 0) throw notFound('No portfolio item has this id.');
      return reply.code(204).send();
    },

    async getPortfolioSettings(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'read');
      const { rows } = await db.withTenant(tenantId, (tx) => tx.query<{ on: boolean }>('SELECT portfolio_on_booking_page AS on FROM tenants WHERE id = $1', [tenantId]));
      return reply.code(200).send({
        portfolioSettings: { showOnBookingPage: Boolean(rows[0]?.on) },
      });
    },

    async updatePortfolioSettings(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'portfolio', 'write');
      const show = request.body.portfolioSettings.showOnBookingPage;
      await db.withTenant(tenantId, (tx) => tx.query('UPDATE tenants SET portfolio_on_booking_page = $2 WHERE id = $1', [tenantId, show]));
      return reply.code(200).send({ portfolioSettings: { showOnBookingPage: show } });
    },

    async getBookingPortfolioImage(request, reply) {
      const { slug, id, photo } = request.params;
      const business = await findBookingBusiness(db, slug);
      const row = await db.withTenant(
        business.id,
        async (tx) =>
          (
            await tx.query<{ storage_key: string; mime_type: string }>(
              `SELECT a.storage_key, a.mime_type
               FROM portfolio_items p JOIN tenants t ON t.id = p.tenant_id AND t.portfolio_on_booking_page
               JOIN assets a ON a.tenant_id = p.tenant_id AND a.id = ${photo === 'before' ? 'p.before_image_asset_id' : 'p.image_asset_id'}
              WHERE p.tenant_id = $1 AND p.id = $2 AND NOT ${PORTFOLIO_HIDDEN}`,
              [business.id, id],
            )
          ).rows[0],
      );
      if (!row) throw bookingNotFound();
      const bytes = await storage.get(row.storage_key);
      if (!bytes) throw bookingNotFound();
      // no-cache: a photo whose consent is revoked must stop showing at once (the browser revalidates).
      return reply
        .code(200)
        .header('content-type', row.mime_type)
        .header('cache-control', 'public, no-cache')
        .send(bytes as never);
    },
  };
}
