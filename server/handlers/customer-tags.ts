import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { CustomerTag } from '../../generated/types.gen.ts';
import { MAX_CUSTOMER_TAGS } from '../../common/limits.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { cleanName, uniqueName } from '../kit/names.ts';
import { listPage } from '../kit/pages.ts';
import { iso, type Row } from '../kit/rows.ts';
import { escapeLike } from '../kit/sql.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from '../kit/write-rules.ts';

type Handlers = Pick<RouteHandlers, 'createCustomerTag' | 'listCustomerTags' | 'getCustomerTag' | 'updateCustomerTag' | 'deleteCustomerTag'>;

/** Colours given to tags created without one, in turn (Mantine's palette, shade 6). */
export const TAG_PALETTE = ['#2f9e44', '#1c7ed6', '#ae3ec9', '#f76707', '#e03131', '#0c8599', '#f59f00', '#6741d9', '#d6336c', '#5c940d'];

/** A tag with how many customers carry it (`customer_count`). */
const COLUMNS = `t.*, (SELECT count(*)::int FROM customer_tag_links l WHERE l.tenant_id = t.tenant_id AND l.tag_id = t.id) AS customer_count`;
const SELECT = `SELECT ${COLUMNS} FROM customer_tags t`;

export function toCustomerTag(row: Row): CustomerTag {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    name: row.name as string,
    color: row.color as string,
    ...(row.description === null || row.description === undefined ? {} : { description: row.description as string }),
    customerCount: Number(row.customer_count ?? 0),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The next colour of the palette, by how many tags the business has. */
export async function pickTagColor(tx: Queryable, tenantId: string): Promise<string> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_tags WHERE tenant_id = $1', [tenantId]);
  return TAG_PALETTE[rows[0]!.n % TAG_PALETTE.length]!;
}

/**
 * 422 `too_many_tags` when adding `adding` tags would take the business past MAX_CUSTOMER_TAGS. A
 * transaction-scoped advisory lock per business comes first, so that two concurrent creates cannot
 * both count 199.
 */
export async function assertTagRoom(tx: Queryable, tenantId: string, adding: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`customer-tags:${tenantId}`]);
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_tags WHERE tenant_id = $1', [tenantId]);
  if (rows[0]!.n + adding > MAX_CUSTOMER_TAGS) {
    throw new HttpProblem(422, `A business can have at most ${MAX_CUSTOMER_TAGS} customer tags; delete one before adding another.`, 'too_many_tags');
  }
}

const NAME_FIELD = '/tag/name';
const names = uniqueName({ table: 'customer_tags', field: NAME_FIELD, what: 'tag' });

export function customerTagHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listCustomerTags(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'read');
      const { limit = 50, offset = 0, q } = request.query ?? {};
      const pattern = q?.trim() ? `%${escapeLike(q.trim())}%` : null;
      const result = await db.withTenant(tenantId, (tx) =>
        listPage(
          tx,
          {
            select: COLUMNS,
            from: 'customer_tags t',
            where: `t.tenant_id = $1 AND ($2::text IS NULL OR cita_fold(t.name) LIKE cita_fold($2) ESCAPE '\\')`,
            orderBy: 'lower(t.name), t.id',
            params: [tenantId, pattern],
            limit,
            offset,
          },
          toCustomerTag,
        ),
      );
      return reply.code(200).send(result);
    },

    async createCustomerTag(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'write');
      const input = request.body.tag;
      const name = cleanName(input.name, NAME_FIELD);
      const stored = await names.guard(() =>
        db.withTenant(tenantId, (tx) =>
          idempotent(tx, tenantId, idempotencyKeyOf(request), 'createCustomerTag', request.body, async () => {
            await names.assertFree(tx, tenantId, name, null);
            await assertTagRoom(tx, tenantId, 1);
            const color = input.color ?? (await pickTagColor(tx, tenantId));
            const { rows } = await tx.query<{ id: string }>(
              'INSERT INTO customer_tags (tenant_id, name, color, description) VALUES ($1, $2, $3, $4) RETURNING id',
              [tenantId, name, color.toLowerCase(), input.description?.trim() || null],
            );
            const created = await tx.query(`${SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tenantId, rows[0]!.id]);
            return { status: 201, body: { tag: toCustomerTag(created.rows[0]!) } };
          }),
        ),
      );
      return reply.code(201).send(stored.body);
    },

    async getCustomerTag(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'read');
      const row = await db.withTenant(tenantId, async (tx) => (await tx.query(`${SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tenantId, id])).rows[0]);
      if (!row) throw notFound('No tag has this id.');
      return reply.code(200).send({ tag: toCustomerTag(row) });
    },

    async updateCustomerTag(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'write');
      const input = request.body.tag;
      const name = cleanName(input.name, NAME_FIELD);
      const row = await names.guard(() =>
        db.withTenant(tenantId, async (tx) => {
          const current = await tx.query('SELECT 1 FROM customer_tags WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
          if (current.rows.length === 0) throw notFound('No tag has this id.');
          await names.assertFree(tx, tenantId, name, id);
          await updateVersioned(tx, 'customer_tags', { tenantId, id }, () =>
            tx.query(
              `UPDATE customer_tags SET name = $4, color = coalesce($5, color), description = $6, version = version + 1
                WHERE tenant_id = $1 AND id = $2 AND version = $3 RETURNING id`,
              [tenantId, id, input.version, name, input.color?.toLowerCase() ?? null, input.description?.trim() || null],
            ),
          );
          return (await tx.query(`${SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tenantId, id])).rows[0]!;
        }),
      );
      return reply.code(200).send({ tag: toCustomerTag(row) });
    },

    async deleteCustomerTag(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'delete');
      // The links go with it (ON DELETE CASCADE): the tag disappears from every customer.
      const { rows } = await db.withTenant(tenantId, (tx) => tx.query('DELETE FROM customer_tags WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id]));
      if (rows.length === 0) throw notFound('No tag has this id.');
      return reply.code(204).send();
    },
  };
}
