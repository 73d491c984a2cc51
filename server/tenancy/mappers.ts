import { defaultRemindersOf, onlineBookingOf } from '../booking/business.ts';
import type { AdminTenant, Invitation, TeamMember, Tenant, User } from '../../generated/types.gen.ts';
import { iso, opt, utcParts, type Row } from '../kit/rows.ts';

// Database rows → contract objects. Optional fields are left out when the column is NULL.


export function toUser(row: Row): User {
  return {
    id: row.id as string,
    email: row.email as string,
    status: row.status as User['status'],
    locale: row.locale as User['locale'],
    ...opt('name', row.name as string | null),
    ...opt('lastName', row.last_name as string | null),
    ...opt('phoneCountryCode', row.phone_country_code as string | null),
    ...opt('phoneNumber', row.phone_number as string | null),
    ...opt('avatarUrl', row.avatar_url as string | null),
    ...(row.avatar_asset_id ? { avatarAsset: { id: row.avatar_asset_id as string, tenantId: row.avatar_tenant_id as string } } : {}),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toTenant(row: Row): Tenant {
  return {
    id: row.id as string,
    status: row.status as Tenant['status'],
    businessName: row.business_name as string,
    email: row.email as string,
    ownerUserId: row.owner_user_id as string,
    ...opt('category', row.category as string | null),
    ...opt('description', row.description as string | null),
    ...opt('phoneCountryCode', row.phone_country_code as string | null),
    ...opt('phoneNumber', row.phone_number as string | null),
    ...opt('website', row.website as string | null),
    ...opt('address', row.address as Tenant['address'] | null),
    ...opt('taxId', row.tax_id as string | null),
    currency: { currencyCode: row.currency_code as string },
    currencySymbol: row.currency_symbol as string,
    taxPercentage: Number(row.tax_percentage),
    ...opt('country', row.country as string | null | undefined),
    ...opt('taxName', row.tax_name as string | null | undefined),
    ...(row.prices_include_tax === undefined || row.prices_include_tax === null ? {} : { pricesIncludeTax: Boolean(row.prices_include_tax) }),
    services: (row.services as string[] | null) ?? [],
    ...opt('opening_hours', row.opening_hours as Tenant['opening_hours'] | null),
    timeZone: row.time_zone as string,
    locale: row.locale as Tenant['locale'],
    ...opt('workMode', row.work_mode as Tenant['workMode'] | null),
    ...opt('membersSeeTeamCalendars', row.members_see_team_calendars as boolean | null | undefined),
    ...opt('membersSeeTeamFigures', row.members_see_team_figures as boolean | null | undefined),
    ...opt('notifyTeamByEmail', row.notify_team_by_email as boolean | null | undefined),
    ...opt('cancellationCutoffMinutes', row.cancellation_cutoff_minutes === undefined ? undefined : Number(row.cancellation_cutoff_minutes)),
    ...(row.default_reminders === undefined ? {} : { defaultReminders: defaultRemindersOf(row) }),
    ...(row.booking_enabled === undefined ? {} : { onlineBooking: onlineBookingOf(row) }),
    ...opt('logoUrl', row.logo_url as string | null),
    ...opt('coverUrl', row.cover_url as string | null),
    ...opt('logoAssetId', row.logo_asset_id as string | null),
    ...opt('coverAssetId', row.cover_asset_id as string | null),
    ...opt('licenseActiveUntil', utcParts(row.license_active_until)),
    licenseStatus: row.license_status as Tenant['licenseStatus'],
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toTeamMember(row: Row): TeamMember {
  return {
    tenantId: row.tenant_id as string,
    userId: row.user_id as string,
    email: row.email as string,
    ...opt('name', row.name as string | null),
    ...opt('lastName', row.last_name as string | null),
    ...opt('avatarUrl', row.avatar_url as string | null),
    role: row.role as TeamMember['role'],
    status: row.status as TeamMember['status'],
    joinedAt: iso(row.joined_at),
    ...opt('color', row.color as string | null | undefined),
    bookableOnline: row.bookable_online !== false,
    version: Number(row.version ?? 1),
  };
}

export function toInvitation(row: Row): Invitation {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    email: row.email as string,
    role: row.role as Invitation['role'],
    // A pending invitation past its expiry is shown as expired (the row is never rewritten for it).
    status: (row.status === 'INVITATION_STATUS_PENDING' && new Date(row.expires_at as string | Date).getTime() <= Date.now()
      ? 'INVITATION_STATUS_EXPIRED'
      : row.status) as Invitation['status'],
    invitedByUserId: row.invited_by_user_id as string,
    expiresAt: iso(row.expires_at),
    ...opt('acceptedAt', row.accepted_at ? iso(row.accepted_at) : null),
    ...opt('acceptedByUserId', row.accepted_by_user_id as string | null),
    ...opt('language', row.language as Invitation['language'] | null | undefined),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toAdminTenant(row: Row): AdminTenant {
  return {
    id: row.id as string,
    businessName: row.business_name as string,
    email: row.email as string,
    status: row.status as AdminTenant['status'],
    ...opt('category', row.category as string | null),
    ownerUserId: row.owner_user_id as string,
    ownerEmail: row.owner_email as string,
    memberCount: Number(row.member_count),
    licenseStatus: row.license_status as AdminTenant['licenseStatus'],
    ...opt('licenseActiveUntil', utcParts(row.license_active_until)),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
