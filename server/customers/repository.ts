import type { CustomerInput, CustomerListItem, CustomerSort } from '../../generated/types.gen.ts';
import { MAX_CUSTOMER_TAGS } from '../../common/limits.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound, unprocessable } from '../problem.ts';
import type { Row } from '../kit/rows.ts';
import { updateVersioned } from '../kit/write-rules.ts';
import { toCustomerListItem } from './mappers.ts';
import { tagColorFor, type ImportedCustomer } from './rules.ts';

/**
 * All SQL of the customers domain (customers, their tags and tag links): functions taking a
 * Queryable first, inside the caller's tenant transaction. No HTTP, no authorization.
 */

// ---------------------------------------------------------------------------------------------
// Customers

/** The customer's tag ids, as a column `tag_ids` (text[]). */
const TAG_IDS = `ARRAY(SELECT l.tag_id::text FROM customer_tag_links l
                  WHERE l.tenant_id = c.tenant_id AND l.customer_id = c.id ORDER BY l.tag_id) AS tag_ids`;

const ORDER: Record<Exclude<CustomerSort, 'relevance'>, string> = {
  name: 'cita_fold(c.name), c.id',
  '-name': 'cita_fold(c.name) DESC, c.id DESC',
  lastName: 'c.sort_name, c.id',
  '-lastName': 'c.sort_name DESC, c.id DESC',
  createdAt: 'c.created_at, c.id',
  '-createdAt': 'c.created_at DESC, c.id DESC',
};

export interface ListFilter {
  terms: string[];
  tagId?: string;
}

/** The columns of a list item but its tags, as customer_search returns them too. */
const ITEM_COLUMNS = 'c.id, c.name, c.last_name, c.phone_country_code, c.phone_number, c.email';

/** The item's tag ids (text[]) for a page row `p` of tenant $1. */
const PAGE_TAG_IDS = `ARRAY(SELECT l.tag_id::text FROM customer_tag_links l
                  WHERE l.tenant_id = $1 AND l.customer_id = p.id ORDER BY l.tag_id) AS tag_ids`;

/**
 * The rows a list reads, as `c`, and its parameters ($1 is the tenant). A search runs
 * customer_search once, as the CTE `hits` (its rows carry the list's columns), which both the page
 * and its total read; else the business's customers.
 */
function where(tenantId: string, filter: ListFilter): { with: string; from: string; sql: string; params: unknown[]; searching: boolean } {
  const params: unknown[] = [tenantId];
  let sql = 'c.tenant_id = $1';
  let prefix = '';
  let from = 'customers c';
  if (filter.terms.length > 0) {
    params.push(filter.terms);
    prefix = `hits AS MATERIALIZED (SELECT * FROM customer_search($${params.length}::text[])), `;
    from = 'hits c';
    sql = 'true';
  }
  if (filter.tagId) {
    params.push(filter.tagId);
    sql += ` AND EXISTS (SELECT 1 FROM customer_tag_links l WHERE l.tenant_id = $1 AND l.customer_id = c.id AND l.tag_id = $${params.length})`;
  }
  return { with: prefix, from, sql, params, searching: filter.terms.length > 0 };
}

/**
 * Hits beyond this many are ordered without trigram similarity (a one- or two-letter search matches
 * most of a business: ranking thousands of rows by similarity costs more than it tells).
 */
const RANKED_HITS = 500;

/**
 * The order of a search's hits, best first: a name, last name or phone starting with the first word,
 * then trigram similarity to the whole pattern (when there are at most RANKED_HITS hits), then the
 * list's order. The folded name and last name are the stored columns' beginnings (`search` starts
 * with the name, `sort_name` with the last name; the word has no space): folding each hit again cost
 * more than the search itself on PGlite. Adds its two parameters to `params`; `n` is the statement's
 * count of hits (page()).
 */
function relevance(params: unknown[], terms: string[]): string {
  params.push(terms.join(' '), terms[0]);
  const [whole, first] = [`$${params.length - 1}`, `$${params.length}`];
  return `CASE WHEN starts_with(c.search, cita_fold(${first})) OR starts_with(c.sort_name, cita_fold(${first}))
                 OR starts_with(c.phone_digits, ${first}) THEN 0 ELSE 1 END,
          CASE WHEN (SELECT total FROM n) <= ${RANKED_HITS} THEN similarity(c.search, cita_fold(${whole})) END DESC NULLS LAST,
          c.sort_name, c.id`;
}

/**
 * One page of the list (or of a search's hits) and the total, in one statement. The page is chosen
 * on the ids alone (for a plain list an index-only scan when the table is vacuumed), then only its
 * rows are read in full and get their tags: a deep page no longer builds the tag arrays of every row
 * it skips. row_number() over the ordered, limited ids keeps their order; the LEFT JOIN answers the
 * total when the page is empty.
 */
