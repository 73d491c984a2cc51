import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { TenantInput, TenantUpdate } from '../../generated/types.gen.ts';
import { findCurrency } from '../catalog.ts';
import { regionDefaults } from '../../common/regions.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { onlineBookingColumns, proposeSlug, slugTaken } from '../booking/business.ts';
import { conflict, HttpProblem, notFound, unauthorized, unprocessable } from '../problem.ts';
import { staleVersion } from '../kit/write-rules.ts';
import { TOO_PRECISE_PERCENTAGE, hasThreeDecimalsAtMost } from '../kit/percent.ts';
import { Temporal } from 'temporal-polyfill';
import { assertAssetsExist } from '../assets/references.ts';
import { verifyIdentity } from '../security.ts';
import { authorize } from '../tenancy/roles.ts';
import { identityOf, sessionOf, type HandlerDeps } from '../kit/context.ts';
import { insertDefaultPaymentMethods } from '../payment-methods/defaults.ts';
import { toTenant } from '../tenancy/mappers.ts';
import { openSession } from '../auth/sessions.ts';
import { appointmentsChanged } from '../appointments/events.ts';
import { plainFromSql, resolveLocal, sqlLocal } from '../scheduling/time.ts';
import { guardDoubleBookingError } from '../appointments/repository.ts';
import { tenantHasSales } from '../sales/repository.ts';

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
  set('country', input.country);
  set('tax_name', input.taxName);
  set('prices_include_tax', input.pricesIncludeTax);
  set('services', input.services, true);
  set('opening_hours', input.opening_hours, true);
  set('time_zone', input.timeZone ?? input.opening_hours?.timeZone);
  set('locale', input.locale);
  set('work_mode', input.workMode, true);
  set('members_see_team_calendars', input.membersSeeTeamCalendars);
  set('members_see_team_figures', input.membersSeeTeamFigures);
  return columns;
}

