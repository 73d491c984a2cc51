import { createHash, randomUUID } from 'node:crypto';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { Customer, CustomerImportResult, CustomerInput, CustomerListItem, CustomerSort } from '../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.ts';
import { conflict, HttpProblem, notFound, unprocessable } from '../problem.ts';
import { authorize, can } from '../tenancy/roles.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { EXPORT_COLUMNS, IMPORT_CHUNK, nextChunkSize, planImport, type ImportContext, type ImportedCustomer, type ImportPlan } from './customers-csv.ts';
import { csvLine } from '../kit/csv.ts';
import { visibleAppointmentsOfCustomer } from '../customers/visible-appointments.ts';
import { toServiceObject } from './service-objects.ts';
import { assertTagRoom, pickTagColor } from './customer-tags.ts';
import { iso, opt } from '../kit/rows.ts';
import { claimLongWriteKey, forgetKey, idempotencyKeyOf, idempotent, rememberResponse, updateVersioned } from '../kit/write-rules.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'listCustomers'
  | 'searchCustomers'
  | 'createCustomer'
  | 'getCustomer'
  | 'updateCustomer'
  | 'deleteCustomer'
  | 'exportCustomers'
  | 'importCustomers'
  | 'exportCustomerData'
>;

type Row = Record<string, unknown>;


/** The customer's tag ids, as a column `tag_ids` (text[]). */
const TAG_IDS = `ARRAY(SELECT l.tag_id::text FROM customer_tag_links l
                  WHERE l.tenant_id = c.tenant_id AND l.customer_id = c.id ORDER BY l.tag_id) AS tag_ids`;

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


const ORDER: Record<Exclude<CustomerSort, 'relevance'>, string> = {
  name: 'cita_fold(c.name), c.id',
  '-name': 'cita_fold(c.name) DESC, c.id DESC',
  lastName: 'c.sort_name, c.id',
  '-lastName': 'c.sort_name DESC, c.id DESC',
  createdAt: 'c.created_at, c.id',
  '-createdAt': 'c.created_at DESC, c.id DESC',
};

/**
 * The words of a search: each must occur in the folded search text (name, last name, e-mail, phone
 * digits). A pattern made of phone characters only ("+34 612-34") is one term of its digits.
 */
export function searchTerms(pattern: string | undefined): string[] {
  const text = (pattern ?? '').trim();
  if (!text) return [];
  if (/^[\d\s()+\-./]+$/.test(text) && /\d/.test(text)) return [text.replace(/\D/g, '')];
  return text.split(/\s+/).filter(Boolean).slice(0, 8);
}

