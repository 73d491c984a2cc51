import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { TenantInput, TenantUpdate } from '../../generated/types.gen.ts';
import { findCurrency } from '../catalog.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { conflict, notFound, unauthorized, unprocessable } from '../problem.ts';
import { assertAssetsExist } from '../assets/references.ts';
import { verifyIdentity } from '../security.ts';
import { authorize } from '../tenancy/roles.ts';
import { identityOf, sessionOf, type HandlerDeps } from './context.ts';
import { insertDefaultPaymentMethods } from './payment-methods.ts';
import { toTenant } from './rows.ts';
import { openSession } from './sessions.ts';

type Handlers = Pick<RouteHandlers, 'createTenant' | 'getTenant' | 'updateTenant' | 'deleteTenant' | 'listUserTenants' | 'autoRegisterBusiness'>;

/** The columns a TenantInput/TenantUpdate writes (images and status are handled apart). */
function tenantColumns(input: TenantInput | TenantUpdate): Array<[string, unknown]> {
  const columns: Array<[string, unknown]> = [];
  const set = (column: string, value: unknown, json = false) => {
    if (value !== undefined) columns.push([column, json && value !== null ? JSON.stringify(value) : value]);
  };
  set('business_name', input.businessName);
  set('email', input.email);
  set('category', input.category);
  set('description', input.description);
  set('phone_country_code', input.phoneCountryCode);
  set('phone_number', input.phoneNumber);
  set('website', input.website);
  set('address', input.address, true);
  set('tax_id', input.taxId);
  if (input.currency) {
    set('currency_code', input.currency.currencyCode);
    set('currency_symbol', findCurrency(input.currency.currencyCode)?.symbol);
  }
  set('tax_percentage', input.taxPercentage);
  set('services', input.services, true);
  set('opening_hours', input.opening_hours, true);
  set('time_zone', input.timeZone ?? input.opening_hours?.timeZone);
  set('locale', input.locale);
  set('work_mode', input.workMode, true);
  return columns;
}

/** Business rules of a tenant body beyond its schema: known currency, time zone, opening ranges. */
function checkTenantInput(input: TenantInput | TenantUpdate, pointer: string) {
  if (input.currency && !findCurrency(input.currency.currencyCode)) {
    throw unprocessable(`${pointer}/currency/currencyCode`, 'unsupported_currency', `Cita does not support ${input.currency.currencyCode} yet.`);
  }
  if (input.opening_hours && input.timeZone && input.opening_hours.timeZone !== input.timeZone) {
    throw unprocessable(`${pointer}/opening_hours/timeZone`, 'time_zone_mismatch', 'The opening hours must use the business time zone.');
  }
  if (input.timeZone || input.opening_hours) {
    const zone = input.timeZone ?? input.opening_hours!.timeZone;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
    } catch {
      throw unprocessable(`${pointer}/timeZone`, 'unknown_time_zone', `Unknown time zone ${zone}.`);
    }
  }
  for (const [day, ranges] of Object.entries(input.opening_hours?.weekly ?? {})) {
    const sorted = [...(ranges as Array<{ start: string; end: string }>)].sort((a, b) => a.start.localeCompare(b.start));
    sorted.forEach((range, i) => {
      if (range.end <= range.start) throw unprocessable(`${pointer}/opening_hours/weekly/${day}`, 'end_before_start', 'Each range must end after it starts.');
      if (i > 0 && range.start < sorted[i - 1]!.end) throw unprocessable(`${pointer}/opening_hours/weekly/${day}`, 'overlapping_ranges', 'Opening ranges must not overlap.');
    });
  }
}

/** A new business: its owner, EUR and 21 % unless told otherwise, a beta-tester licence for the trial. */
async function insertTenant(tx: Queryable, ownerId: string, input: TenantInput, trialDays: number) {
  const columns = tenantColumns(input);
  const status = input.opening_hours ? 'TENANT_STATUS_PENDING_SERVICES_DEFINITION' : 'TENANT_STATUS_PENDING_OPENING_HOURS';
  columns.push(['owner_user_id', ownerId], ['status', status], ['license_status', 'LICENSE_STATUS_BETA_TESTER']);
  // The business speaks its owner's language unless told otherwise.
  if (!input.locale) columns.push(['locale', (await tx.query<{ locale: string }>('SELECT locale FROM users WHERE id = $1', [ownerId])).rows[0]?.locale ?? 'en-US']);
  const names = columns.map(([c]) => c).join(', ');
  const values = columns.map((_, i) => `$${i + 2}`).join(', ');
  const { rows } = await tx.query(
    `INSERT INTO tenants (${names}, license_active_until) VALUES (${values}, now() + make_interval(days => $1)) RETURNING *`,
    [trialDays, ...columns.map(([, v]) => v)],
  );
  const tenant = rows[0]!;
  await tx.query(`INSERT INTO memberships (tenant_id, user_id, role) VALUES ($1, $2, 'TEAM_ROLE_OWNER')`, [tenant.id, ownerId]);
  await tx.query(`UPDATE users SET status = 'USER_STATUS_ACTIVE' WHERE id = $1 AND status = 'USER_STATUS_NEW'`, [ownerId]);
  return tenant;
}

