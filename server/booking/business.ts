import type { AppointmentReminderInput, Locale, OnlineBookingSettings, OnlineBookingSettingsInput } from '../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import { HttpProblem, unprocessable } from '../problem.ts';
import { parseJson, type TenantClock } from '../scheduling/schedules-db.ts';
import type { Weekly } from '../scheduling/time.ts';

type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Settings (tenants.booking_* columns, migration 013)

export function onlineBookingOf(row: Row): OnlineBookingSettings {
  return {
    enabled: row.booking_enabled === true,
    ...(row.booking_slug ? { slug: row.booking_slug as string } : {}),
    confirmation: (row.booking_confirmation as OnlineBookingSettings['confirmation']) ?? 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC',
    minimumNoticeMinutes: Number(row.booking_minimum_notice_minutes ?? 120),
    horizonDays: Number(row.booking_horizon_days ?? 60),
    slotIntervalMinutes: Number(row.booking_slot_interval_minutes ?? 15) as OnlineBookingSettings['slotIntervalMinutes'],
    memberChoice: row.booking_member_choice !== false,
  };
}

export const defaultRemindersOf = (row: Row): AppointmentReminderInput[] =>
  (parseJson(row.default_reminders as string | AppointmentReminderInput[] | null) ?? []).map((r) => ({ channel: r.channel, minutesBefore: r.minutesBefore }));

/** The tenant columns an OnlineBookingSettingsInput writes (the slug is handled by the caller). */
export function onlineBookingColumns(input: OnlineBookingSettingsInput | undefined): Array<[string, unknown]> {
  if (!input) return [];
  const columns: Array<[string, unknown]> = [];
  const set = (column: string, value: unknown) => {
    if (value !== undefined) columns.push([column, value]);
  };
  set('booking_enabled', input.enabled);
  set('booking_slug', input.slug);
  set('booking_confirmation', input.confirmation);
  set('booking_minimum_notice_minutes', input.minimumNoticeMinutes);
  set('booking_horizon_days', input.horizonDays);
  set('booking_slot_interval_minutes', input.slotIntervalMinutes);
  set('booking_member_choice', input.memberChoice);
  return columns;
}

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** A booking slug made from a business name: ASCII, lower case, single hyphens, 3 to 50 characters. */
export function slugFromName(name: string): string {
  const folded = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD[c] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  if (folded.length >= 3) return folded;
  return folded ? `${folded}-booking` : 'booking';
}

/**
 * A slug for `name` that no other business uses: the name's slug, else with -2, -3, … (read across
 * businesses as the owner: the tenants table is under row-level security). A concurrent claim of the
 * same slug is still refused by the unique index (409 slug_taken).
 */