interface ListFilter {
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

async function loadCustomer(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  const { rows } = await tx.query(`SELECT c.*, ${TAG_IDS} FROM customers c WHERE c.tenant_id = $1 AND c.id = $2`, [tenantId, id]);
  return rows[0];
}

/** The schema cannot say these: 422 naming the field. */
function checkInput(input: CustomerInput, today: string): void {
  if (!input.name.trim()) throw unprocessable('/customer/name', 'blank', 'Enter a name.');
  if (input.phoneNumber && !input.phoneCountryCode) {
    throw unprocessable('/customer/phoneCountryCode', 'country_code_required', 'Choose the country of the phone number.');
  }
  if (input.birthday && (input.birthday > today || input.birthday < '1900-01-01')) {
    throw unprocessable('/customer/birthday', 'out_of_range', 'The birthday cannot be in the future.');
  }
}

async function checkTags(tx: Queryable, tenantId: string, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM customer_tags WHERE tenant_id = $1 AND id IN (SELECT (jsonb_array_elements_text($2::jsonb))::uuid)`,
    [tenantId, JSON.stringify(tagIds)],
  );
  if (rows[0]!.n !== new Set(tagIds).size) throw unprocessable('/customer/tagIds', 'unknown_tag', 'A tag does not exist (any more); reload the tags.');
}

async function setTags(tx: Queryable, tenantId: string, customerId: string, tagIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM customer_tag_links WHERE tenant_id = $1 AND customer_id = $2', [tenantId, customerId]);
  if (tagIds.length === 0) return;
  await tx.query(
    `INSERT INTO customer_tag_links (tenant_id, customer_id, tag_id)
     SELECT DISTINCT $1::uuid, $2::uuid, (jsonb_array_elements_text($3::jsonb))::uuid`,
    [tenantId, customerId, JSON.stringify(tagIds)],
  );
}

/** Today in the business's time zone, YYYY-MM-DD. */
async function businessToday(tx: Queryable, tenantId: string): Promise<{ today: string; locale: string; dialCode: string | null; name: string; email: string }> {
  const { rows } = await tx.query<{ today: string; locale: string; phone_country_code: string | null; business_name: string; email: string }>(
    `SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today, locale, phone_country_code, business_name, email
       FROM tenants WHERE id = $1`,
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { today: row.today, locale: row.locale, dialCode: row.phone_country_code, name: row.business_name, email: row.email };
}


function importContext(business: { today: string; locale: string; dialCode: string | null }): ImportContext {
  return { locale: business.locale, defaultDialCode: business.dialCode ?? (business.locale === 'es-ES' ? '+34' : '+1'), today: business.today };
}

/** The response of a finished import with this key (and this body), else undefined. */
async function storedImport(tx: Queryable, tenantId: string, key: string, body: unknown): Promise<CustomerImportResult | undefined> {
  const { rows } = await tx.query<{ response_status: number | null }>('SELECT response_status FROM idempotency_keys WHERE tenant_id = $1 AND key = $2', [tenantId, key]);
  if (rows[0]?.response_status === null || rows[0] === undefined) return undefined;
  const claim = await claimLongWriteKey<CustomerImportResult>(tx, tenantId, key, 'importCustomers', body);
  return claim.replay?.body;
}

/** Waits for the next turn of the event loop: requests that arrived meanwhile get the database first. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes a checked import in short transactions, so that one import never holds the database
 * (PGlite has one connection) for more than a chunk: the key and the new tags, then
 * customers per transaction in chunks sized to take about IMPORT_CHUNK.targetMs each (nextChunkSize), then the remembered response.
 * All or nothing: a chunk that fails undoes the chunks written before it (by their ids) and the tags
 * this import created. With an Idempotency-Key the ids derive from (tenant, key, row), so a retry
 * after a crash half-way resumes: rows already written are skipped, the rest written.
 */
async function writeImport(db: Database, tenantId: string, key: string | undefined, requestBody: unknown, plan: ImportPlan): Promise<CustomerImportResult> {
  const start = await db.withTenant(tenantId, async (tx) => {
    if (key) {
      const claim = await claimLongWriteKey<CustomerImportResult>(tx, tenantId, key, 'importCustomers', requestBody);
      if (claim.replay) return { replay: claim.replay.body };
    }
    const tagIds = new Map(plan.existingTags);
    const createdTagIds: string[] = [];
    if (plan.createdTags.length > 0) {
      await assertTagRoom(tx, tenantId, plan.createdTags.length);
      for (const name of plan.createdTags) {
        const color = await pickTagColor(tx, tenantId);
        const { rows } = await tx.query<{ id: string }>('INSERT INTO customer_tags (tenant_id, name, color) VALUES ($1, $2, $3) RETURNING id', [tenantId, name, color]);
        tagIds.set(name.toLowerCase(), rows[0]!.id);
        createdTagIds.push(rows[0]!.id);
      }
    }
    return { tagIds, createdTagIds };
  });
  if (start.replay) return start.replay;
  const { tagIds, createdTagIds } = start;
  const records = plan.customers.map((customer, index) => ({ id: key ? importRowId(tenantId, key, index) : randomUUID(), ...customer }));
  const body: CustomerImportResult = { dryRun: false, imported: records.length, createdTags: plan.createdTags };
  let written = 0;
  try {
    for (let from = 0, size: number = IMPORT_CHUNK.first; from < records.length; ) {
      const chunk = records.slice(from, from + size);
      const took = await db.withTenant(tenantId, async (tx) => {
        const started = performance.now();
        await insertImported(tx, tenantId, chunk, tagIds);
        return performance.now() - started;
      });
      written = from += chunk.length;
      size = nextChunkSize(size, took);
      await yieldToOthers();
    }
    if (key) await db.withTenant(tenantId, (tx) => rememberResponse(tx, tenantId, key, { status: 200, body }));
    return body;
  } catch (error) {
    // Undo what this import wrote, in chunks too; if that fails as well, a retry with the key resumes.
    const ids = records.slice(0, written).map((record) => record.id);
    try {
      for (let from = 0; from < ids.length; from += IMPORT_CHUNK.first) {
        await db.withTenant(tenantId, (tx) => tx.query('DELETE FROM customers WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [tenantId, ids.slice(from, from + IMPORT_CHUNK.first)]));
        await yieldToOthers();
      }
      await db.withTenant(tenantId, async (tx) => {
        await tx.query(
          `DELETE FROM customer_tags t WHERE t.tenant_id = $1 AND t.id = ANY($2::uuid[])
              AND NOT EXISTS (SELECT 1 FROM customer_tag_links l WHERE l.tenant_id = t.tenant_id AND l.tag_id = t.id)`,
          [tenantId, createdTagIds],
        );
        if (key) await forgetKey(tx, tenantId, key);
      });
    } catch {
      // The import's own error is the one to answer.
    }
    throw error;
  }
}

/** A customer id derived from (tenant, Idempotency-Key, row): the same row of a retried import gets the same id. */
function importRowId(tenantId: string, key: string, index: number): string {
  const hex = createHash('sha256').update(`${tenantId}\n${key}\n${index}`).digest('hex');
  // An RFC 9562 version 8 (custom) UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One chunk of an import: its customers and their tag links (a row already there, from an interrupted try with the key, is skipped). */
async function insertImported(tx: Queryable, tenantId: string, records: ReadonlyArray<ImportedCustomer & { id: string }>, tagIds: ReadonlyMap<string, string>): Promise<void> {
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

export function customerHandlers(deps: HandlerDeps): Handlers {
  const { db } = deps;
  async function page(tenantId: string, filter: ListFilter, sort: CustomerSort, limit: number, offset: number) {
    return db.withTenant(tenantId, async (tx) => {
      const { with: prefix, from, sql, params, searching } = where(tenantId, filter);
      const order = sort !== 'relevance' ? ORDER[sort] : searching ? relevance(params, filter.terms) : ORDER.lastName;
      const [limitParam, offsetParam] = [`$${params.length + 1}`, `$${params.length + 2}`];
      // One statement: the total, and the page. The page is chosen on the ids alone (for a plain list
      // an index-only scan when the table is vacuumed), then only its rows are read in full and get
      // their tags: a deep page no longer builds the tag arrays of every row it skips. row_number()
      // over the ordered, limited ids keeps their order; the LEFT JOIN answers the total when the page
      // is empty.
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
    });
  }

  return {
    async listCustomers(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'customers', 'read');
      const { limit = 50, offset = 0, q, tagId, sort = 'lastName' } = request.query ?? {};
      const result = await page(tenantId, { terms: searchTerms(q), tagId }, sort, limit, offset);
      return reply.code(200).send(result);
    },

    async searchCustomers(request, reply) {
      const { tenantId, pattern } = request.params;
      await authorize(db, request, tenantId, 'customers', 'read');
      const { limit = 50, offset = 0 } = request.query ?? {};
      const terms = searchTerms(pattern);
      if (terms.length === 0) return reply.code(200).send({ items: [], total: 0 });
      const result = await page(tenantId, { terms }, 'relevance', limit, offset);
      return reply.code(200).send(result);
    },

    async createCustomer(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'customers', 'write');
      const input = request.body.customer;
      const stored = await db.withTenant(tenantId, async (tx) => {
        const { today } = await businessToday(tx, tenantId);
        checkInput(input, today);
        return idempotent(tx, tenantId, idempotencyKeyOf(request), 'createCustomer', request.body, async () => {
          const tagIds = input.tagIds ?? [];
          await checkTags(tx, tenantId, tagIds);
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO customers (tenant_id, name, last_name, phone_country_code, phone_number, email, birthday, address, notes,
                                    marketing_consent, marketing_consent_at, tax_id, preferred_reminder_channel, reminders_enabled, language)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 THEN now() END, $11, $12, $13, $14) RETURNING id`,
            [
              tenantId,
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
            ],
          );
          const id = rows[0]!.id;
          await setTags(tx, tenantId, id, tagIds);
          return { status: 201, body: { customer: toCustomer((await loadCustomer(tx, tenantId, id))!) } };
        });
      });
      return reply.code(201).send(stored.body);
    },

    async getCustomer(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customers', 'read');
      const row = await db.withTenant(tenantId, (tx) => loadCustomer(tx, tenantId, id));
      if (!row) throw notFound('No customer has this id.');
      return reply.code(200).send({ customer: toCustomer(row) });
    },

    async updateCustomer(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customers', 'write');
      const input = request.body.customer;
      const row = await db.withTenant(tenantId, async (tx) => {
        const { today } = await businessToday(tx, tenantId);
        checkInput(input, today);
        const current = await tx.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        if (current.rows.length === 0) throw notFound('No customer has this id.');
        const tagIds = input.tagIds ?? [];
        await checkTags(tx, tenantId, tagIds);
        await updateVersioned(tx, 'customers', { tenantId, id }, () =>
          tx.query(
            `UPDATE customers
                SET name = $4, last_name = $5, phone_country_code = $6, phone_number = $7, email = $8, birthday = $9, address = $10,
                    notes = $11, marketing_consent_at = CASE WHEN NOT $12 THEN NULL WHEN marketing_consent THEN marketing_consent_at ELSE now() END,
                    marketing_consent = $12, tax_id = $13, preferred_reminder_channel = $14, reminders_enabled = $15,
                    language = $16, version = version + 1
              WHERE tenant_id = $1 AND id = $2 AND version = $3
              RETURNING id`,
            [
              tenantId,
              id,
              input.version,
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
            ],
          ),
        );
        await setTags(tx, tenantId, id, tagIds);
        return (await loadCustomer(tx, tenantId, id))!;
      });
      return reply.code(200).send({ customer: toCustomer(row) });
    },

    async deleteCustomer(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customers', 'delete');
      try {
        const deleted = await db.withTenant(tenantId, (tx) => tx.query('DELETE FROM customers WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id]));
        if (deleted.rows.length === 0) throw notFound('No customer has this id.');
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('This customer still has appointments or sales that need them.', 'customer_in_use');
        throw error;
      }
      return reply.code(204).send();
    },

    async exportCustomers(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'customers', 'read');
      const { tagId } = request.query ?? {};
      const { csv, count, today } = await db.withTenant(tenantId, async (tx) => {
        const { today: day } = await businessToday(tx, tenantId);
        const chunks: string[] = [csvLine([...EXPORT_COLUMNS])];
        let n = 0;
        // Keyset pages of 1000: the database never sorts or sends the whole table at once.
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
          for (const row of rows) {
            chunks.push(
              csvLine([
                row.name as string,
                row.last_name as string | null,
                row.phone_country_code as string | null,
                row.phone_number as string | null,
                row.email as string | null,
                row.birthday as string | null,
                row.tax_id as string | null,
                row.marketing_consent as boolean,
                row.marketing_consent_at ? iso(row.marketing_consent_at) : null,
                ((row.tag_names as string[] | null) ?? []).join('; '),
                row.notes as string | null,
                iso(row.created_at),
              ]),
            );
          }
          n += rows.length;
          if (rows.length < 1000) break;
          const last = rows[rows.length - 1]!;
          after = { sortName: last.sort_name as string, id: last.id as string };
        }
        return { csv: chunks.join(''), count: n, today: day };
      });
      return reply.code(200).send({ fileName: `customers-${today}.csv`, mediaType: 'text/csv', count, csv });
    },

    async importCustomers(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'customers', 'write');
      const mayCreateTags = can(role, 'customerTags', 'write');
      const { rows: input, dryRun = false } = request.body;
      const key = dryRun ? undefined : idempotencyKeyOf(request);
      try {
        // 1. One short read: a finished request with this key, the business's clock and its tags.
        const known = await db.withTenant(tenantId, async (tx) => ({
          replay: key ? await storedImport(tx, tenantId, key, request.body) : undefined,
          business: await businessToday(tx, tenantId),
          tags: (await tx.query<{ id: string; name: string }>('SELECT id, name FROM customer_tags WHERE tenant_id = $1', [tenantId])).rows,
        }));
        if (known.replay) return reply.code(200).send(known.replay);
        // 2. Every cell, outside any transaction: one failing row and nothing is written.
        const plan = planImport(input, importContext(known.business), known.tags, mayCreateTags);
        if (plan.errors.length > 0) {
          const rowsWithErrors = new Set(plan.errors.map((error) => error.field.split('/')[2])).size;
          throw new HttpProblem(422, `${rowsWithErrors} of ${input.length} rows have errors; nothing was imported.`, 'import_invalid', plan.errors.slice(0, 1000));
        }
        if (dryRun) {
          if (plan.createdTags.length > 0) await db.withTenant(tenantId, (tx) => assertTagRoom(tx, tenantId, plan.createdTags.length));
          return reply.code(200).send({ dryRun: true, imported: 0, createdTags: plan.createdTags });
        }
        // 3. Writes, each transaction short (see writeImport).
        const body = await writeImport(db, tenantId, key, request.body, plan);
        return reply.code(200).send(body);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpProblem(409, 'A tag was created at the same time; import again.', 'conflict');
        throw error;
      }
    },

    async exportCustomerData(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customers', 'read');
      const result = await db.withTenant(tenantId, async (tx) => {
        const row = await loadCustomer(tx, tenantId, id);
        if (!row) throw notFound('No customer has this id.');
        const business = await businessToday(tx, tenantId);
        const { rows: tags } = await tx.query<{ name: string; color: string }>(
          `SELECT t.name, t.color FROM customer_tag_links l JOIN customer_tags t ON t.tenant_id = l.tenant_id AND t.id = l.tag_id
            WHERE l.tenant_id = $1 AND l.customer_id = $2 ORDER BY lower(t.name)`,
          [tenantId, id],
        );
        return {
          exportedAt: new Date().toISOString(),
          business: { id: tenantId, name: business.name, email: business.email },
          customer: toCustomer(row),
          tags,
          serviceObjects: (await tx.query('SELECT s.* FROM service_objects s WHERE s.tenant_id = $1 AND s.customer_id = $2 ORDER BY cita_fold(s.name), s.id', [tenantId, id])).rows.map(toServiceObject),
        };
      });
      // What the calendar shows the caller, in the API's shape (after the transaction: it opens its own).
      const appointments = await visibleAppointmentsOfCustomer(deps, request, tenantId, id);
      return reply.code(200).send({ ...result, appointments });
    },
  };
}
