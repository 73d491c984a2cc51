import { amountIssue } from '../../common/money/index.ts';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { Service, ServiceInput, ServiceSort, ServiceUpdate } from '../../generated/types.gen.ts';
import { assertAssetsExist } from '../assets/references.ts';
import type { Queryable } from '../db/database.ts';
import { notFound, unprocessable } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { cleanName, uniqueName } from '../kit/names.ts';
import { listPage } from '../kit/pages.ts';
import { TOO_PRECISE_PERCENTAGE, hasThreeDecimalsAtMost } from '../kit/percent.ts';
import { iso, opt, type Row } from '../kit/rows.ts';
import { tenantMoney } from '../kit/tenant-money.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from '../kit/write-rules.ts';

type Handlers = Pick<RouteHandlers, 'listServices' | 'createService' | 'getService' | 'updateService' | 'deleteService'>;


/** Colours given to services created without one, in turn (Mantine's palette, shade 6). */
export const SERVICE_PALETTE = ['#228be6', '#40c057', '#fab005', '#e64980', '#7950f2', '#15aabf', '#fd7e14', '#12b886', '#be4bdb', '#fa5252'];

/** The columns of a service `s` as the API answers it (user ids from service_members); the FROM follows. */
const COLUMNS = `s.*, ARRAY(SELECT m.user_id::text FROM service_members m
                  WHERE m.tenant_id = s.tenant_id AND m.service_id = s.id ORDER BY m.user_id) AS user_ids`;
const SELECT = `SELECT ${COLUMNS}`;

export function toService(row: Row): Service {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    name: row.name as string,
    ...opt('description', row.description as string | null),
    durationMinutes: Number(row.duration_minutes),
    price: { amount: Number(row.price_amount), currency: row.price_currency as string },
    taxIncluded: row.tax_included as boolean,
    taxPercentage: Number(row.tax_percentage),
    color: row.color as string,
    active: row.active as boolean,
    ...opt('category', row.category as string | null),
    bufferMinutes: Number(row.buffer_minutes),
    onlineBookable: row.online_bookable as boolean,
    userIds: (row.user_ids as string[] | null) ?? [],
    ...opt('imageAssetId', row.image_asset_id as string | null),
    ...(row.archived_at ? { archivedAt: iso(row.archived_at) } : {}),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const ORDER: Record<ServiceSort, string> = {
  category: `lower(coalesce(s.category, '')), lower(s.name), s.id`,
  name: 'lower(s.name), s.id',
  '-name': 'lower(s.name) DESC, s.id',
  price: 's.price_amount, lower(s.name), s.id',
  '-price': 's.price_amount DESC, lower(s.name), s.id',
  duration: 's.duration_minutes, lower(s.name), s.id',
  '-duration': 's.duration_minutes DESC, lower(s.name), s.id',
};


interface Cleaned {
  name: string;
  taxPercentage: number;
}

/**
 * The contract's rules beyond the schema, each a 422 naming its field: a blank name, a price in
 * another currency than the business's or out of range, a tax rate the database would round, team
 * members who are not in the team.
 */
async function checkInput(tx: Queryable, tenantId: string, input: ServiceInput | ServiceUpdate): Promise<Cleaned> {
  const name = cleanName(input.name, '/service/name');
  const tenant = await tenantMoney(tx, tenantId);
  if (input.price.currency !== tenant.currencyCode) {
    throw unprocessable('/service/price/currency', 'currency_mismatch', `Prices are in the business's currency, ${tenant.currencyCode}.`);
  }
  // From 0 to the money module's one bound (422 out_of_range).
  const priceIssue = amountIssue(input.price.amount);
  if (priceIssue) throw unprocessable('/service/price/amount', priceIssue.code, priceIssue.detail);
  if (input.taxPercentage !== undefined && !hasThreeDecimalsAtMost(input.taxPercentage)) {
    throw unprocessable('/service/taxPercentage', 'too_precise', TOO_PRECISE_PERCENTAGE);
  }
  const userIds = input.userIds ?? [];
  if (userIds.length > 0) {
    const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM memberships WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])', [tenantId, userIds]);
    const known = new Set(rows.map((row) => row.user_id));
    const index = userIds.findIndex((userId) => !known.has(userId));
    if (index >= 0) throw unprocessable(`/service/userIds/${index}`, 'unknown_team_member', 'This person is not in the team.');
  }
  if (input.imageAssetId) await assertAssetsExist(tx, tenantId, [{ id: input.imageAssetId, field: '/service/imageAssetId' }]);
  return { name, taxPercentage: input.taxPercentage ?? tenant.taxPercentage };
}

const names = uniqueName({ table: 'services', field: '/service/name', what: 'service', archivable: true });

async function setMembers(tx: Queryable, tenantId: string, serviceId: string, userIds: readonly string[]) {
  await tx.query('DELETE FROM service_members WHERE tenant_id = $1 AND service_id = $2', [tenantId, serviceId]);
  if (userIds.length > 0) {
    await tx.query('INSERT INTO service_members (tenant_id, service_id, user_id) SELECT $1, $2, unnest($3::uuid[])', [tenantId, serviceId, userIds]);
  }
}

/** Onboarding's last step: the first active service makes a business pending its services active. */
async function completeOnboarding(tx: Queryable, tenantId: string) {
  await tx.query(`UPDATE tenants SET status = 'TENANT_STATUS_ACTIVE' WHERE id = $1 AND status = 'TENANT_STATUS_PENDING_SERVICES_DEFINITION'`, [tenantId]);
}

