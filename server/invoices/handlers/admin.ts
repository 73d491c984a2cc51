import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { AdminInvoice, Invoice } from '../../../generated/types.gen.ts';
import type { Queryable } from '../../db/database.ts';
import { sessionOf, type HandlerDeps } from '../../kit/context.ts';
import { iso, json, opt, type Row } from '../../kit/rows.ts';
import { idempotencyKeyOf, staleVersion } from '../../kit/write-rules.ts';
import { conflict, forbidden, HttpProblem, notFound, unprocessable } from '../../problem.ts';
import { listPage } from '../../kit/pages.ts';
import { invoicePdf } from '../pdf.ts';
import { loadSettings } from '../repository.ts';
import { computeInvoice, paymentStatus } from '../rules.ts';

/**
 * Cita's invoices to its tenants (issue 17): the same engine as the tenants' invoices (the one
 * document arithmetic, numbering at issue with a counter row locked in the issuing transaction, no
 * deletion once issued, the same PDF), with Cita as the issuer (CITA_BILLING_* configuration).
 * Administrators only; platform scope (system transactions). Marking one paid extends the tenant's
 * licence to the end of the billed period with the billed plan.
 */
type Handlers = Pick<RouteHandlers, 'listAdminInvoices' | 'createAdminInvoice' | 'getAdminInvoice' | 'deleteAdminInvoice' | 'issueAdminInvoice' | 'markAdminInvoicePaid' | 'getAdminInvoicePdf'>;

const SELECT = `a.*, to_char(a.period_start, 'YYYY-MM-DD') AS start_day, to_char(a.period_end, 'YYYY-MM-DD') AS end_day,
  to_char(a.issue_date, 'YYYY-MM-DD') AS issue_day, to_char(a.due_date, 'YYYY-MM-DD') AS due_day`;

