import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { sessionOf } from '../../kit/context.ts';
import { idempotencyKeyOf, idempotent } from '../../kit/write-rules.ts';
import { authorize, can } from '../../tenancy/roles.ts';
import { assertPaymentVisible, moneyScopeOf } from '../visibility.ts';
import { cashUp, changePaymentTransactionStatus, createPaymentTransaction, getPaymentTransaction, listPaymentTransactions } from '../payments.ts';

type Handlers = Pick<RouteHandlers, 'listPaymentTransactions' | 'getPaymentTransaction' | 'createPaymentTransaction' | 'changePaymentTransactionStatus' | 'getCashUp'>;

export function paymentTransactionHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listPaymentTransactions(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'payments', 'read');
      const { limit = 50, offset = 0, ...query } = request.query ?? {};
      const list = await db.withTenant(tenantId, async (tx) => {
        const scope = await moneyScopeOf(tx, tenantId, role, sessionOf(request).userId);
        return listPaymentTransactions(tx, tenantId, { ...query, ...(scope ? { visibleTo: scope.userId } : {}) }, Math.trunc(limit), Math.trunc(offset));
      });
      return reply.code(200).send(list);
    },

    async getPaymentTransaction(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'payments', 'read');
      const paymentTransaction = await db.withTenant(tenantId, async (tx) => {
        await assertPaymentVisible(tx, tenantId, id, await moneyScopeOf(tx, tenantId, role, sessionOf(request).userId));
        return getPaymentTransaction(tx, tenantId, id);
      });
      return reply.code(200).send({ paymentTransaction });
    },

    async createPaymentTransaction(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'payments', 'write');
      const { userId } = sessionOf(request);
      const key = idempotencyKeyOf(request) ?? `payment:${id}`;
      const paymentTransaction = await db.withTenant(tenantId, async (tx) => {
        const scope = await moneyScopeOf(tx, tenantId, role, userId);
        const actor = { tenantId, userId, ...(scope ? { only: scope.userId } : {}) };
        const result = await idempotent(tx, tenantId, key, 'createPaymentTransaction', { id, body: request.body }, async () => ({
          status: 201,
          body: { paymentTransaction: await createPaymentTransaction(tx, actor, id, request.body.paymentTransaction, can(role, 'payments', 'delete')) },
        }));
        return result.replayed ? await getPaymentTransaction(tx, tenantId, result.body.paymentTransaction.id) : result.body.paymentTransaction;
      });
      return reply.code(201).send({ paymentTransaction });
    },

    async changePaymentTransactionStatus(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'payments', 'write');
      const actor = { tenantId, userId: sessionOf(request).userId };
      const paymentTransaction = await db.withTenant(tenantId, async (tx) => {
        await assertPaymentVisible(tx, tenantId, id, await moneyScopeOf(tx, tenantId, role, actor.userId));
        return changePaymentTransactionStatus(tx, actor, id, request.body);
      });
      return reply.code(200).send({ paymentTransaction });
    },

    async getCashUp(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'payments', 'read');
      const { date, userId } = request.query ?? {};
      // A member counts their own takings; owners and administrators everyone's.
      const who = can(role, 'payments', 'delete') ? userId : sessionOf(request).userId;
      return reply.code(200).send(await db.withTenant(tenantId, (tx) => cashUp(tx, tenantId, date, who)));
    },
  };
}
