import type { Customer, CustomerListItem, CustomerTag } from '../../generated/types.gen.ts';
import { iso, opt, type Row } from '../kit/rows.ts';

/** A customers row (with `tag_ids`, repository.TAG_IDS) as the API answers it. */
export function toCustomer(row: Row): Customer {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    name: row.name as string,
    ...opt('lastName', row.last_name),
    ...opt('phoneCountryCode', row.phone_country_code),
    ...opt('phoneNumber', row.phone_number),
    ...opt('email', row.email),
    ...opt('birthday', row.birthday),
    ...opt('address', row.address),
    ...opt('notes', row.notes),
    tagIds: (row.tag_ids as string[] | null) ?? [],
    marketingConsent: row.marketing_consent as boolean,
    ...(row.marketing_consent_at ? { marketingConsentAt: iso(row.marketing_consent_at) } : {}),
    ...opt('taxId', row.tax_id),
    ...opt('preferredReminderChannel', row.preferred_reminder_channel),
    ...opt('language', row.language),
    remindersEnabled: row.reminders_enabled as boolean,
    appointmentsCount: Number(row.appointments_count),
    noShowCount: Number(row.no_show_count),
    ...opt('lastVisitDate', row.last_visit_date),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  } as Customer;
}

export function toCustomerListItem(row: Row): CustomerListItem {
  return {
    id: row.id as string,
    name: row.name as string,
    ...opt('lastName', row.last_name as string | null),
    ...opt('phoneCountryCode', row.phone_country_code as string | null),
    ...opt('phoneNumber', row.phone_number as string | null),
    ...opt('email', row.email as string | null),
    tagIds: (row.tag_ids as string[] | null) ?? [],
  };
}

/** A customer_tags row (with `customer_count`, repository.TAG_COLUMNS) as the API answers it. */
export function toCustomerTag(row: Row): CustomerTag {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    name: row.name as string,
    color: row.color as string,
    ...(row.description === null || row.description === undefined ? {} : { description: row.description as string }),
    customerCount: Number(row.customer_count ?? 0),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
