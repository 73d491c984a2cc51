import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { requireMember, sessionOf, type HandlerDeps } from '../kit/context.ts';
import { listOwn, markRead } from '../staff-notifications/repository.ts';

type Handlers = Pick<RouteHandlers, 'listStaffNotifications' | 'markStaffNotificationsRead'>;

/** The shell's notification area (issue 18): each member reads and marks only their own. */
export function staffNotificationHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listStaffNotifications(request, reply) {
      const { tenantId } = request.params;
      await requireMember(db, request, tenantId);
      const { userId } = sessionOf(request);
      const list = await db.withTenant(tenantId, (tx) => listOwn(tx, tenantId, userId));
      reply.header('cache-control', 'no-store');
      return reply.code(200).send(list);
    },

    async markStaffNotificationsRead(request, reply) {
      const { tenantId } = request.params;
      await requireMember(db, request, tenantId);
      const { userId } = sessionOf(request);
      await db.withTenant(tenantId, (tx) => markRead(tx, tenantId, userId, request.body.ids));
      return reply.code(204).send();
    },
  };
}