export async function customerPage(
  tx: Queryable,
  tenantId: string,
  filter: ListFilter,
  sort: CustomerSort,
  limit: number,
  offset: number,
): Promise<{ items: CustomerListItem[]; total: number }> {
  const { with: prefix, from, sql, params, searching } = where(tenantId, filter);
  const order = sort !== 'relevance' ? ORDER[sort] : searching ? relevance(params, filter.terms) : ORDER.lastName;
  const [limitParam, offsetParam] = [`$${params.length + 1}`, `$${params.length + 2}`];
  // A search's hits carry the item's columns already; a plain list picks the ids, then reads the page's rows.
  const [picked, item, join] = searching
    ? [ITEM_COLUMNS, 'p.id, p.name, p.last_name, p.phone_country_code, p.phone_number, p.email', '']
    : ['c.id', 'p.id, c.name, c.last_name, c.phone_country_code, c.phone_number, c.email', ' LEFT JOIN customers c ON c.tenant_id = $1 AND c.id = p.id'];
  const pageRows = `SELECT p.*, row_number() OVER () AS rn FROM (SELECT ${picked} FROM ${from} WHERE ${sql} ORDER BY ${order} LIMIT ${limitParam} OFFSET ${offsetParam}) p`;
  const { rows } = await tx.query(
    `WITH ${prefix}n AS (SELECT count(*)::int AS total FROM ${from} WHERE ${sql}),
          page AS (${pageRows})
     SELECT n.total, ${item}, ${PAGE_TAG_IDS}
       FROM n LEFT JOIN page p ON true${join}
      ORDER BY p.rn`,
    [...params, limit, offset],
  );
  return { items: rows.filter((row) => row.id !== null).map(toCustomerListItem), total: Number(rows[0]!.total) };
}

/**
 * The customers to export (optionally those with a tag), by last name, each with its tag names
 * (`tag_names`), in keyset pages of 1000: the database never sorts or sends the whole table at once.
 */
export async function* exportRows(tx: Queryable, tenantId: string, tagId: string | undefined): AsyncGenerator<Row> {
  let after: { sortName: string; id: string } | undefined;
  for (;;) {
    const { sql, params } = where(tenantId, { terms: [], tagId });
    const keyset = after ? ` AND (c.sort_name, c.id) > ($${params.length + 1}, $${params.length + 2}::uuid)` : '';
    const { rows } = await tx.query(
      `SELECT c.*, ARRAY(SELECT t.name FROM customer_tag_links l JOIN customer_tags t ON t.tenant_id = l.tenant_id AND t.id = l.tag_id
                         WHERE l.tenant_id = c.tenant_id AND l.customer_id = c.id ORDER BY lower(t.name)) AS tag_names
         FROM customers c WHERE ${sql}${keyset} ORDER BY c.sort_name, c.id LIMIT 1000`,
      after ? [...params, after.sortName, after.id] : params,
    );
    yield* rows;
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!;
    after = { sortName: last.sort_name as string, id: last.id as string };
  }
}

/** The customer with its tag ids (`tag_ids`), or undefined. */
export async function loadCustomer(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  const { rows } = await tx.query(`SELECT c.*, ${TAG_IDS} FROM customers c WHERE c.tenant_id = $1 AND c.id = $2`, [tenantId, id]);
  return rows[0];
}

export async function customerExists(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return rows.length > 0;
}

/** The columns a create and an update write, in order after their own parameters. */
function inputValues(input: CustomerInput): unknown[] {
  return [
    input.name.trim(),
    input.lastName?.trim() || null,
    input.phoneNumber ? input.phoneCountryCode : null,
    input.phoneNumber || null,
    input.email?.trim() || null,
    input.birthday ?? null,
    input.address ? JSON.stringify(input.address) : null,
    input.notes?.trim() || null,
    input.marketingConsent ?? false,
    input.taxId?.trim().toUpperCase() || null,
    input.preferredReminderChannel ?? null,
    input.remindersEnabled ?? true,
    input.language ?? null,
  ];
}

