// Invoices (issue 17): drafts numbered only when issued, per series, with no gap or duplicate under
// concurrency; full invoices need both parties' fiscal data; simplified ones a limit; corrections
// are rectifying invoices; voiding only while undelivered; the VERI*FACTU chain verifies; the PDF;
// and Cita's own invoices to its tenants (numbered at issue; paying one extends the licence).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createAdminInvoice,
  createCustomer,
  createPaymentTransaction,
  createSale,
  getSale,
  listPaymentMethods,
  voidSale,
  createInvoice,
  deleteAdminInvoice,
  deleteInvoice,
  getInvoice,
  getInvoiceSettings,
  getTenant,
  issueAdminInvoice,
  issueInvoice,
  listInvoices,
  markAdminInvoicePaid,
  rectifyInvoice,
  sendInvoice,
  updateInvoice,
  updateInvoiceSettings,
  verifyInvoiceChain,
  voidInvoice,
  refundSale,
} from '../../../generated/sdk.gen.ts';
import type { Invoice, InvoiceInput, SaleInput, Tenant } from '../../../generated/types.gen.ts';
import { adminOf, join, newTenant, ok, problem, signUp, type Actor, type TestServer } from '../harness.ts';
import { startTestSmtp } from '../mail.ts';
import { lazyServerSecret } from '../../../server/notifications/cancel-token.ts';
import { smtpTransport } from '../../../server/notifications/transport.ts';
import { createOutboxWorker } from '../../../server/notifications/worker.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const madrid = { line1: 'Calle Mayor 12', city: 'Madrid', postalCode: '28013', region: 'Madrid', country: 'ES' };
const company = {
  name: 'Estudio Lucía García SL',
  taxId: 'B12345674',
  email: 'lucia@example.com',
  address: { line1: 'Calle de Alcalá 120', city: 'Madrid', postalCode: '28009', country: 'ES' },
};
const haircut = (cents = 2066, quantity = 1) => ({ description: 'Corte y peinado', quantity, unitPrice: eur(cents), taxPercentage: 21 });

/** A Spanish hair salon with its invoicing data complete. */
async function spanishSalon(server: TestServer, label: string, category = 'hair_salon'): Promise<{ owner: Actor; tenant: Tenant }> {
  const owner = await signUp(server, label, { locale: 'es-ES' });
  const tenant = await newTenant(owner, { locale: 'es-ES', timeZone: 'Europe/Madrid', category, address: madrid, taxId: '50123456Q' });
  const { invoiceSettings } = await ok(getInvoiceSettings({ client: owner.client, path: { tenantId: tenant.id } }));
  await ok(updateInvoiceSettings({ client: owner.client, path: { tenantId: tenant.id }, body: { legalName: 'Ana Martín Ruiz', version: invoiceSettings.version } }));
  return { owner, tenant };
}

const draft = async (actor: Actor, tenant: Tenant, input: Partial<InvoiceInput> = {}, key?: string): Promise<Invoice> =>
  (
    await ok(
      createInvoice({
        client: actor.client,
        path: { tenantId: tenant.id },
        body: { invoice: { customer: company, lines: [haircut()], ...input } },
        ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
      }),
      201,
    )
  ).invoice;

const issue = (actor: Actor, invoice: Invoice) => issueInvoice({ client: actor.client, path: { tenantId: invoice.tenantId, id: invoice.id }, body: { version: invoice.version } });
const issued = async (actor: Actor, invoice: Invoice) => (await ok(issue(actor, invoice))).invoice;
const codes = (p: { code?: string; errors?: { code: string }[] }) => [p.code, ...(p.errors ?? []).map((e) => e.code)];