export function tenantHandlers({ config, db, verifier, sessions }: HandlerDeps): Handlers {
  return {
    async createTenant(request, reply) {
      const { userId } = sessionOf(request);
      checkTenantInput(request.body.tenant, '/tenant');
      const row = await db.withSystem(async (tx) => {
        const tenant = await insertTenant(tx, userId, request.body.tenant, config.trialDays);
        await insertDefaultPaymentMethods(tx, tenant.id as string, tenant.locale as string);
        return tenant;
      });
      return reply.code(201).send({ tenant: toTenant(row) });
    },

    async getTenant(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'tenant', 'read');
      const row = await db.withTenant(tenantId, async (tx) => (await tx.query('SELECT * FROM tenants WHERE id = $1', [tenantId])).rows[0]);
      if (!row) throw notFound();
      return reply.code(200).send({ tenant: toTenant(row) });
    },

    async updateTenant(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'tenant', 'write');
      const input = request.body.tenant;
      if (input.id !== undefined && input.id !== tenantId) throw unprocessable('/tenant/id', 'id_mismatch', 'The body is for another business.');
      checkTenantInput(input, '/tenant');
      const columns = tenantColumns(input);
      // Images by asset id (an image of this business; null removes it).
      if (input.logoAssetId !== undefined) columns.push(['logo_asset_id', input.logoAssetId]);
      if (input.coverAssetId !== undefined) columns.push(['cover_asset_id', input.coverAssetId]);
      const row = await db.withTenant(tenantId, async (tx) => {
        await assertAssetsExist(
          tx,
          tenantId,
          (['logoAssetId', 'coverAssetId'] as const).flatMap((key) => (typeof input[key] === 'string' ? [{ id: input[key], field: `/tenant/${key}` }] : [])),
        );
        const sets = columns.map(([column], i) => `${column} = $${i + 2}`);
        // Saving opening hours completes that onboarding step.
        if (input.opening_hours) {
          sets.push(`status = CASE WHEN status = 'TENANT_STATUS_PENDING_OPENING_HOURS' THEN 'TENANT_STATUS_PENDING_SERVICES_DEFINITION' ELSE status END`);
        }
        if (sets.length === 0) return (await tx.query('SELECT * FROM tenants WHERE id = $1', [tenantId])).rows[0];
        const { rows } = await tx.query(`UPDATE tenants SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [tenantId, ...columns.map(([, v]) => v)]);
        return rows[0];
      });
      if (!row) throw notFound();
      return reply.code(200).send({ tenant: toTenant(row) });
    },

    async deleteTenant(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'tenant', 'delete');
      // Kept as TENANT_STATUS_DELETED (the contract): gone for its members, recoverable by support.
      await db.withTenant(tenantId, (tx) => tx.query(`UPDATE tenants SET status = 'TENANT_STATUS_DELETED' WHERE id = $1`, [tenantId]));
      return reply.code(204).send();
    },

    async listUserTenants(request, reply) {
      const auth = sessionOf(request);
      if (request.params.userId !== auth.userId && !auth.isAdmin) throw notFound();
      const rows = await db.withSystem(async (tx) =>
        (
          await tx.query(
            `SELECT t.* FROM memberships m JOIN tenants t ON t.id = m.tenant_id
              WHERE m.user_id = $1 AND t.status <> 'TENANT_STATUS_DELETED'
              ORDER BY (m.role = 'TEAM_ROLE_OWNER') DESC, m.joined_at`,
            [request.params.userId],
          )
        ).rows,
      );
      return reply.code(200).send({ tenants: rows.map(toTenant) });
    },

    async autoRegisterBusiness(request, reply) {
      const identity = identityOf(request);
      const body = request.body;
      const tokenIdentity = await verifyIdentity(verifier, body.firebase_id_token);
      if (tokenIdentity.uid !== identity.uid) throw unauthorized('The body token must be the bearer token.');
      if (body.email.toLowerCase() !== identity.email) throw unprocessable('/email', 'email_mismatch', 'The e-mail must be the one you signed in with.');
      if (body.terms_accepted === false) throw unprocessable('/terms_accepted', 'terms_required', 'The terms must be accepted.');
      checkTenantInput({ businessName: body.businessName, email: body.email, timeZone: body.timeZone }, '');
      try {
        const result = await db.withSystem(async (tx) => {
          const { rows } = await tx.query<{ id: string; email: string }>(
            `INSERT INTO users (email, firebase_uid, email_verified, status, name, last_name, locale, phone_country_code, phone_number,
                                promotions_accepted, terms_accepted_at, registering_from)
             VALUES ($1, $2, $10, 'USER_STATUS_NEW', $3, $4, $5, $6, $7, $8, now(), $9) RETURNING id, email`,
            [identity.email, identity.uid, body.name ?? null, body.lastName ?? null, body.locale ?? 'en-US',
              body.phoneCountryCode ?? null, body.phoneNumber ?? null, body.promotions_terms_accepted ?? false, body.registering_from ?? 'auto-register', tokenIdentity.emailVerified],
          );
          const user = { ...rows[0]!, emailVerified: tokenIdentity.emailVerified };
          const tenant = await insertTenant(
            tx,
            user.id,
            {
              businessName: body.businessName,
              email: identity.email,
              category: body.category,
              phoneCountryCode: body.phoneCountryCode,
              phoneNumber: body.phoneNumber,
              locale: body.locale,
              timeZone: body.timeZone,
            },
            config.trialDays,
          );
          await insertDefaultPaymentMethods(tx, tenant.id as string, tenant.locale as string);
          const session = await openSession(tx, sessions, user, request.headers['user-agent']);
          return { ...session, tenantId: tenant.id as string };
        });
        return reply.code(201).send(result);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('An account with this e-mail already exists; sign in instead.', 'already_registered');
        throw error;
      }
    },
  };
}