/** Inserts a customer (consent stamped now when given); answers its id. */
export async function insertCustomer(tx: Queryable, tenantId: string, input: CustomerInput): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO customers (tenant_id, name, last_name, phone_country_code, phone_number, email, birthday, address, notes,
                            marketing_consent, marketing_consent_at, tax_id, preferred_reminder_channel, reminders_enabled, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 THEN now() END, $11, $12, $13, $14) RETURNING id`,
    [tenantId, ...inputValues(input)],
  );
  return rows[0]!.id;
}

/**
 * Updates the customer at `version` (404 when gone, 409 `stale_version` when changed meanwhile).
 * Consent keeps its date while kept, gets a new one when given again, loses it when withdrawn.
 */
export async function updateCustomer(tx: Queryable, tenantId: string, id: string, version: number, input: CustomerInput): Promise<void> {
  await updateVersioned(tx, 'customers', { tenantId, id }, () =>
    tx.query(
      `UPDATE customers
          SET name = $4, last_name = $5, phone_country_code = $6, phone_number = $7, email = $8, birthday = $9, address = $10,
              notes = $11, marketing_consent_at = CASE WHEN NOT $12 THEN NULL WHEN marketing_consent THEN marketing_consent_at ELSE now() END,
              marketing_consent = $12, tax_id = $13, preferred_reminder_channel = $14, reminders_enabled = $15,
              language = $16, version = version + 1
        WHERE tenant_id = $1 AND id = $2 AND version = $3
        RETURNING id`,
      [tenantId, id, version, ...inputValues(input)],
    ),
  );
}

/** Deletes the customer; false when there was none. */
export async function deleteCustomer(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM customers WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id]);
  return rows.length > 0;
}

/** 422 `unknown_tag` when a tag id is not one of the business's tags. */
export async function checkTags(tx: Queryable, tenantId: string, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM customer_tags WHERE tenant_id = $1 AND id IN (SELECT (jsonb_array_elements_text($2::jsonb))::uuid)`,
    [tenantId, JSON.stringify(tagIds)],
  );
  if (rows[0]!.n !== new Set(tagIds).size) throw unprocessable('/customer/tagIds', 'unknown_tag', 'A tag does not exist (any more); reload the tags.');
}

/** Replaces the customer's tags. */
export async function setTags(tx: Queryable, tenantId: string, customerId: string, tagIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM customer_tag_links WHERE tenant_id = $1 AND customer_id = $2', [tenantId, customerId]);
  if (tagIds.length === 0) return;
  await tx.query(
    `INSERT INTO customer_tag_links (tenant_id, customer_id, tag_id)
     SELECT DISTINCT $1::uuid, $2::uuid, (jsonb_array_elements_text($3::jsonb))::uuid`,
    [tenantId, customerId, JSON.stringify(tagIds)],
  );
}