function toAdminInvoice(row: Row): AdminInvoice {
  const currency = row.currency as string;
  const money = (amount: unknown) => ({ amount: Number(amount), currency });
  const issued = row.status !== 'INVOICE_STATUS_DRAFT';
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    tenantName: row.tenant_name as string,
    number: (row.display_number as string | null) ?? null,
    plan: row.plan as AdminInvoice['plan'],
    periodStart: row.start_day as string,
    periodEnd: row.end_day as string,
    amount: money(row.amount),
    base: money(row.base),
    taxAmount: money(row.tax_amount),
    taxPercentage: Number(row.tax_percentage),
    status: row.status as AdminInvoice['status'],
    paymentStatus: issued ? paymentStatus(row.paid_at ? Number(row.amount) : 0, Number(row.amount)) : 'INVOICE_PAYMENT_STATUS_UNPAID',
    ...opt('issueDate', row.issue_day as string | null),
    ...opt('dueDate', row.due_day as string | null),
    ...opt('notes', row.notes as string | null),
    recipient: json(row.recipient),
    ...opt('issuer', json<AdminInvoice['issuer'] | null>(row.issuer)),
    ...(row.paid_at ? { paidAt: iso(row.paid_at) } : {}),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The admin invoice as the invoice PDF shows it. */
function asInvoice(a: AdminInvoice, language: 'en-US' | 'es-ES'): Invoice {
  const money = (amount: number) => ({ amount, currency: a.amount.currency });
  const planName = a.plan === 'SUBSCRIPTION_PLAN_PREMIUM' ? 'Premium' : 'Pro';
  return {
    id: a.id,
    tenantId: a.tenantId,
    kind: 'INVOICE_KIND_STANDARD',
    series: 'CITA',
    number: null,
    displayNumber: a.number,
    status: a.status,
    paymentStatus: a.paymentStatus,
    paidAmount: money(a.paidAt ? a.amount.amount : 0),
    ...opt('issueDate', a.issueDate),
    ...opt('dueDate', a.dueDate),
    pricesIncludeTax: true,
    language,
    customer: a.recipient,
    issuer: a.issuer ?? { businessName: 'Cita' },
    ...opt('notes', a.notes),
    lines: [
      {
        description: `Cita ${planName} · ${a.periodStart} – ${a.periodEnd}`,
        quantity: 1,
        unitPrice: a.amount,
        taxPercentage: a.taxPercentage,
        discountPercentage: 0,
        lineTotal: a.base,
        taxAmount: a.taxAmount,
      },
    ],
    taxBreakdown: [{ taxPercentage: a.taxPercentage, base: a.base, tax: a.taxAmount }],
    totals: { subtotal: a.base, discount: money(0), tax: a.taxAmount, withholding: money(0), total: a.amount },
    currency: a.amount.currency,
    version: a.version,
    createdBy: a.tenantId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

async function load(tx: Queryable, id: string, lock = false): Promise<Row> {
  const { rows } = await tx.query<Row>(`SELECT ${SELECT} FROM admin_invoices a WHERE a.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('No invoice has this id.');
  return rows[0];
}

/** The tenant as invoiced: its invoicing settings (legal name, tax id, address), else its business data. */
async function recipientOf(db: HandlerDeps['db'], tenantId: string) {
  const exists = await db.withSystem((tx) => tx.query<{ status: string }>('SELECT status FROM tenants WHERE id = $1', [tenantId]));
  if (!exists.rows[0]) throw unprocessable('adminInvoice.tenantId', 'not_found', 'No business has this id.');
  const s = await db.withTenant(tenantId, (tx) => loadSettings(tx, tenantId));
  return {
    tenantName: s.businessName,
    recipient: { name: s.legalName ?? s.businessName, ...opt('taxId', s.taxId), ...opt('address', s.address), ...opt('email', s.email) },
  };
}

export function adminInvoiceHandlers({ db, config }: HandlerDeps): Handlers {
  const requireAdmin = (request: FastifyRequest) => {
    if (!sessionOf(request).isAdmin) throw forbidden("Only administrators can see Cita's invoices.");
  };
  const issuer = () => ({ businessName: config.billing.businessName, legalName: config.billing.legalName, taxId: config.billing.taxId, address: config.billing.address, email: config.billing.email });

  return {
    async listAdminInvoices(request, reply) {
      requireAdmin(request);
      const { limit = 50, offset = 0, tenantId, status } = request.query ?? {};
      const result = await db.withSystem((tx) =>
        listPage(
          tx,
          {
            select: SELECT,
            from: 'admin_invoices a',
            where: '($1::uuid IS NULL OR a.tenant_id = $1::uuid) AND ($2::text IS NULL OR a.status = $2)',
            orderBy: '(a.number IS NOT NULL), a.issue_date DESC NULLS FIRST, a.created_at DESC, a.id',
            params: [tenantId ?? null, status ?? null],
            limit,
            offset,
          },
          toAdminInvoice,
        ),
      );
      return reply.code(200).send(result);
    },

    async createAdminInvoice(request, reply) {
      requireAdmin(request);
      const input = request.body.adminInvoice;
      if (input.periodEnd < input.periodStart) throw unprocessable('adminInvoice.periodEnd', 'before_start', 'The period ends before it starts.');
      const key = idempotencyKeyOf(request);
      const hash = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
      if (key) {
        const { rows } = await db.withSystem((tx) => tx.query<Row>(`SELECT ${SELECT} FROM admin_invoices a WHERE a.idempotency_key = $1`, [key]));
        if (rows[0]) {
          if (rows[0].request_hash !== hash) throw unprocessable('Idempotency-Key', 'idempotency_key_reused', 'This Idempotency-Key was already used for another request.');
          return reply.code(201).send({ adminInvoice: toAdminInvoice(rows[0]) });
        }
      }
      const { tenantName, recipient } = await recipientOf(db, input.tenantId);
      const computed = computeInvoice([{ description: 'plan', quantity: 1, unitPrice: input.amount, taxPercentage: input.taxPercentage }], {
        currency: input.amount.currency,
        pricesIncludeTax: true,
        withholdingPercentage: 0,
        field: 'adminInvoice.lines',
      });
      const row = await db.withSystem(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO admin_invoices (tenant_id, tenant_name, plan, period_start, period_end, amount, base, tax_amount, tax_percentage, currency, due_date, notes, recipient, idempotency_key, request_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          [input.tenantId, tenantName, input.plan, input.periodStart, input.periodEnd, computed.totals.total, computed.totals.subtotal, computed.totals.tax, input.taxPercentage,
            input.amount.currency, input.dueDate ?? null, input.notes ?? null, JSON.stringify(recipient), key ?? null, key ? hash : null],
        );
        if (!rows[0]) throw new HttpProblem(409, 'A request with this Idempotency-Key is being processed; retry.', 'conflict', undefined, { retryable: true });
        return load(tx, rows[0].id);
      });
      return reply.code(201).send({ adminInvoice: toAdminInvoice(row) });
    },

    async getAdminInvoice(request, reply) {
      requireAdmin(request);
      const row = await db.withSystem((tx) => load(tx, request.params.id));
      return reply.code(200).send({ adminInvoice: toAdminInvoice(row) });
    },

    async deleteAdminInvoice(request, reply) {
      requireAdmin(request);
      await db.withSystem(async (tx) => {
        const row = await load(tx, request.params.id, true);
        if (row.status !== 'INVOICE_STATUS_DRAFT') throw conflict('An issued invoice is never deleted.', 'invoice_not_draft');
        await tx.query('DELETE FROM admin_invoices WHERE id = $1', [request.params.id]);
      });
      return reply.code(204).send();
    },

    async issueAdminInvoice(request, reply) {
      requireAdmin(request);
      const { id } = request.params;
      const current = await db.withSystem((tx) => load(tx, id));
      const { tenantName, recipient } = await recipientOf(db, current.tenant_id as string);
      const row = await db.withSystem(async (tx) => {
        const row = await load(tx, id, true);
        if (row.status !== 'INVOICE_STATUS_DRAFT') throw conflict('This invoice is already issued.', 'invoice_not_draft');
        if (Number(row.version) !== request.body.version) throw staleVersion();
        const { rows: today } = await tx.query<{ d: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD') AS d`);
        const issueDate = today[0]!.d;
        const series = `CITA-${issueDate.slice(0, 4)}`;
        await tx.query('INSERT INTO admin_invoice_counters (series) VALUES ($1) ON CONFLICT (series) DO NOTHING', [series]);
        const { rows } = await tx.query<{ n: number }>('UPDATE admin_invoice_counters SET next_number = next_number + 1 WHERE series = $1 RETURNING next_number - 1 AS n', [series]);
        const number = Number(rows[0]!.n);
        await tx.query(
          `UPDATE admin_invoices SET status = 'INVOICE_STATUS_ISSUED', series = $2, number = $3, display_number = $4, issue_date = $5, issuer = $6, recipient = $7, tenant_name = $8, version = version + 1
            WHERE id = $1`,
          [id, series, number, `${series}-${String(number).padStart(6, '0')}`, issueDate, JSON.stringify(issuer()), JSON.stringify(recipient), tenantName],
        );
        return load(tx, id);
      });
      return reply.code(200).send({ adminInvoice: toAdminInvoice(row) });
    },

    async markAdminInvoicePaid(request, reply) {
      requireAdmin(request);
      const { id } = request.params;
      const row = await db.withSystem(async (tx) => {
        const row = await load(tx, id, true);
        if (row.status !== 'INVOICE_STATUS_ISSUED' || row.paid_at) throw conflict('Only an issued, unpaid invoice can be marked paid.', 'invalid_transition');
        if (Number(row.version) !== request.body.version) throw staleVersion();
        await tx.query('UPDATE admin_invoices SET paid_at = now(), version = version + 1 WHERE id = $1', [id]);
        // The licence runs to the end of the billed period (the day after it, at midnight in the
        // business's time zone), never shorter than it already was, with the billed plan.
        await tx.query(
          `UPDATE tenants t SET license_status = $2,
                  license_active_until = greatest(coalesce(t.license_active_until, now()), ((a.period_end + 1)::timestamp AT TIME ZONE t.time_zone))
             FROM admin_invoices a WHERE a.id = $1 AND t.id = a.tenant_id`,
          [id, row.plan === 'SUBSCRIPTION_PLAN_PREMIUM' ? 'LICENSE_STATUS_PREMIUM' : 'LICENSE_STATUS_PRO'],
        );
        return load(tx, id);
      });
      return reply.code(200).send({ adminInvoice: toAdminInvoice(row) });
    },

    async getAdminInvoicePdf(request, reply) {
      requireAdmin(request);
      const row = await db.withSystem((tx) => load(tx, request.params.id));
      const invoice = toAdminInvoice(row);
      const bytes = await invoicePdf(asInvoice(invoice, invoice.recipient.address?.country === 'ES' ? 'es-ES' : 'en-US'));
      const name = (invoice.number ?? `draft-${invoice.id.slice(0, 8)}`).replace(/[^A-Za-z0-9-]/g, '_');
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes as never);
    },
  };
}
