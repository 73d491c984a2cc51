import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { csvDialect, sendCsv } from '../../kit/csv.ts';
import { forbidden } from '../../problem.ts';
import { onlyUserOf } from '../../appointments/rules.ts';
import { dashboard } from '../dashboard.ts';
import { decodeCursor, salesDetailed, salesDetailedCsv } from '../detailed.ts';
import { invoiceRegisterCsv } from '../invoice-register.ts';
import { checkedRange, type Grouping } from '../periods.ts';
import type { SaleFilters } from '../revenue.ts';
import { figuresCaller, memberNames, scopeFor, seesTeam, tenantFigures } from '../scope.ts';
import { statistics } from '../statistics.ts';
import { salesSummary } from '../summary.ts';

type Handlers = Pick<
  RouteHandlers,
  'getSalesSummaryReport' | 'getSalesDetailedReport' | 'exportSalesDetailedCsv' | 'exportInvoiceRegisterCsv' | 'fetchStatistics' | 'getDashboard'
>;

const filtersOf = (filters: SaleFilters | undefined): SaleFilters => {
  const out: SaleFilters = {};
  for (const [key, value] of Object.entries(filters ?? {})) if (value !== undefined && value !== null) (out as Record<string, unknown>)[key] = value;
  return out;
};

/** Reports, statistics and the dashboard (issue 20): every figure from the one revenue definition (../revenue.ts). */
export function reportsDomainHandlers({ db }: HandlerDeps): Handlers {
  return {
    async getSalesSummaryReport(request, reply) {
      const { tenantId } = request.params;
      const caller = await figuresCaller(db, request, tenantId);
      const body = request.body;
      const range = checkedRange(body.startDate, body.endDate);
      const filters = filtersOf(body.filters);
      const names = await memberNames(db, tenantId);
      const report = await db.withTenant(tenantId, async (tx) => {
        const scope = scopeFor(caller, tenantId, await tenantFigures(tx, tenantId), filters.userId);
        return salesSummary(tx, scope, range, (body.groupBy ?? 'REPORT_GROUPING_DAY') as Grouping, filters, names);
      });
      return reply.code(200).send({ report });
    },

    async getSalesDetailedReport(request, reply) {
      const { tenantId } = request.params;
      const caller = await figuresCaller(db, request, tenantId);
      const body = request.body;
      const range = checkedRange(body.startDate, body.endDate);
      const filters = filtersOf(body.filters);
      const after = request.query?.after ? decodeCursor(request.query.after) : null;
      const limit = Math.trunc(request.query?.limit ?? 50);
      const report = await db.withTenant(tenantId, async (tx) => {
        const scope = scopeFor(caller, tenantId, await tenantFigures(tx, tenantId), filters.userId);
        return salesDetailed(tx, scope, range, (body.groupBy ?? 'REPORT_GROUPING_DAY') as Grouping, filters, after, limit);
      });
      return reply.code(200).send({ report });
    },

    async exportSalesDetailedCsv(request, reply) {
      const { tenantId } = request.params;
      const caller = await figuresCaller(db, request, tenantId);
      const { startDate, endDate, locale = 'en-US', delimiter, ...rest } = request.query;
      const range = checkedRange(startDate, endDate, 'endDate');
      const filters = filtersOf(rest as SaleFilters);
      const tenant = await db.withTenant(tenantId, (tx) => tenantFigures(tx, tenantId));
      const scope = scopeFor(caller, tenantId, tenant, filters.userId);
      const names = await memberNames(db, tenantId);
      return sendCsv(reply, `sales-${range.from}-${range.to}.csv`, salesDetailedCsv(db, scope, range, filters, locale, csvDialect(locale, delimiter), names));
    },

    async exportInvoiceRegisterCsv(request, reply) {
      const { tenantId } = request.params;
      const caller = await figuresCaller(db, request, tenantId);
      if (!caller.manager) throw forbidden('The invoice register is for owners and administrators.');
      const { startDate, endDate, locale = 'en-US', delimiter } = request.query;
      const range = checkedRange(startDate, endDate, 'endDate');
      const tenant = await db.withTenant(tenantId, (tx) => tenantFigures(tx, tenantId));
      const scope = scopeFor(caller, tenantId, tenant);
      return sendCsv(reply, `invoices-${range.from}-${range.to}.csv`, invoiceRegisterCsv(db, scope, range, locale, csvDialect(locale, delimiter)));
    },

    async fetchStatistics(request, reply) {
      const { tenantId, userId } = request.params;
      const caller = await figuresCaller(db, request, tenantId);
      const body = request.body;
      const range = checkedRange(body.start_date, body.end_date, '/end_date');
      const tenantScope = body.scope === 'STATISTICS_SCOPE_TENANT';
      const names = await memberNames(db, tenantId);
      const result = await db.withTenant(tenantId, async (tx) => {
        const tenant = await tenantFigures(tx, tenantId);
        if (tenantScope && !seesTeam(caller, tenant)) throw forbidden('The business\'s statistics are for owners and administrators.');
        const scope = scopeFor(caller, tenantId, tenant, tenantScope ? undefined : userId);
        return statistics(tx, scope, range, body.locale, userId, names);
      });
      return reply.code(200).send({ statistics: result });
    },

    async getDashboard(request, reply) {
      const { tenantId } = request.query;
      const caller = await figuresCaller(db, request, tenantId);
      const result = await db.withTenant(tenantId, async (tx) => {
        const tenant = await tenantFigures(tx, tenantId);
        const scope = scopeFor(caller, tenantId, tenant);
        return dashboard(tx, scope, onlyUserOf(caller.role, caller.userId, tenant));
      });
      return reply.code(200).send({ dashboard: result });
    },
  };
}