async function readService(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  return (await tx.query(`${SELECT} FROM services s WHERE s.tenant_id = $1 AND s.id = $2`, [tenantId, id])).rows[0];
}

export function serviceHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listServices(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'services', 'read');
      const { limit = 50, offset = 0, q, active, category, userId, sort = 'category' } = request.query ?? {};
      // A search reads service_search's rows (on the tenant-first trigram index, migration 018) instead
      // of the table: LIKE under row-level security could not use the index. Same filters, order, total.
      const params: unknown[] = [tenantId, active ?? null, category ?? null, userId ?? null];
      let from = 'services s';
      if (q) {
        params.push([q]);
        from = `service_search($${params.length}::text[]) s`;
      }
      const filter = `s.tenant_id = $1 AND s.archived_at IS NULL
        AND ($2::boolean IS NULL OR s.active = $2)
        AND ($3::text IS NULL OR lower(s.category) = lower($3::text))
        AND ($4::uuid IS NULL
             OR NOT EXISTS (SELECT 1 FROM service_members m WHERE m.tenant_id = s.tenant_id AND m.service_id = s.id)
             OR EXISTS (SELECT 1 FROM service_members m WHERE m.tenant_id = s.tenant_id AND m.service_id = s.id AND m.user_id = $4))`;
      const result = await db.withTenant(tenantId, (tx) =>
        listPage(tx, { select: COLUMNS, from, where: filter, orderBy: ORDER[sort], params, limit, offset }, toService),
      );
      return reply.code(200).send(result);
    },

    async createService(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'services', 'write');
      const input = request.body.service;
      const stored = await names.guard(() =>
        db.withTenant(tenantId, (tx) =>
          idempotent(tx, tenantId, idempotencyKeyOf(request), 'createService', request.body, async () => {
            const { name, taxPercentage } = await checkInput(tx, tenantId, input);
            await names.assertFree(tx, tenantId, name, null);
            let color = input.color;
            if (!color) {
              const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM services WHERE tenant_id = $1', [tenantId]);
              color = SERVICE_PALETTE[rows[0]!.n % SERVICE_PALETTE.length]!;
            }
            const active = input.active ?? true;
            const { rows } = await tx.query<{ id: string }>(
              `INSERT INTO services (tenant_id, name, description, duration_minutes, price_amount, price_currency, tax_included,
                                     tax_percentage, color, active, category, buffer_minutes, online_bookable, image_asset_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
              [tenantId, name, input.description ?? null, input.durationMinutes, input.price.amount, input.price.currency, input.taxIncluded ?? true,
                taxPercentage, color, active, input.category?.trim() || null, input.bufferMinutes ?? 0, input.onlineBookable ?? false,
                input.imageAssetId ?? null],
            );
            const id = rows[0]!.id;
            await setMembers(tx, tenantId, id, input.userIds ?? []);
            if (active) await completeOnboarding(tx, tenantId);
            return { status: 201, body: { service: toService((await readService(tx, tenantId, id))!) } };
          }),
        ),
      );
      return reply.code(201).send(stored.body);
    },

    async getService(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'services', 'read');
      const row = await db.withTenant(tenantId, (tx) => readService(tx, tenantId, id));
      if (!row) throw notFound('No service has this id.');
      return reply.code(200).send({ service: toService(row) });
    },

    async updateService(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'services', 'write');
      const input = request.body.service;
      const row = await names.guard(() =>
        db.withTenant(tenantId, async (tx) => {
          const current = await tx.query('SELECT 1 FROM services WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL', [tenantId, id]);
          if (current.rows.length === 0) throw notFound('No service has this id.');
          const { name, taxPercentage } = await checkInput(tx, tenantId, input);
          await names.assertFree(tx, tenantId, name, id);
          const active = input.active ?? true;
          await updateVersioned(tx, 'services', { tenantId, id }, () =>
            tx.query(
              `UPDATE services
                  SET name = $4, description = $5, duration_minutes = $6, price_amount = $7, price_currency = $8, tax_included = $9,
                      tax_percentage = $10, color = coalesce($11, color), active = $12, category = $13, buffer_minutes = $14,
                      online_bookable = $15, image_asset_id = $16, version = version + 1
                WHERE tenant_id = $1 AND id = $2 AND version = $3 AND archived_at IS NULL
                RETURNING id`,
              [tenantId, id, input.version, name, input.description ?? null, input.durationMinutes, input.price.amount, input.price.currency,
                input.taxIncluded ?? true, taxPercentage, input.color ?? null, active, input.category?.trim() || null, input.bufferMinutes ?? 0,
                input.onlineBookable ?? false, input.imageAssetId ?? null],
            ),
          );
          await setMembers(tx, tenantId, id, input.userIds ?? []);
          if (active) await completeOnboarding(tx, tenantId);
          return (await readService(tx, tenantId, id))!;
        }),
      );
      return reply.code(200).send({ service: toService(row) });
    },

    async deleteService(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'services', 'delete');
      await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ in_use: boolean }>(
          'SELECT cita_service_in_use(tenant_id, id) AS in_use FROM services WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL FOR UPDATE',
          [tenantId, id],
        );
        if (!rows[0]) throw notFound('No service has this id.');
        if (rows[0].in_use) {
          // Referenced by appointments or sales: kept for them, out of the lists and the booking.
          await tx.query('UPDATE services SET archived_at = now(), active = false, version = version + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        } else {
          await tx.query('DELETE FROM services WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        }
      });
      return reply.code(204).send();
    },
  };
}
