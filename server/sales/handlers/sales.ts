import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { sessionOf } from '../../kit/context.ts';
import { idempotencyKeyOf, idempotent } from '../../kit/write-rules.ts';
import { rectifyRefundedSale } from '../../invoices/issuing.ts';
import { authorize } from '../../tenancy/roles.ts';
import { createSale, getSale, listSales, refundSale, voidSale } from '../checkout.ts';
import { assertSaleVisible, moneyScopeOf } from '../visibility.ts';

type Handlers = Pick<RouteHandlers, 'listSales' | 'getSale' | 'createSale' | 'voidSale' | 'refundSale'>;

export function saleHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listSales(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'sales', 'read');
      const { limit = 50, offset = 0, sort = '-soldAt', ...filter } = request.query ?? {};
      const list = await db.withTenant(tenantId, async (tx) => {
        const scope = await moneyScopeOf(tx, tenantId, role, sessionOf(request).userId);
        return listSales(tx, tenantId, { ...filter, ...(scope ? { visibleTo: scope.userId } : {}) }, sort, Math.trunc(limit), Math.trunc(offset));
      });
      return reply.code(200).send(list);
    },

    async getSale(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'sales', 'read');
      const sale = await db.withTenant(tenantId, async (tx) => {
        await assertSaleVisible(tx, tenantId, id, await moneyScopeOf(tx, tenantId, role, sessionOf(request).userId));
        return getSale(tx, tenantId, id);
      });
      return reply.code(200).send({ sale });
    },

    async createSale(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'sales', 'write');
      const { userId } = sessionOf(request);
      // {id} is the sale's id and its idempotency key, unless an Idempotency-Key names another.
      const key = idempotencyKeyOf(request) ?? `sale:${id}`;
      const sale = await db.withTenant(tenantId, async (tx) => {
        const scope = await moneyScopeOf(tx, tenantId, role, userId);
        const actor = { tenantId, userId, ...(scope ? { only: scope.userId } : {}) };
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
        idempotent(tx, tenantId, idempotencyKeyOf(request), `refundSale:${id}`, request.body, async () => {
          const refunded = await refundSale(tx, actor, id, request.body);
          // An invoiced sale's refund gets its rectifying invoice in the same transaction.
          const creditId = await rectifyRefundedSale(tx, tenantId, actor.userId, id, refunded.refund.id, request.body.reason);
          const body = creditId ? { ...refunded, sale: await getSale(tx, tenantId, id), refund: await getSale(tx, tenantId, refunded.refund.id) } : refunded;
          return { status: 201, body };
        }),
      );
      return reply.code(201).send(result.body);
    },
  };
}