/** Business rules of a tenant body beyond its schema: known currency, time zone, opening ranges. */
function checkTenantInput(input: TenantInput | TenantUpdate, pointer: string) {
  if (input.currency && !findCurrency(input.currency.currencyCode)) {
    throw unprocessable(`${pointer}/currency/currencyCode`, 'unsupported_currency', `Cita does not support ${input.currency.currencyCode} yet.`);
  }
  if (input.taxPercentage !== undefined && !hasThreeDecimalsAtMost(input.taxPercentage)) {
    throw unprocessable(`${pointer}/taxPercentage`, 'too_precise', TOO_PRECISE_PERCENTAGE);
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

/**
 * A new business: its owner, a beta-tester licence for the trial, and the currency and tax of its
 * country unless told otherwise (common/regions.ts); without a country, EUR and 21 % (the columns'
 * defaults).
 */
async function insertTenant(tx: Queryable, ownerId: string, input: TenantInput, trialDays: number) {
  const region = input.country ? regionDefaults(input.country, input.locale ?? 'en-US') : undefined;
  const columns = tenantColumns({
    ...input,
    ...(region && !input.currency ? { currency: { currencyCode: region.currency } } : {}),
    ...(region && input.taxPercentage === undefined ? { taxPercentage: region.taxPercentage } : {}),
    ...(region && input.taxName === undefined && region.taxName ? { taxName: region.taxName } : {}),
    ...(region && input.pricesIncludeTax === undefined ? { pricesIncludeTax: region.pricesIncludeTax } : {}),
  });
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

/**
 * A change of the business's time zone: while appointments are still to come it needs the user's
 * confirmation (409 time_zone_change_unconfirmed, with how many); confirmed, upcoming appointments and
 * time off keep their wall-clock times in the new zone (their instants are recomputed, DST rule of the
 * contract).
 */
async function moveToTimeZone(tx: Queryable, tenantId: string, zone: string, confirmed: boolean) {
  const current = (await tx.query<{ time_zone: string }>('SELECT time_zone FROM tenants WHERE id = $1', [tenantId])).rows[0];
  if (!current || current.time_zone === zone) return;
  const { rows } = await tx.query<{ id: string; start_local: string; end_local: string }>(
    `SELECT id, start_local::text AS start_local, end_local::text AS end_local FROM appointments
      WHERE tenant_id = $1 AND start_at >= now() AND status NOT IN ('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED')`,
    [tenantId],
  );
  if (rows.length > 0 && !confirmed) {
    throw new HttpProblem(
      409,
      `${rows.length} upcoming appointment(s) would keep their wall-clock times in the new time zone; confirm the change.`,
      'time_zone_change_unconfirmed',
      undefined,
      { retryable: false },
    );
  }
  const retime = async (table: 'appointments' | 'time_off', list: Array<{ id: string; start_local: string; end_local: string }>) => {
    if (list.length === 0) return;
    const moved = list.map((row) => {
      const start = resolveLocal(plainFromSql(row.start_local), zone);
      let end = resolveLocal(plainFromSql(row.end_local), zone);
      // A DST gap could swallow a short slot: keep it at least as long as a minute step.
      if (Temporal.Instant.compare(end.instant, start.instant) <= 0) end = { instant: start.instant.add({ minutes: 5 }), local: start.local.add({ minutes: 5 }) };
      return { id: row.id, startAt: start.instant.toString(), endAt: end.instant.toString(), startLocal: sqlLocal(start.local), endLocal: sqlLocal(end.local) };
    });
    await guardDoubleBookingError(() =>
      tx.query(
        `UPDATE ${table} t SET start_at = m.s, end_at = m.e, start_local = m.sl, end_local = m.el
           FROM unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::timestamp[], $6::timestamp[]) AS m(id, s, e, sl, el)
          WHERE t.tenant_id = $1 AND t.id = m.id`,
        [tenantId, moved.map((m) => m.id), moved.map((m) => m.startAt), moved.map((m) => m.endAt), moved.map((m) => m.startLocal), moved.map((m) => m.endLocal)],
      ),
    );
  };
  await retime('appointments', rows);
  if (rows.length > 0) await appointmentsChanged(tx, tenantId, rows.map((row) => row.id));
  const timeOff = await tx.query<{ id: string; start_local: string; end_local: string }>(
    'SELECT id, start_local::text AS start_local, end_local::text AS end_local FROM time_off WHERE tenant_id = $1 AND end_at >= now()',
    [tenantId],
  );
  await retime('time_off', timeOff.rows);
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
      if (input.cancellationCutoffMinutes !== undefined) columns.push(['cancellation_cutoff_minutes', input.cancellationCutoffMinutes]);
      if (input.notifyTeamByEmail !== undefined) columns.push(['notify_team_by_email', input.notifyTeamByEmail]);
      if (input.defaultReminders !== undefined) {
        columns.push(['default_reminders', JSON.stringify(input.defaultReminders.map((r) => ({ channel: r.channel, minutesBefore: r.minutesBefore })))]);
      }
      columns.push(...onlineBookingColumns(input.onlineBooking));
      // Turning online booking on without an address: one proposed from the business name (read
      // before the transaction: it looks across businesses).
      if (input.onlineBooking?.enabled === true && input.onlineBooking.slug === undefined) {
        const { rows } = await db.querySystem<{ booking_slug: string | null; business_name: string }>('SELECT booking_slug, business_name FROM tenants WHERE id = $1', [tenantId]);
        if (rows[0] && !rows[0].booking_slug) columns.push(['booking_slug', await proposeSlug(db, input.businessName ?? rows[0].business_name, tenantId)]);
      }
      // Images by asset id (an image of this business; null removes it).
      if (input.logoAssetId !== undefined) columns.push(['logo_asset_id', input.logoAssetId]);
      if (input.coverAssetId !== undefined) columns.push(['cover_asset_id', input.coverAssetId]);
      const row = await db.withTenant(tenantId, async (tx) => {
        // The slug first, alone: another business's slug (the unique index) answers 409 slug_taken.
        const slug = columns.find(([column]) => column === 'booking_slug');
        if (slug) {
          try {
            await tx.query('UPDATE tenants SET booking_slug = $2 WHERE id = $1', [tenantId, slug[1]]);
          } catch (error) {
            if (isUniqueViolation(error)) throw slugTaken();
            throw error;
          }
        }
        // The version the settings form read: a save over someone else's answers 409 (checked under
        // the row's lock, before anything is written).
        if (input.version !== undefined) {
          const current = await tx.query<{ version: number }>('SELECT version FROM tenants WHERE id = $1 FOR UPDATE', [tenantId]);
          if (current.rows[0] && current.rows[0].version !== input.version) throw staleVersion();
        }
        await assertAssetsExist(
          tx,
          tenantId,
          (['logoAssetId', 'coverAssetId'] as const).flatMap((key) => (typeof input[key] === 'string' ? [{ id: input[key], field: `/tenant/${key}` }] : [])),
        );
        // The currency and the price mode lock once the business has sold anything (its amounts are in them).
        if (input.currency || input.pricesIncludeTax !== undefined) {
          const current = (await tx.query<{ currency_code: string; prices_include_tax: boolean }>('SELECT currency_code, prices_include_tax FROM tenants WHERE id = $1', [tenantId])).rows[0];
          const currencyChanges = Boolean(input.currency && current && current.currency_code !== input.currency.currencyCode);
          const modeChanges = input.pricesIncludeTax !== undefined && current !== undefined && current.prices_include_tax !== input.pricesIncludeTax;
          if ((currencyChanges || modeChanges) && (await tenantHasSales(tx, tenantId))) {
            if (currencyChanges) throw unprocessable('/tenant/currency/currencyCode', 'currency_locked', 'The currency cannot change once the business has recorded sales.');
            throw unprocessable('/tenant/pricesIncludeTax', 'prices_include_tax_locked', 'Whether prices include tax cannot change once the business has recorded sales.');
          }
        }
        const zone = input.timeZone ?? input.opening_hours?.timeZone;
        if (zone) await moveToTimeZone(tx, tenantId, zone, request.query?.confirmTimeZoneChange === true);
        const sets = columns.map(([column], i) => `${column} = $${i + 2}`);
        // Saving opening hours completes that onboarding step.
        if (input.opening_hours) {
          sets.push(`status = CASE WHEN status = 'TENANT_STATUS_PENDING_OPENING_HOURS' THEN 'TENANT_STATUS_PENDING_SERVICES_DEFINITION' ELSE status END`);
        }
        if (sets.length === 0) return (await tx.query('SELECT * FROM tenants WHERE id = $1', [tenantId])).rows[0];
        // The version counts changes to the settings form's fields; the logo and cover are saved on
        // their own (they answer the new business, and the form is not stale because of them).
        if (columns.some(([column]) => column !== 'logo_asset_id' && column !== 'cover_asset_id')) sets.push('version = version + 1');
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
      checkTenantInput({ businessName: body.businessName, email: body.email, timeZone: body.timeZone, currency: body.currency, taxPercentage: body.taxPercentage }, '');
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
              ...(body.country ? { country: body.country } : {}),
              ...(body.currency ? { currency: body.currency } : {}),
              ...(body.taxPercentage !== undefined ? { taxPercentage: body.taxPercentage } : {}),
              ...(body.taxName ? { taxName: body.taxName } : {}),
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
