import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { CustomerSort } from '../../../generated/types.gen.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { visibleAppointmentsOfCustomer } from '../../appointments/visibility.ts';
import { toServiceObject } from '../../service-objects/mappers.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { csvLine } from '../../kit/csv.ts';
import { iso } from '../../kit/rows.ts';
import { idempotencyKeyOf, idempotent } from '../../kit/write-rules.ts';
import { conflict, notFound } from '../../problem.ts';
import { sessionOf } from '../../kit/context.ts';
import { authorize } from '../../tenancy/roles.ts';
import { reminderChannels } from '../../notifications/phone.ts';
import { toCustomer } from '../mappers.ts';
import {
  businessToday,
  checkTags,
  customerExists,
  customerPage,
  deleteCustomer,
  exportRows,
  insertCustomer,
  loadCustomer,
  serviceObjectRowsOf,
  setTags,
  tagsOfCustomer,
  updateCustomer,
  type ListFilter,
} from '../repository.ts';
import { checkInput, EXPORT_COLUMNS, searchTerms } from '../rules.ts';

type Handlers = Pick<
  RouteHandlers,
  'listCustomers' | 'searchCustomers' | 'createCustomer' | 'getCustomer' | 'updateCustomer' | 'deleteCustomer' | 'exportCustomers' | 'exportCustomerData'
>;

export function customerHandlers(deps: HandlerDeps): Handlers {
  const { db } = deps;
  const page = (tenantId: string, filter: ListFilter, sort: CustomerSort, limit: number, offset: number) =>
    db.withTenant(tenantId, (tx) => customerPage(tx, tenantId, filter, sort, limit, offset));

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
          const id = await insertCustomer(tx, tenantId, input);
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
        if (!(await customerExists(tx, tenantId, id))) throw notFound('No customer has this id.');
        const tagIds = input.tagIds ?? [];
        await checkTags(tx, tenantId, tagIds);
        await updateCustomer(tx, tenantId, id, input.version, input);
        await setTags(tx, tenantId, id, tagIds);
        return (await loadCustomer(tx, tenantId, id))!;
      });
      return reply.code(200).send({ customer: toCustomer(row) });
    },

    async deleteCustomer(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'customers', 'delete');
      try {
        const deleted = await db.withTenant(tenantId, (tx) => deleteCustomer(tx, tenantId, id));
        if (!deleted) throw notFound('No customer has this id.');
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
        const lines: string[] = [csvLine([...EXPORT_COLUMNS])];
        for await (const row of exportRows(tx, tenantId, tagId)) {
          lines.push(
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
        return { csv: lines.join(''), count: lines.length - 1, today: day };
      });
      return reply.code(200).send({ fileName: `customers-${today}.csv`, mediaType: 'text/csv', count, csv });
    },

    async exportCustomerData(request, reply) {
      const { tenantId, id } = request.params;
      const role = await authorize(db, request, tenantId, 'customers', 'read');
      const viewer = { userId: sessionOf(request).userId, role, reminderChannels: reminderChannels(deps.config.phone) };
      const result = await db.withTenant(tenantId, async (tx) => {
        const row = await loadCustomer(tx, tenantId, id);
        if (!row) throw notFound('No customer has this id.');
        const business = await businessToday(tx, tenantId);
        return {
          exportedAt: new Date().toISOString(),
          business: { id: tenantId, name: business.name, email: business.email },
          customer: toCustomer(row),
          tags: await tagsOfCustomer(tx, tenantId, id),
          serviceObjects: (await serviceObjectRowsOf(tx, tenantId, id)).map(toServiceObject),
          // What the calendar shows the caller, in the API's shape (a member of a business that does
          // not share calendars: their own appointments only).
          appointments: await visibleAppointmentsOfCustomer(tx, tenantId, id, viewer),
        };
      });
      return reply.code(200).send(result);
    },
  };
}
