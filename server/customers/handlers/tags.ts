import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { cleanName, uniqueName } from '../../kit/names.ts';
import { listPage } from '../../kit/pages.ts';
import { escapeLike } from '../../kit/sql.ts';
import { idempotencyKeyOf, idempotent } from '../../kit/write-rules.ts';
import { notFound } from '../../problem.ts';
import { authorize } from '../../tenancy/roles.ts';
import { toCustomerTag } from '../mappers.ts';
import { assertTagRoom, deleteTag, insertTag, loadTag, TAG_COLUMNS, tagExists, updateTag } from '../repository.ts';

type Handlers = Pick<RouteHandlers, 'createCustomerTag' | 'listCustomerTags' | 'getCustomerTag' | 'updateCustomerTag' | 'deleteCustomerTag'>;

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
            select: TAG_COLUMNS,
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
            const id = await insertTag(tx, tenantId, { name, ...(input.color ? { color: input.color } : {}), description: input.description?.trim() || null });
            return { status: 201, body: { tag: toCustomerTag((await loadTag(tx, tenantId, id))!) } };
          }),
        ),
      );
      return reply.code(201).send(stored.body);
    },

    async getCustomerTag(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'read');
      const row = await db.withTenant(tenantId, (tx) => loadTag(tx, tenantId, id));
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
          if (!(await tagExists(tx, tenantId, id))) throw notFound('No tag has this id.');
          await names.assertFree(tx, tenantId, name, id);
          await updateTag(tx, tenantId, id, input.version, { name, ...(input.color ? { color: input.color } : {}), description: input.description?.trim() || null });
          return (await loadTag(tx, tenantId, id))!;
        }),
      );
      return reply.code(200).send({ tag: toCustomerTag(row) });
    },

    async deleteCustomerTag(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customerTags', 'delete');
      const deleted = await db.withTenant(tenantId, (tx) => deleteTag(tx, tenantId, id));
      if (!deleted) throw notFound('No tag has this id.');
      return reply.code(204).send();
    },
  };
}
