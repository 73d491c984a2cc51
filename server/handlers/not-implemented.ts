import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { sendProblem } from '../problem.ts';
import { requireMember, type HandlerDeps } from '../kit/context.ts';

/**
 * Operations whose domain belongs to a later issue. They answer 501 problem+json (never a fake
 * success); each group moves to its own handler file when its issue lands.
 */
export function notImplementedHandlers({ db }: HandlerDeps) {
  // Tenant-scoped routes still answer 404 to anyone who is not a member of the tenant.
  // Typed `never` so that it fits every operation's handler type; each operation's replies include 501.
  const notImplemented = (async (request: FastifyRequest, reply: FastifyReply) => {
    const { tenantId } = request.params as { tenantId?: string };
    if (tenantId) await requireMember(db, request, tenantId);
    return sendProblem(request, reply, 501, `${request.method} ${request.routeOptions.url} is not available yet.`);
  }) as never;

  return {
    // Portfolio
    listPortfolioItems: notImplemented,
    createPortfolioItem: notImplemented,
    getPortfolioItem: notImplemented,
    deletePortfolioItem: notImplemented,
    // Statistics
    fetchStatistics: notImplemented,
    // Dashboard
    getDashboard: notImplemented,
    // Expenses
    createExpense: notImplemented,
    listExpenses: notImplemented,
    scanExpense: notImplemented,
    getExpense: notImplemented,
    deleteExpense: notImplemented,
    // QrCodes
    listQrCodes: notImplemented,
    createQrCode: notImplemented,
    getQrCode: notImplemented,
    deleteQrCode: notImplemented,
    // Reports
    getSalesSummaryReport: notImplemented,
    getSalesDetailedReport: notImplemented,
  } satisfies Partial<RouteHandlers>;
}