export async function proposeSlug(db: Database, name: string, tenantId: string): Promise<string> {
  const base = slugFromName(name);
  const { rows } = await db.querySystem<{ booking_slug: string }>(
    `SELECT booking_slug FROM tenants WHERE id <> $2 AND (booking_slug = $1 OR booking_slug LIKE $1 || '-%') LIMIT 1000`,
    [base, tenantId],
  );
  const taken = new Set(rows.map((r) => r.booking_slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const slugTaken = () =>
  new HttpProblem(409, 'Another business already uses this booking address; choose another.', 'slug_taken', [
    { field: '/tenant/onlineBooking/slug', code: 'slug_taken', message: 'Another business already uses this booking address.' },
  ], { retryable: false });

// ---------------------------------------------------------------------------------------------
// The public side: a business by its slug

export interface BookingMember {
  id: string;
  /** Absent when the member has no name (the page names them by their place, in its language). */
  displayName?: string;
}

export interface BookingBusiness extends TenantClock {
  slug: string;
  businessName: string;
  description?: string;
  address?: Record<string, unknown>;
  phoneCountryCode?: string;
  phoneNumber?: string;
  locale: Locale;
  cancellationCutoffMinutes: number;
  settings: OnlineBookingSettings;
  /** The team members who can be booked (active users the business offers online), in joining order; at most 200. */
  team: BookingMember[];
}

export const bookingNotFound = () => new HttpProblem(404, 'No business takes online bookings at this address.', 'booking_not_found');

/**
 * The business whose booking page is `slug`, with its team, in one statement. Unknown slugs, booking
 * turned off and deleted or suspended businesses are the same 404.
 */
export async function findBookingBusiness(db: Database, slug: string): Promise<BookingBusiness> {
  const found = await bookingBusinessWhere(db, 't.booking_slug = $1', slug);
  if (!found) throw bookingNotFound();
  return found;
}

/** The business `tenantId` as its booking page sees it, or null when it takes no online bookings (a reschedule by link). */
export async function bookingBusinessOf(db: Database, tenantId: string): Promise<BookingBusiness | null> {
  return bookingBusinessWhere(db, 't.id = $1', tenantId);
}

async function bookingBusinessWhere(db: Database, where: 't.booking_slug = $1' | 't.id = $1', value: string): Promise<BookingBusiness | null> {
  const { rows } = await db.querySystem(
    `SELECT t.*,
            (SELECT coalesce(json_agg(json_build_object('id', x.user_id, 'name', x.name) ORDER BY x.joined_at, x.user_id), '[]')
               FROM (SELECT m.user_id, m.joined_at, u.name FROM memberships m JOIN users u ON u.id = m.user_id
                      WHERE m.tenant_id = t.id AND m.bookable_online AND u.status NOT IN ('USER_STATUS_DELETED', 'USER_STATUS_SUSPENDED')
                      ORDER BY m.joined_at, m.user_id LIMIT 200) x) AS team
       FROM tenants t
      WHERE ${where} AND t.booking_enabled AND t.booking_slug IS NOT NULL AND t.status NOT IN ('TENANT_STATUS_DELETED', 'TENANT_STATUS_SUSPENDED')`,
    [value],
  );
  const row = rows[0];
  if (!row) return null;
  const hours = parseJson(row.opening_hours as string | { weekly?: Weekly; closedDates?: Array<{ date: string; reason?: string }> } | null);
  const team = (parseJson(row.team as string | Array<{ id: string; name: string | null }>) ?? []).map((m) => {
    const name = m.name?.trim().slice(0, 100);
    return { id: m.id, ...(name ? { displayName: name } : {}) };
  });
  return {
    id: row.id as string,
    timeZone: row.time_zone as string,
    currency: row.currency_code as string,
    ...(hours?.weekly ? { weekly: hours.weekly } : {}),
    closedDates: hours?.closedDates ?? [],
    membersSeeTeamCalendars: row.members_see_team_calendars === true,
    defaultReminders: defaultRemindersOf(row),
    slug: row.booking_slug as string,
    businessName: row.business_name as string,
    ...(row.description ? { description: String(row.description).slice(0, 1000) } : {}),
    ...(row.address ? { address: parseJson(row.address as string | Record<string, unknown>)! } : {}),
    ...(row.phone_number && row.phone_country_code ? { phoneCountryCode: row.phone_country_code as string, phoneNumber: row.phone_number as string } : {}),
    locale: row.locale as Locale,
    cancellationCutoffMinutes: Number(row.cancellation_cutoff_minutes),
    settings: onlineBookingOf(row),
    team,
  };
}

export interface BookableService {
  id: string;
  name: string;
  description?: string;
  durationMinutes: number;
  bufferMinutes: number;
  amount: number;
  currency: string;
  /** The members who perform it; empty: everyone. */
  userIds: string[];
}

/** The services the business offers online (active, not archived, onlineBookable); `ids`: only those. */
export async function loadBookableServices(tx: Queryable, tenantId: string, ids?: readonly string[]): Promise<BookableService[]> {
  const { rows } = await tx.query<{
    id: string;
    name: string;
    description: string | null;
    duration_minutes: number;
    buffer_minutes: number;
    price_amount: string | number;
    price_currency: string;
    user_ids: string[];
  }>(
    `SELECT s.id, s.name, s.description, s.duration_minutes, s.buffer_minutes, s.price_amount, s.price_currency,
            ARRAY(SELECT m.user_id::text FROM service_members m WHERE m.tenant_id = s.tenant_id AND m.service_id = s.id ORDER BY m.user_id) AS user_ids
       FROM services s
      WHERE s.tenant_id = $1 AND s.active AND s.archived_at IS NULL AND s.online_bookable AND ($2::uuid[] IS NULL OR s.id = ANY($2::uuid[]))
      ORDER BY lower(coalesce(s.category, '')), lower(s.name), s.id
      LIMIT 500`,
    [tenantId, ids ? [...new Set(ids)] : null],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ...(r.description ? { description: r.description } : {}),
    durationMinutes: Number(r.duration_minutes),
    bufferMinutes: Number(r.buffer_minutes),
    amount: Number(r.price_amount),
    currency: r.price_currency,
    userIds: r.user_ids ?? [],
  }));
}

/** Who performs a service: its members, or the whole team when it names none. */
export const performersOf = (service: BookableService, team: readonly BookingMember[]) =>
  service.userIds.length === 0 ? team.map((m) => m.id) : team.filter((m) => service.userIds.includes(m.id)).map((m) => m.id);

/**
 * The chosen services, in the order asked (a service may come twice), each bookable online, else a
 * 422 naming it (`pointer` + index); together at most 24 hours (else 422 `too_long` on `pointer`).
 */
export async function chosenServices(tx: Queryable, tenantId: string, ids: readonly string[], pointer: string): Promise<BookableService[]> {
  const found = new Map((await loadBookableServices(tx, tenantId, ids)).map((s) => [s.id, s]));
  const chosen = ids.map((id, i) => {
    const service = found.get(id);
    if (!service) throw unprocessable(`${pointer}/${i}`, 'unknown_service', 'This service does not exist or is not offered online.');
    return service;
  });
  // An appointment lasts at most 24 hours (as every appointment: the calendar's reads rely on it).
  if (chosen.reduce((sum, s) => sum + s.durationMinutes, 0) > MAX_BOOKING_MINUTES) {
    throw unprocessable(pointer, 'too_long', 'Together, the chosen services last more than 24 hours; book fewer at once.');
  }
  return chosen;
}

const MAX_BOOKING_MINUTES = 24 * 60;
