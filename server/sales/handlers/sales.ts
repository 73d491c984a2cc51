import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { sessionOf } from '../../kit/context.ts';
import { idempotencyKeyOf, idempotent } from '../../kit/write-rules.ts';
import { authorize } from '../../tenancy/roles.ts';
import { createSale, getSale, listSales, refundSale, voidSale } from '../checkout.ts';

type Handlers = Pick<RouteHandlers, 'listSales' | 'getSale' | 'createSale' | 'voidSale' | 'refundSale'>;

export function saleHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listSales(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'sales', 'read');
      const { limit = 50, offset = 0, sort = '-soldAt', ...filter } = request.query ?? {};
      const list = await db.withTenant(tenantId, (tx) => listSales(tx, tenantId, filter, sort, Math.trunc(limit), Math.trunc(offset)));
      return reply.code(200).send(list);
    },

    async getSale(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'sales', 'read');
      return reply.code(200).send({ sale: await db.withTenant(tenantId, (tx) => getSale(tx, tenantId, id)) });
    },

    async createSale(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'sales', 'write');
      const actor = { tenantId, userId: sessionOf(request).userId };
      // {id} is the sale's id and its idempotency key, unless an Idempotency-Key names another.
      const key = idempotencyKeyOf(request) ?? `sale:${id}`;
      const sale = await db.withTenant(tenantId, async (tx) => {
        const result = await idempotent(tx, tenantId, key, 'createSale', { id, body: request.body }, async () => ({
          status: 201,
          body: { sale: await createSale(tx, actor, id, request.body.sale) },
        }));
        // A replay answers the sale as it is now (paid since, refunded…).
        return result.replayed ? await getSale(tx, tenantId, result.body.sale.id) : result.body.sale;
      });
      return reply.code(201).send({ sale });
    },

    async voidSale(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'sales', 'delete');
      const actor = { tenantId, userId: sessionOf(request).userId };
      const sale = await db.withTenant(tenantId, (tx) => voidSale(tx, actor, id, request.body.version, request.body.reason));
      return reply.code(200).send({ sale });
    },

    async refundSale(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'sales', 'delete');
      const actor = { tenantId, userId: sessionOf(request).userId };
      const result = await db.withTenant(tenantId, (tx) =>
        idempotent(tx, tenantId, idempotencyKeyOf(request), `refundSale:${id}`, request.body, async () => ({ status: 201, body: await refundSale(tx, actor, id, request.body) })),
      );
      return reply.code(201).send(result.body);
    },
  };
}