export function invoicesSuite(server: () => TestServer) {
  describe('invoices', () => {
    it('keeps a draft unnumbered and editable; issuing numbers it in its series and freezes it', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-draft');
      const first = await draft(owner, tenant, { lines: [haircut(2066), haircut(783, 2)] });
      expect(first).toMatchObject({ status: 'INVOICE_STATUS_DRAFT', number: null, displayNumber: null, series: 'A', version: 1, paymentStatus: 'INVOICE_PAYMENT_STATUS_UNPAID' });
      // 20.66 + 2 × 7.83 = 36.32 base, 21 % = 7.63 tax (rounded once), 43.95 total.
      expect(first.totals).toEqual({ subtotal: eur(3632), discount: eur(0), tax: eur(763), withholding: eur(0), total: eur(4395) });
      expect(first.lines.reduce((sum, l) => sum + l.lineTotal.amount + l.taxAmount.amount, 0)).toBe(4395);

      const { invoice: edited } = await ok(
        updateInvoice({ client: owner.client, path: { tenantId: tenant.id, id: first.id }, body: { version: 1, invoice: { customer: company, lines: [haircut(5000)], notes: 'Gracias.' } } }),
      );
      expect(edited).toMatchObject({ version: 2, notes: 'Gracias.', totals: { total: eur(6050) } });
      const stale = await problem(updateInvoice({ client: owner.client, path: { tenantId: tenant.id, id: first.id }, body: { version: 1, invoice: { customer: company, lines: [haircut()] } } }), 409);
      expect(stale.code).toBe('stale_version');

      // A deleted draft never had a number, so nothing is skipped.
      const scrapped = await draft(owner, tenant);
      expect((await deleteInvoice({ client: owner.client, path: { tenantId: tenant.id, id: scrapped.id } })).response.status).toBe(204);

      const one = await issued(owner, edited);
      expect(one).toMatchObject({ status: 'INVOICE_STATUS_ISSUED', number: 1, displayNumber: 'A-000001', issuer: { legalName: 'Ana Martín Ruiz', taxId: '50123456Q' } });
      expect(one.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(one.fiscalRecord).toMatchObject({ type: 'ALTA', invoiceType: 'F1', previousHash: null });
      expect(one.fiscalRecord!.qrUrl).toContain('nif=50123456Q');
      expect(one.fiscalRecord!.qrUrl).toContain('numserie=A-000001');
      const two = await issued(owner, await draft(owner, tenant));
      expect(two.displayNumber).toBe('A-000002');
      expect(two.fiscalRecord!.previousHash).toBe(one.fiscalRecord!.hash);

      // Issued: never edited, never deleted, never issued again.
      expect((await problem(updateInvoice({ client: owner.client, path: { tenantId: tenant.id, id: one.id }, body: { version: one.version, invoice: { customer: company, lines: [haircut()] } } }), 409)).code).toBe('invoice_not_draft');
      expect((await problem(deleteInvoice({ client: owner.client, path: { tenantId: tenant.id, id: one.id } }), 409)).code).toBe('invoice_not_draft');
      expect((await problem(issue(owner, one), 409)).code).toBe('invoice_not_draft');
      const list = await ok(listInvoices({ client: owner.client, path: { tenantId: tenant.id }, query: { status: 'INVOICE_STATUS_ISSUED' } }));
      expect(list.items.map((i) => i.displayNumber)).toEqual(['A-000002', 'A-000001']);
    });

    it('gives 50 concurrent issues across two series the numbers 1..n of each, no gap and no duplicate, and the chain verifies', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-concurrent');
      const drafts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          draft(owner, tenant, i % 2 === 0 ? { series: 'A' } : { kind: 'INVOICE_KIND_SIMPLIFIED', series: 'T', customer: { name: 'Cliente' } }),
        ),
      );
      const results = await Promise.all(drafts.map((d) => issued(owner, d)));
      for (const series of ['A', 'T']) {
        const numbers = results.filter((r) => r.series === series).map((r) => r.number!).sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      }
      expect(results.filter((r) => r.kind === 'INVOICE_KIND_SIMPLIFIED').every((r) => r.fiscalRecord?.invoiceType === 'F2')).toBe(true);
      expect(await ok(verifyInvoiceChain({ client: owner.client, path: { tenantId: tenant.id } }))).toEqual({ valid: true, records: 50 });
      // A tampered record breaks the chain from there on.
      await server().db.withSystem((tx) => tx.query(`UPDATE fiscal_records SET total = total + 1 WHERE tenant_id = $1 AND seq = 17`, [tenant.id]));
      expect(await ok(verifyInvoiceChain({ client: owner.client, path: { tenantId: tenant.id } }))).toEqual({ valid: false, records: 50, firstInvalidIndex: 16 });
    }, 120_000);

    it("refuses to issue a full invoice without both parties' legal name, NIF and address, and checks NIF letters", async () => {
      const s = server();
      const owner = await signUp(s, 'inv-fiscal');
      const tenant = await newTenant(owner, { timeZone: 'Europe/Madrid', address: madrid });
      const bare = await draft(owner, tenant, { customer: { name: 'Lucía' } });
      const refused = await problem(issue(owner, bare), 422);
      expect(codes(refused)).toContain('issuer_tax_data_required');
      expect(refused.errors!.map((e) => e.field)).toEqual(expect.arrayContaining(['invoiceSettings.legalName', 'invoiceSettings.taxId', 'invoice.customer.taxId', 'invoice.customer.address']));
      // Nothing was numbered by the refusal.
      expect((await ok(getInvoice({ client: owner.client, path: { tenantId: tenant.id, id: bare.id } }))).invoice.number).toBeNull();

      const wrongLetter = await problem(
        createInvoice({ client: owner.client, path: { tenantId: tenant.id }, body: { invoice: { customer: { ...company, taxId: '12345678A' }, lines: [haircut()] } } }),
        422,
      );
      expect(codes(wrongLetter)).toContain('invalid_tax_id');
      const { invoiceSettings } = await ok(getInvoiceSettings({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(invoiceSettings).toMatchObject({ country: 'ES', verifactu: true, fullSeries: 'A', simplifiedSeries: 'T', rectifyingSeries: 'R' });
      const badNif = await problem(updateInvoiceSettings({ client: owner.client, path: { tenantId: tenant.id }, body: { taxId: 'B12345675', version: invoiceSettings.version } }), 422);
      expect(codes(badNif)).toContain('invalid_tax_id');
      await ok(updateInvoiceSettings({ client: owner.client, path: { tenantId: tenant.id }, body: { legalName: 'Ana SL', taxId: 'b-12345674', version: invoiceSettings.version } }));
      const fixed = (await ok(getInvoice({ client: owner.client, path: { tenantId: tenant.id, id: bare.id } }))).invoice;
      await ok(updateInvoice({ client: owner.client, path: { tenantId: tenant.id, id: bare.id }, body: { version: fixed.version, invoice: { customer: { ...company, taxId: 'x1234567l' }, lines: [haircut()] } } }));
      const done = await issued(owner, (await ok(getInvoice({ client: owner.client, path: { tenantId: tenant.id, id: bare.id } }))).invoice);
      expect(done).toMatchObject({ displayNumber: 'A-000001', customer: { taxId: 'X1234567L' }, issuer: { taxId: 'B12345674', legalName: 'Ana SL' } });
    });

    it('caps a simplified invoice at €3,000 for a hair salon and €400 for others', async () => {
      const s = server();
      const salon = await spanishSalon(s, 'inv-simple-hair');
      const cheap = { kind: 'INVOICE_KIND_SIMPLIFIED' as const, customer: { name: 'Cliente' } };
      const over = await draft(salon.owner, salon.tenant, { ...cheap, lines: [haircut(250_000)] }); // 2,500 + 21 % = 3,025
      expect(codes(await problem(issue(salon.owner, over), 422))).toContain('simplified_limit_exceeded');
      expect((await issued(salon.owner, await draft(salon.owner, salon.tenant, { ...cheap, lines: [haircut(240_000)] }))).displayNumber).toBe('T-000001');

      const clinic = await spanishSalon(s, 'inv-simple-dental', 'dental_clinic');
      const above400 = await draft(clinic.owner, clinic.tenant, { ...cheap, lines: [haircut(40_000)] });
      expect(codes(await problem(issue(clinic.owner, above400), 422))).toContain('simplified_limit_exceeded');
      // Healthcare is exempt (E1): the line carries its legal reason and no tax.
      const exempt = await draft(clinic.owner, clinic.tenant, {
        ...cheap,
        lines: [{ description: 'Limpieza dental', quantity: 1, unitPrice: eur(39_000), taxPercentage: 0, exemption: { code: 'E1', reason: 'Exenta art. 20.Uno.3º LIVA' } }],
      });
      const ok400 = await issued(clinic.owner, exempt);
      expect(ok400).toMatchObject({ totals: { tax: eur(0), total: eur(39_000) }, taxBreakdown: [{ taxPercentage: 0, exemption: 'E1', base: eur(39_000), tax: eur(0) }] });
    });

    it('withholds IRPF on a professional invoice to a business', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-irpf');
      const invoice = await draft(owner, tenant, { withholdingPercentage: 15, lines: [haircut(10_000)] });
      expect(invoice.withholding).toEqual({ percentage: 15, amount: eur(1500) });
      expect(invoice.totals).toEqual({ subtotal: eur(10_000), discount: eur(0), tax: eur(2100), withholding: eur(1500), total: eur(10_600) });
    });

    it('corrects an issued invoice only with a rectifying invoice in its own series, by owners and administrators', async () => {
      const s = server();
      const { owner, tenant } = await spanishSalon(s, 'inv-rectify');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'inv-rectify-member');
      // Members draft and issue.
      const original = await issued(member, await draft(member, tenant, { lines: [haircut(2066), haircut(783, 2)] }));
      const body = { version: original.version, method: 'DIFFERENCES' as const, reason: 'R1' as const, description: 'Precio erróneo.' };
      await problem(rectifyInvoice({ client: member.client, path: { tenantId: tenant.id, id: original.id }, body }), 403);
      await problem(voidInvoice({ client: member.client, path: { tenantId: tenant.id, id: original.id }, body: { version: original.version, reason: 'x' } }), 403);

      const { invoice: credit } = await ok(
        rectifyInvoice({ client: owner.client, path: { tenantId: tenant.id, id: original.id }, body, headers: { 'Idempotency-Key': `rect-${randomUUID()}` } }),
        201,
      );
      expect(credit).toMatchObject({
        kind: 'INVOICE_KIND_CREDIT_NOTE',
        status: 'INVOICE_STATUS_ISSUED',
        displayNumber: 'R-000001',
        rectification: { invoiceId: original.id, displayNumber: 'A-000001', issueDate: original.issueDate, method: 'DIFFERENCES', reason: 'R1' },
        totals: { subtotal: eur(-3632), tax: eur(-763), total: eur(-4395) },
        fiscalRecord: { invoiceType: 'R1', previousHash: original.fiscalRecord!.hash },
      });
      const after = (await ok(getInvoice({ client: owner.client, path: { tenantId: tenant.id, id: original.id } }))).invoice;
      expect(after.rectifiedByIds).toEqual([credit.id]);
      // Substitution needs the corrected lines; a simplified invoice is rectified with R5 only.
      const again = { version: after.version, method: 'SUBSTITUTION' as const, reason: 'R1' as const };
      expect(codes(await problem(rectifyInvoice({ client: owner.client, path: { tenantId: tenant.id, id: original.id }, body: again }), 422))).toContain('required');
      const { invoice: substitute } = await ok(rectifyInvoice({ client: owner.client, path: { tenantId: tenant.id, id: original.id }, body: { ...again, lines: [haircut(1500)] } }), 201);
      expect(substitute).toMatchObject({ displayNumber: 'R-000002', totals: { total: eur(1815) }, rectification: { method: 'SUBSTITUTION' } });
      const draftOne = await draft(owner, tenant);
      expect((await problem(rectifyInvoice({ client: owner.client, path: { tenantId: tenant.id, id: draftOne.id }, body: { ...body, version: 1 } }), 409)).code).toBe('invalid_transition');
    });

    it('voids an issued invoice only while never sent, keeping its number used', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-void');
      const first = await issued(owner, await draft(owner, tenant));
      const { invoice: voided } = await ok(voidInvoice({ client: owner.client, path: { tenantId: tenant.id, id: first.id }, body: { version: first.version, reason: 'Emitida por error.' } }));
      expect(voided).toMatchObject({ status: 'INVOICE_STATUS_VOIDED', number: 1, voidReason: 'Emitida por error.', cancellationRecord: { type: 'ANULACION', previousHash: first.fiscalRecord!.hash } });
      expect((await issued(owner, await draft(owner, tenant))).number).toBe(2);
      expect((await problem(deleteInvoice({ client: owner.client, path: { tenantId: tenant.id, id: first.id } }), 409)).code).toBe('invoice_not_draft');

      const sentOne = await issued(owner, await draft(owner, tenant));
      const { invoice: sent } = await ok(sendInvoice({ client: owner.client, path: { tenantId: tenant.id, id: sentOne.id }, body: { version: sentOne.version } }), 202);
      expect(sent.sentAt).toBeDefined();
      expect((await problem(voidInvoice({ client: owner.client, path: { tenantId: tenant.id, id: sent.id }, body: { version: sent.version, reason: 'x' } }), 409)).code).toBe('invoice_delivered');
      const unsentDraft = await draft(owner, tenant);
      expect((await problem(sendInvoice({ client: owner.client, path: { tenantId: tenant.id, id: unsentDraft.id }, body: { version: 1 } }), 409)).code).toBe('invalid_transition');
      expect(await ok(verifyInvoiceChain({ client: owner.client, path: { tenantId: tenant.id } }))).toEqual({ valid: true, records: 4 });
    });

    it("e-mails an issued invoice through the outbox, in the customer's language, with its PDF attached", async () => {
      const s = server();
      const { owner, tenant } = await spanishSalon(s, 'inv-mail');
      const invoice = await issued(owner, await draft(owner, tenant, { language: 'es-ES' }));
      const to = `factura-${randomUUID().slice(0, 8)}@example.com`;
      await ok(sendInvoice({ client: owner.client, path: { tenantId: tenant.id, id: invoice.id }, body: { version: invoice.version, email: to } }), 202);
      const smtp = await startTestSmtp();
      const transport = smtpTransport(smtp.url);
      try {
        const worker = createOutboxWorker({ db: s.db, transport, render: { secret: lazyServerSecret(s.db, undefined), publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' } });
        await worker.runOnce();
        const mail = smtp.received.find((m) => m.envelopeTo.includes(to));
        expect(mail?.subject).toContain('Factura A-000001');
        expect(mail?.headers.get('content-language')).toBe('es-ES');
        expect(mail?.raw).toMatch(/Content-Type: application\/pdf; name=A-000001\.pdf/);
      } finally {
        transport.close();
        await smtp.close();
      }
    }, 30_000); // the outbox worker renders the PDF and polls: a loaded machine takes more than the 5 s default

    it('renders the PDF with its number, and answers 404 to another business', async () => {
      const s = server();
      const { owner, tenant } = await spanishSalon(s, 'inv-pdf');
      const invoice = await issued(owner, await draft(owner, tenant));
      const response = await fetch(`${s.baseUrl}/v1/tenants/${tenant.id}/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain('A-000001.pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain('(A-000001)');
      expect(bytes.toString('latin1')).toMatch(/%%EOF\s*$/);

      const stranger = await spanishSalon(s, 'inv-stranger');
      await problem(getInvoice({ client: stranger.owner.client, path: { tenantId: tenant.id, id: invoice.id } }), 404);
      await problem(getInvoice({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id, id: invoice.id } }), 404);
      await problem(issue(stranger.owner, { ...invoice, tenantId: stranger.tenant.id }), 404);
      const foreignPdf = await fetch(`${s.baseUrl}/v1/tenants/${stranger.tenant.id}/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${stranger.owner.token}` } });
      expect(foreignPdf.status).toBe(404);
    });

    it('makes one draft of a double submit with one Idempotency-Key, and answers 404 for invoicing a sale that does not exist', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-idem');
      const key = `inv-${randomUUID()}`;
      const a = await draft(owner, tenant, {}, key);
      const b = await draft(owner, tenant, {}, key);
      expect(b.id).toBe(a.id);
      const reused = await problem(
        createInvoice({ client: owner.client, path: { tenantId: tenant.id }, headers: { 'Idempotency-Key': key }, body: { invoice: { customer: company, lines: [haircut(1)] } } }),
        422,
      );
      expect(codes(reused)).toContain('idempotency_key_reused');
      const fromSale = await problem(createInvoice({ client: owner.client, path: { tenantId: tenant.id }, body: { invoice: { customer: company, saleId: randomUUID() } } }), 404);
      expect(fromSale.detail).toMatch(/sale/i);
    });
  });

  describe("Cita's invoices to its tenants", () => {
    it('numbers them at issue, never deletes an issued one, and extends the licence when paid', async () => {
      const s = server();
      const admin = await adminOf(s);
      const { owner, tenant } = await spanishSalon(s, 'adm-inv');
      await problem(createAdminInvoice({ client: owner.client, body: { adminInvoice: { tenantId: tenant.id, plan: 'SUBSCRIPTION_PLAN_PRO', periodStart: '2027-01-01', periodEnd: '2027-12-31', amount: eur(29_000), taxPercentage: 21 } } }), 403);
      const body = { adminInvoice: { tenantId: tenant.id, plan: 'SUBSCRIPTION_PLAN_PREMIUM' as const, periodStart: '2027-01-01', periodEnd: '2030-12-31', amount: eur(29_000), taxPercentage: 21 } };
      const key = `adm-${randomUUID()}`;
      const { adminInvoice: created } = await ok(createAdminInvoice({ client: admin.client, body, headers: { 'Idempotency-Key': key } }), 201);
      const { adminInvoice: again } = await ok(createAdminInvoice({ client: admin.client, body, headers: { 'Idempotency-Key': key } }), 201);
      expect(again.id).toBe(created.id);
      // 290.00 with 21 % included: base 239.67, tax 50.33.
      expect(created).toMatchObject({ number: null, status: 'INVOICE_STATUS_DRAFT', base: eur(23_967), taxAmount: eur(5033), recipient: { name: 'Ana Martín Ruiz', taxId: '50123456Q' } });
      const { adminInvoice: issuedOne } = await ok(issueAdminInvoice({ client: admin.client, path: { id: created.id }, body: { version: created.version } }));
      expect(issuedOne.number).toMatch(/^CITA-\d{4}-\d{6}$/);
      expect(issuedOne.issuer).toMatchObject({ businessName: 'Cita' });
      expect((await problem(deleteAdminInvoice({ client: admin.client, path: { id: created.id } }), 409)).code).toBe('invoice_not_draft');

      const { adminInvoice: paid } = await ok(markAdminInvoicePaid({ client: admin.client, path: { id: created.id }, body: { version: issuedOne.version } }));
      expect(paid).toMatchObject({ paymentStatus: 'INVOICE_PAYMENT_STATUS_PAID' });
      const { tenant: after } = await ok(getTenant({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(after.licenseStatus).toBe('LICENSE_STATUS_PREMIUM');
      expect(after.licenseActiveUntil).toMatchObject({ year: expect.any(Number) });
      expect(after.licenseActiveUntil!.year === 2030 || after.licenseActiveUntil!.year === 2031).toBe(true);
      expect((await problem(markAdminInvoicePaid({ client: admin.client, path: { id: created.id }, body: { version: paid.version } }), 409)).code).toBe('invalid_transition');

      const response = await fetch(`${s.baseUrl}/v1/admin/invoices/${created.id}/pdf`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain(`(${issuedOne.number})`);
    });
  });

  describe('invoices of sales', () => {
    it('builds the invoice of a sale from the sale itself: the same totals and breakdown to the cent, linked both ways, refused twice or voided', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-sale');
      const other = await spanishSalon(server(), 'inv-sale-other');
      const tenantId = tenant.id;
      const customerId = (await ok(createCustomer({ client: owner.client, path: { tenantId }, body: { customer: { name: 'Lucía', lastName: 'García' } } }), 201)).customer.id;
      const sell = async (sale: Partial<SaleInput> = {}) =>
        (
          await ok(
            createSale({
              client: owner.client,
              path: { tenantId, id: randomUUID() },
              body: {
                sale: {
                  operationType: 'OPERATION_TYPE_PRODUCT_SALE',
                  customer: { customerId, name: 'Lucía García' },
                  lines: [{ kind: 'SALE_LINE_KIND_SERVICE', name: 'Corte', quantity: 2, unitPrice: eur(1000), taxPercentage: 21 }],
                  ...sale,
                },
              },
            }),
            201,
          )
        ).sale;
      const fromSale = (saleId: string, input: Partial<InvoiceInput> = {}, actor = owner, tid = tenantId) =>
        createInvoice({ client: actor.client, path: { tenantId: tid }, body: { invoice: { customer: company, saleId, ...input } } });

      // 2 × €10 at 21 %, prices with tax: a €20.00 sale (16.53 + 3.47), and an invoice of €20.00, whatever price mode the client asks.
      const sale = await sell();
      expect(sale.totals.total).toEqual(eur(2000));
      const invoice = (await ok(fromSale(sale.id, { pricesIncludeTax: false }), 201)).invoice;
      expect(invoice.totals).toEqual({ subtotal: sale.totals.subtotal, discount: sale.totals.discount, tax: sale.totals.tax, withholding: eur(0), total: eur(2000) });
      expect(invoice.totals.tax).toEqual(eur(347));
      expect(invoice.taxBreakdown.map((b) => ({ taxPercentage: b.taxPercentage, base: b.base, tax: b.tax }))).toEqual(sale.taxBreakdown);
      expect(invoice.lines).toHaveLength(1);
      expect(invoice.lines[0]).toMatchObject({ description: 'Corte', quantity: 2, unitPrice: eur(1000), taxPercentage: 21 });
      expect(invoice).toMatchObject({ saleId: sale.id, pricesIncludeTax: true, customer: { customerId, taxId: 'B12345674' } });
      expect((await ok(getSale({ client: owner.client, path: { tenantId, id: sale.id } }))).sale.invoiceId).toBe(invoice.id);

      // One live invoice per sale; lines never come from the client; another business's sale does not exist.
      expect((await problem(fromSale(sale.id), 409)).code).toBe('sale_already_invoiced');
      const other2 = await sell();
      const withLines = await problem(fromSale(other2.id, { lines: [haircut(1)] }), 422);
      expect(codes(withLines)).toContain('not_allowed');
      await problem(fromSale(other2.id, {}, other.owner, other.tenant.id), 404);

      // A voided sale is not invoiced.
      const voided = (await ok(voidSale({ client: owner.client, path: { tenantId, id: other2.id }, body: { version: other2.version } }))).sale;
      expect((await problem(fromSale(voided.id), 409)).code).toBe('sale_voided');

      // Deleting the draft frees the sale; line and whole-sale discounts keep the totals equal too.
      const discounted = await sell({
        lines: [
          { kind: 'SALE_LINE_KIND_SERVICE', name: 'Corte', quantity: 2, unitPrice: eur(1000), taxPercentage: 21, discountPercentage: 15 },
          { kind: 'SALE_LINE_KIND_SERVICE', name: 'Tinte', quantity: 1, unitPrice: eur(3333), taxPercentage: 10 },
        ],
        discount: { percentage: 7 },
      });
      const first = (await ok(fromSale(discounted.id), 201)).invoice;
      expect(first.totals.total).toEqual(discounted.totals.total);
      expect(first.totals.tax).toEqual(discounted.totals.tax);
      expect(first.taxBreakdown.map((b) => ({ taxPercentage: b.taxPercentage, base: b.base, tax: b.tax }))).toEqual(discounted.taxBreakdown);
      await ok(deleteInvoice({ client: owner.client, path: { tenantId, id: first.id } }), 204);
      expect((await ok(getSale({ client: owner.client, path: { tenantId, id: discounted.id } }))).sale.invoiceId).toBeNull();
      await ok(fromSale(discounted.id), 201);
    });

    it('gives the refund of an invoiced sale its rectifying invoice at once: the refund to the cent, R1, in the R series', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-refund');
      const tenantId = tenant.id;
      const cash = (await ok(listPaymentMethods({ client: owner.client, path: { tenantId } }))).items.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      const sell = async () =>
        (
          await ok(
            createSale({
              client: owner.client,
              path: { tenantId, id: randomUUID() },
              body: {
                sale: {
                  operationType: 'OPERATION_TYPE_PRODUCT_SALE',
                  lines: [
                    { kind: 'SALE_LINE_KIND_SERVICE', name: 'Corte', quantity: 2, unitPrice: eur(1000), taxPercentage: 21 },
                    { kind: 'SALE_LINE_KIND_SERVICE', name: 'Tinte', quantity: 1, unitPrice: eur(3333), taxPercentage: 10 },
                  ],
                  discount: { percentage: 10 },
                  payments: [{ paymentMethodId: cash.id, amount: eur(4800) }],
                },
              },
            }),
            201,
          )
        ).sale;
      // Σ = 20.00 + 33.33 = 53.33, less 10 % = 48.00 (18.00 at 21 %, 30.00 at 10 %), all paid.
      const sale = await sell();
      expect(sale.totals.total).toEqual(eur(4800));
      const invoice = await issued(owner, (await ok(createInvoice({ client: owner.client, path: { tenantId }, body: { invoice: { customer: company, saleId: sale.id } } }), 201)).invoice);
      expect(invoice.displayNumber).toBe('A-000001');

      // Refunding one haircut: its 10.00 less its 10 % = 9.00 back, at 21 %.
      const invoiced = (await ok(getSale({ client: owner.client, path: { tenantId, id: sale.id } }))).sale;
      const refundBody = { version: invoiced.version, reason: 'Cliente insatisfecha', lines: [{ position: 0, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: eur(900) }] };
      const result = await ok(refundSale({ client: owner.client, path: { tenantId, id: sale.id }, body: refundBody }), 201);
      expect(result.refund.totals.total).toEqual(eur(-900));
      expect(result.refund.invoiceId).toBeTruthy();
      const credit = (await ok(getInvoice({ client: owner.client, path: { tenantId, id: result.refund.invoiceId! } }))).invoice;
      expect(credit).toMatchObject({
        kind: 'INVOICE_KIND_CREDIT_NOTE',
        status: 'INVOICE_STATUS_ISSUED',
        displayNumber: 'R-000001',
        rectification: { invoiceId: invoice.id, displayNumber: 'A-000001', method: 'DIFFERENCES', reason: 'R1', description: 'Cliente insatisfecha' },
        totals: { total: eur(-900) },
      });
      // 9.00 with 21 % included: base 7.44, tax 1.56.
      expect(credit.taxBreakdown.map((b) => ({ taxPercentage: b.taxPercentage, base: b.base, tax: b.tax }))).toEqual([{ taxPercentage: 21, base: eur(-744), tax: eur(-156) }]);
      expect(credit.lines).toHaveLength(1);
      expect(credit.lines[0]).toMatchObject({ description: 'Corte', quantity: -1, unitPrice: eur(1000) });
      expect((await ok(getInvoice({ client: owner.client, path: { tenantId, id: invoice.id } }))).invoice.rectifiedByIds).toEqual([credit.id]);

      // The rest of the sale, refunded in a second go: the credits add up to the invoice exactly.
      const after = (await ok(getSale({ client: owner.client, path: { tenantId, id: sale.id } }))).sale;
      const rest = await ok(
        refundSale({ client: owner.client, path: { tenantId, id: sale.id }, body: { version: after.version, lines: [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: eur(3900) }] } }),
        201,
      );
      const second = (await ok(getInvoice({ client: owner.client, path: { tenantId, id: rest.refund.invoiceId! } }))).invoice;
      expect(second.displayNumber).toBe('R-000002');
      expect(credit.totals.total.amount + second.totals.total.amount).toBe(-4800);

      // A sale whose invoice is still a draft: the refund makes no rectifying invoice.
      const other = await sell();
      await ok(createInvoice({ client: owner.client, path: { tenantId }, body: { invoice: { customer: company, saleId: other.id } } }), 201);
      const plain = await ok(refundSale({ client: owner.client, path: { tenantId, id: other.id }, body: { version: (await ok(getSale({ client: owner.client, path: { tenantId, id: other.id } }))).sale.version, lines: [{ position: 1, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: eur(3000) }] } }), 201);
      expect(plain.refund.invoiceId).toBeNull();
    });

    it('rectifies the whole invoice of a sale discounted on the whole, by differences and without lines, for exactly what was invoiced', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-rect-discount');
      const tenantId = tenant.id;
      const lines: SaleInput['lines'] = [
        { kind: 'SALE_LINE_KIND_SERVICE', name: 'Corte', quantity: 2, unitPrice: eur(1000), taxPercentage: 21 },
        { kind: 'SALE_LINE_KIND_SERVICE', name: 'Tinte', quantity: 1, unitPrice: eur(3333), taxPercentage: 10 },
      ];
      const invoiceOf = async (discount: SaleInput['discount']) => {
        const { sale } = await ok(
          createSale({ client: owner.client, path: { tenantId, id: randomUUID() }, body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', lines, discount } } }),
          201,
        );
        const created = (await ok(createInvoice({ client: owner.client, path: { tenantId }, body: { invoice: { customer: company, saleId: sale.id } } }), 201)).invoice;
        return issued(owner, created);
      };
      const rectifyWhole = async (invoice: Invoice) =>
        (
          await ok(
            rectifyInvoice({
              client: owner.client,
              path: { tenantId, id: invoice.id },
              body: { version: invoice.version, method: 'DIFFERENCES', reason: 'R4', description: 'Factura emitida por error.' },
              headers: { 'Idempotency-Key': `rect-${randomUUID()}` },
            }),
            201,
          )
        ).invoice;
      const breakdown = (invoice: Invoice) => invoice.taxBreakdown.map((b) => ({ taxPercentage: b.taxPercentage, base: b.base.amount, tax: b.tax.amount }));

      // 2 × 10.00 + 33.33 = 53.33 with tax, less 10 % (5.33, shared 2.00 / 3.33): 18.00 at 21 % (base
      // 14.88, tax 3.12) and 30.00 at 10 % (base 27.27, tax 2.73): 48.00, tax 5.85. The same with a
      // discount of 5.33 as an amount.
      for (const discount of [{ percentage: 10 }, { amount: eur(533) }]) {
        const invoice = await invoiceOf(discount);
        expect(invoice.totals).toMatchObject({ subtotal: eur(4215), tax: eur(585), total: eur(4800) });
        expect(breakdown(invoice)).toEqual([
          { taxPercentage: 21, base: 1488, tax: 312 },
          { taxPercentage: 10, base: 2727, tax: 273 },
        ]);
        // The credit gives back those 48.00, not the 53.33 before the discount.
        const credit = await rectifyWhole(invoice);
        expect(credit).toMatchObject({ kind: 'INVOICE_KIND_CREDIT_NOTE', status: 'INVOICE_STATUS_ISSUED', rectification: { invoiceId: invoice.id, method: 'DIFFERENCES', reason: 'R4' } });
        expect(credit.totals).toMatchObject({ subtotal: eur(-4215), tax: eur(-585), total: eur(-4800) });
        expect(breakdown(credit)).toEqual([
          { taxPercentage: 21, base: -1488, tax: -312 },
          { taxPercentage: 10, base: -2727, tax: -273 },
        ]);
        expect(credit.lines.map((l) => ({ description: l.description, quantity: l.quantity }))).toEqual([
          { description: 'Corte', quantity: -2 },
          { description: 'Tinte', quantity: -1 },
        ]);
        expect(credit.lines.reduce((sum, l) => sum + l.lineTotal.amount + l.taxAmount.amount, 0)).toBe(-4800);
        expect(credit.fiscalRecord).toMatchObject({ invoiceType: 'R4' });
      }
    });

    it('derives the payment status of a sale\'s invoice from what was collected against the sale (tips apart)', async () => {
      const { owner, tenant } = await spanishSalon(server(), 'inv-sale-paid');
      const tenantId = tenant.id;
      const methods = (await ok(listPaymentMethods({ client: owner.client, path: { tenantId } }))).items;
      const cash = methods.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      const { sale } = await ok(
        createSale({
          client: owner.client,
          path: { tenantId, id: randomUUID() },
          body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', lines: [{ kind: 'SALE_LINE_KIND_SERVICE', name: 'Corte', quantity: 2, unitPrice: eur(1000), taxPercentage: 21 }] } },
        }),
        201,
      );
      const created = (await ok(createInvoice({ client: owner.client, path: { tenantId }, body: { invoice: { customer: company, saleId: sale.id } } }), 201)).invoice;
      const invoice = await issued(owner, created);
      expect(invoice).toMatchObject({ paymentStatus: 'INVOICE_PAYMENT_STATUS_UNPAID', paidAmount: eur(0) });
      const pay = (amount: number, tip = 0) =>
        ok(
          createPaymentTransaction({
            client: owner.client,
            path: { tenantId, id: randomUUID() },
            body: { paymentTransaction: { referenceId: sale.id, operationType: 'OPERATION_TYPE_PRODUCT_SALE', amount: eur(amount), tipAmount: eur(tip), paymentMethodId: cash.id } },
          }),
          201,
        );
      await pay(500);
      const partly = (await ok(getInvoice({ client: owner.client, path: { tenantId, id: invoice.id } }))).invoice;
      expect(partly).toMatchObject({ paymentStatus: 'INVOICE_PAYMENT_STATUS_PARTIALLY_PAID', paidAmount: eur(500) });
      const filtered = async (paymentStatus: Invoice['paymentStatus']) =>
        (await ok(listInvoices({ client: owner.client, path: { tenantId }, query: { paymentStatus } }))).items.map((i) => i.id);
      expect(await filtered('INVOICE_PAYMENT_STATUS_PARTIALLY_PAID')).toEqual([invoice.id]);
      expect(await filtered('INVOICE_PAYMENT_STATUS_UNPAID')).toEqual([]);
      await pay(1500, 300);
      const paid = (await ok(getInvoice({ client: owner.client, path: { tenantId, id: invoice.id } }))).invoice;
      expect(paid).toMatchObject({ paymentStatus: 'INVOICE_PAYMENT_STATUS_PAID', paidAmount: eur(2000) });
      expect(await filtered('INVOICE_PAYMENT_STATUS_PAID')).toEqual([invoice.id]);
      expect(await filtered('INVOICE_PAYMENT_STATUS_PARTIALLY_PAID')).toEqual([]);
      // A manual invoice stays unpaid (nothing is collected through Cita against it).
      const manual = await issued(owner, await draft(owner, tenant));
      expect(manual.paymentStatus).toBe('INVOICE_PAYMENT_STATUS_UNPAID');
      expect(await filtered('INVOICE_PAYMENT_STATUS_UNPAID')).toEqual([manual.id]);
    });
  });
}
