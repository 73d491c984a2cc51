import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { BUSINESS_CATEGORIES, CURRENCIES, PLANS } from '../catalog.ts';
import { forbidden } from '../problem.ts';
import { sessionOf, type HandlerDeps } from '../kit/context.ts';
import { toAdminTenant } from '../tenancy/mappers.ts';
import { listPage } from '../kit/pages.ts';
import { reminderChannels } from '../notifications/phone.ts';

type Handlers = Pick<RouteHandlers, 'getConfiguration' | 'listCurrencies' | 'listAdminTenants'>;

// Case- and accent-insensitive search without the unaccent extension (PGlite has none).
const ACCENTED = 'áàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';
const fold = (text: string) => [...text.toLowerCase()].map((c) => PLAIN[ACCENTED.indexOf(c)] ?? c).join('');
const FOLD_SQL = (column: string) => `translate(lower(${column}), '${ACCENTED}', '${PLAIN}')`;

export function platformHandlers({ config, db }: HandlerDeps): Handlers {
  return {
    async getConfiguration(_request, reply) {
      return reply.code(200).send({
        configuration: {
          supportEmail: config.support.email,
          supportPhone: config.support.phone,
          proPlan: PLANS.pro,
          premiumPlan: PLANS.premium,
          trialPeriodDays: config.trialDays,
          businessCategories: BUSINESS_CATEGORIES,
          stripePaymentProPlan: config.paymentLinks.pro,
          stripePaymentPremiumPlan: config.paymentLinks.premium,
          workflowSiteUrl: config.workflowSiteUrl,
          reminderChannels: reminderChannels(config.phone),
        },
      });
    },

    async listCurrencies(_request, reply) {
      return reply.code(200).send({ items: CURRENCIES, total: CURRENCIES.length });
    },

    async listAdminTenants(request, reply) {
      if (!sessionOf(request).isAdmin) throw forbidden('Only administrators can list every business.');
      const { limit = 50, offset = 0, q, status, licenseStatus } = request.query ?? {};
      const params = [q ? `%${fold(q)}%` : null, status ?? null, licenseStatus ?? null];
      const filter = `($1::text IS NULL OR ${FOLD_SQL('t.business_name')} LIKE $1 OR lower(t.email) LIKE $1)
        AND ($2::text IS NULL OR t.status = $2) AND ($3::text IS NULL OR t.license_status = $3)`;
      const result = await db.withSystem((tx) =>
        listPage(
          tx,
          {
            select: 't.*, o.email AS owner_email, (SELECT count(*) FROM memberships m WHERE m.tenant_id = t.id) AS member_count',
            from: 'tenants t JOIN users o ON o.id = t.owner_user_id',
            where: filter,
            orderBy: 't.created_at DESC, t.id',
            params,
            limit,
            offset,
          },
          toAdminTenant,
        ),
      );
      return reply.code(200).send(result);
    },
  };
}