/** Today in the business's time zone (YYYY-MM-DD), its locale, country and dial code, its name and e-mail; 404 when it is gone. */
export async function businessToday(
  tx: Queryable,
  tenantId: string,
): Promise<{ today: string; locale: string; country: string | null; dialCode: string | null; name: string; email: string }> {
  const { rows } = await tx.query<{ today: string; locale: string; country: string | null; phone_country_code: string | null; business_name: string; email: string }>(
    `SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today, locale, country, phone_country_code, business_name, email
       FROM tenants WHERE id = $1`,
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { today: row.today, locale: row.locale, country: row.country, dialCode: row.phone_country_code, name: row.business_name, email: row.email };
}

/** The customer's tags, by name, with their colours. */
export async function tagsOfCustomer(tx: Queryable, tenantId: string, customerId: string): Promise<Array<{ name: string; color: string }>> {
  const { rows } = await tx.query<{ name: string; color: string }>(
    `SELECT t.name, t.color FROM customer_tag_links l JOIN customer_tags t ON t.tenant_id = l.tenant_id AND t.id = l.tag_id
      WHERE l.tenant_id = $1 AND l.customer_id = $2 ORDER BY lower(t.name)`,
    [tenantId, customerId],
  );
  return rows;
}

/** The customer's service objects (rows for server/handlers/service-objects.ts's mapper), by name. */
export async function serviceObjectRowsOf(tx: Queryable, tenantId: string, customerId: string): Promise<Row[]> {
  const { rows } = await tx.query('SELECT s.* FROM service_objects s WHERE s.tenant_id = $1 AND s.customer_id = $2 ORDER BY cita_fold(s.name), s.id', [tenantId, customerId]);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Import

/** One chunk of an import: its customers and their tag links (a row already there, from an interrupted try with the key, is skipped). */
export async function insertImported(tx: Queryable, tenantId: string, records: ReadonlyArray<ImportedCustomer & { id: string }>, tagIds: ReadonlyMap<string, string>): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO customers (tenant_id, id, name, last_name, phone_country_code, phone_number, email, birthday, tax_id,
                            marketing_consent, marketing_consent_at, notes)
     SELECT $1, r.id, r.name, r."lastName", r."phoneCountryCode", r."phoneNumber", r.email, r.birthday, r."taxId",
            r."marketingConsent", CASE WHEN r."marketingConsent" THEN now() END, r.notes
       FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, name text, "lastName" text, "phoneCountryCode" text, "phoneNumber" text,
                                               email text, birthday date, "taxId" text, "marketingConsent" boolean, notes text)
     ON CONFLICT (tenant_id, id) DO NOTHING
     RETURNING id`,
    [tenantId, JSON.stringify(records, (key, value: unknown) => (key === 'tags' ? undefined : value))],
  );
  const inserted = new Set(rows.map((row) => row.id));
  const links = records
    .filter((record) => inserted.has(record.id))
    .flatMap((record) => record.tags.map((name) => ({ c: record.id, t: tagIds.get(name.toLowerCase())! })));
  if (links.length === 0) return;
  await tx.query(
    `INSERT INTO customer_tag_links (tenant_id, customer_id, tag_id)
     SELECT DISTINCT $1::uuid, r.c, r.t FROM jsonb_to_recordset($2::jsonb) AS r(c uuid, t uuid)`,
    [tenantId, JSON.stringify(links)],
  );
}

/** Deletes these customers (an import undoing its chunks). */
export async function deleteCustomersById(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM customers WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, ids]);
}

// ---------------------------------------------------------------------------------------------
// Tags

/** A tag with how many customers carry it (`customer_count`). */
export const TAG_COLUMNS = `t.*, (SELECT count(*)::int FROM customer_tag_links l WHERE l.tenant_id = t.tenant_id AND l.tag_id = t.id) AS customer_count`;
const SELECT_TAG = `SELECT ${TAG_COLUMNS} FROM customer_tags t`;

/** The business's tags' ids and names. */
export async function tagNames(tx: Queryable, tenantId: string): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await tx.query<{ id: string; name: string }>('SELECT id, name FROM customer_tags WHERE tenant_id = $1', [tenantId]);
  return rows;
}

/** The tag (with `customer_count`), or undefined. */
export async function loadTag(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  return (await tx.query(`${SELECT_TAG} WHERE t.tenant_id = $1 AND t.id = $2`, [tenantId, id])).rows[0];
}

export async function tagExists(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM customer_tags WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return rows.length > 0;
}

/** The next colour of the palette, by how many tags the business has. */
export async function pickTagColor(tx: Queryable, tenantId: string): Promise<string> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_tags WHERE tenant_id = $1', [tenantId]);
  return tagColorFor(rows[0]!.n);
}

/**
 * 422 `too_many_tags` when adding `adding` tags would take the business past MAX_CUSTOMER_TAGS. A
 * transaction-scoped advisory lock per business comes first, so that two concurrent creates cannot
 * both count 199.
 */
export async function assertTagRoom(tx: Queryable, tenantId: string, adding: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`customer-tags:${tenantId}`]);
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_tags WHERE tenant_id = $1', [tenantId]);
  if (rows[0]!.n + adding > MAX_CUSTOMER_TAGS) {
    throw new HttpProblem(422, `A business can have at most ${MAX_CUSTOMER_TAGS} customer tags; delete one before adding another.`, 'too_many_tags');
  }
}

/** Inserts a tag (colour from the palette when none is given); answers its id. */
export async function insertTag(tx: Queryable, tenantId: string, tag: { name: string; color?: string; description?: string | null }): Promise<string> {
  const color = tag.color ?? (await pickTagColor(tx, tenantId));
  const { rows } = await tx.query<{ id: string }>('INSERT INTO customer_tags (tenant_id, name, color, description) VALUES ($1, $2, $3, $4) RETURNING id', [
    tenantId,
    tag.name,
    color.toLowerCase(),
    tag.description ?? null,
  ]);
  return rows[0]!.id;
}

/** Updates the tag at `version` (404 when gone, 409 `stale_version` when changed meanwhile); no colour keeps it. */
export async function updateTag(tx: Queryable, tenantId: string, id: string, version: number, tag: { name: string; color?: string; description: string | null }): Promise<void> {
  await updateVersioned(tx, 'customer_tags', { tenantId, id }, () =>
    tx.query(
      `UPDATE customer_tags SET name = $4, color = coalesce($5, color), description = $6, version = version + 1
        WHERE tenant_id = $1 AND id = $2 AND version = $3 RETURNING id`,
      [tenantId, id, version, tag.name, tag.color?.toLowerCase() ?? null, tag.description],
    ),
  );
}

/** Deletes the tag; its links go with it (ON DELETE CASCADE). False when there was none. */
export async function deleteTag(tx: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM customer_tags WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id]);
  return rows.length > 0;
}

/** Deletes those of these tags that no customer carries (an import undoing the tags it created). */
export async function deleteUnusedTags(tx: Queryable, tenantId: string, ids: readonly string[]): Promise<void> {
  await tx.query(
    `DELETE FROM customer_tags t WHERE t.tenant_id = $1 AND t.id = ANY($2::uuid[])
        AND NOT EXISTS (SELECT 1 FROM customer_tag_links l WHERE l.tenant_id = t.tenant_id AND l.tag_id = t.id)`,
    [tenantId, ids],
  );
}
