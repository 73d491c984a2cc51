// Sales and payment transactions (issue 17, MONEY.md §1–2): charging an appointment with a product
// and split payments, partial payment, overpayment refused, one live sale per appointment, voiding,
// refunding with restock, stock = Σ movements, idempotent retries, roles and tenant isolation,
// the PENDING → COMPLETED | FAILED transitions, the cash-up and the currency lock.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeAppointmentStatus,
  changePaymentTransactionStatus,
  createAppointment,
  createCustomer,
  createInvoice,
  createInventoryItem,
  createPaymentTransaction,
  createSale,
  createService,
  deleteAppointment,
  getAppointment,
  getCashUp,
  getInventoryItem,
  getInvoice,
  getInvoicePdf,
  getPaymentTransaction,
  getSale,
  issueInvoice,
  listInventoryMovements,
  listInvoices,
  listPaymentMethods,
  listPaymentTransactions,
  listSales,
  refundSale,
  updateAppointment,
  updateTenant,
  voidSale,
} from '../../../generated/sdk.gen.ts';
import type { Appointment, DateTimeParts, PaymentMethod, Problem, SaleInput, Tenant } from '../../../generated/types.gen.ts';
import { join, newTenant, ok, problem, signUp, weekdayHours, type Actor, type TestServer } from '../harness.ts';

const at = (text: string): DateTimeParts => {
  const [date, time] = text.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hours, minutes] = time!.split(':').map(Number);
  return { year: year!, month: month!, day: day!, hours: hours!, minutes: minutes! };
};
const eur = (amount: number) => ({ amount, currency: 'EUR' });
/** The code a user sees translated: a 409's own, a 422's first field's. */
const codeOf = (p: Problem) => p.errors?.[0]?.code ?? p.code;

export function salesSuite(server: () => TestServer) {
  describe('sales and payment transactions', () => {
    let owner: Actor;
    let admin: Actor;
    let member: Actor;
    let tenant: Tenant;
    let stranger: { owner: Actor; tenant: Tenant };
    let customerId: string;
    let serviceId: string;
    let cash: PaymentMethod;
    let card: PaymentMethod;
    let slot = 0;

    const path = (id: string = randomUUID()) => ({ tenantId: tenant.id, id });
    /** A new appointment on its own half hour (2030-03-05 onwards, Tuesdays 9–17 Madrid). */
    const appointment = async (): Promise<Appointment> => {
      const start = 9 * 60 + 30 * slot++;
      const day = 5 + Math.floor(start / (8 * 60)) * 7;
      const minutes = 9 * 60 + (start % (8 * 60));
      const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const date = `2030-03-${String(day).padStart(2, '0')}`;
      const { appointment: booked } = await ok(
        createAppointment({
          client: owner.client,
          path: { tenantId: tenant.id, userId: owner.userId },
          body: { appointment: { customerId, services: [{ id: serviceId }], startDate: at(`${date}T${hh(minutes)}`), endDate: at(`${date}T${hh(minutes + 30)}`) } },
        }),
        201,
      );
      return booked;
    };
    const product = async (quantity: number) =>
      (
        await ok(
          createInventoryItem({
            client: owner.client,
            path: { tenantId: tenant.id },
            body: { inventoryItem: { name: 'Champú reparador 500 ml', sku: `CH-${randomUUID().slice(0, 8)}`, unit: 'INVENTORY_UNIT_PIECE', quantity, price: eur(1895), taxPercentage: 21 } },
          }),
          201,
        )
      ).inventoryItem;
    /** Charging the appointment: its haircut (25.00) and `units` shampoos (18.95 each), 21 % included. */
    const charge = (a: Appointment, itemId: string, units: number, payments: SaleInput['payments'] = []): SaleInput => ({
      operationType: 'OPERATION_TYPE_APPOINTMENT_SALE',
      appointmentId: a.id,
      lines: [
        { kind: 'SALE_LINE_KIND_SERVICE', itemId: serviceId, name: 'Corte', quantity: 1, unitPrice: eur(2500), taxPercentage: 21 },
        { kind: 'SALE_LINE_KIND_PRODUCT', itemId, name: 'Champú reparador 500 ml', quantity: units, unitPrice: eur(1895), taxPercentage: 21 },
      ],
      payments,
    });
    const stock = async (itemId: string) => (await ok(getInventoryItem({ client: owner.client, path: { tenantId: tenant.id, id: itemId } }))).inventoryItem.quantity;
    const movementsSum = async (itemId: string) =>
      (await ok(listInventoryMovements({ client: owner.client, path: { tenantId: tenant.id, id: itemId }, query: { limit: 200 } }))).items.reduce((sum, m) => sum + m.delta, 0);

    beforeAll(async () => {
      const s = server();
      owner = await signUp(s, 'till-owner');
      tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'till-admin');
      member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'till-member');
      const other = await signUp(s, 'till-stranger');
      stranger = { owner: other, tenant: await newTenant(other) };
      customerId = (await ok(createCustomer({ client: owner.client, path: { tenantId: tenant.id }, body: { customer: { name: 'Lucía', lastName: 'García' } } }), 201)).customer.id;
      serviceId = (
        await ok(
          createService({
            client: owner.client,
            path: { tenantId: tenant.id },
            body: { service: { name: 'Corte', durationMinutes: 30, price: eur(2500), color: '#12b886' } },
          }),
          201,
        )
      ).service.id;
      const methods = (await ok(listPaymentMethods({ client: owner.client, path: { tenantId: tenant.id } }))).items;
      cash = methods.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      card = methods.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CARD')!;
      // The front desk charges everyone's appointments: this salon shares its calendars with members
      // (the last test turns that off to see what a member then may see).
      await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { membersSeeTeamCalendars: true } } }));
    }, 90_000);

    it('charges an appointment with a product and two payments: totals = Σ lines = Σ breakdown, change, tip, stock moved', async () => {
      const a = await appointment();
      const item = await product(5);
      const { sale } = await ok(
        createSale({
          client: member.client,
          path: path(),
          body: {
            sale: charge(a, item.id, 2, [
              { paymentMethodId: card.id, amount: eur(3000), tipAmount: eur(200) },
              { paymentMethodId: cash.id, amount: eur(1000), tendered: eur(2000) },
            ]),
          },
        }),
        201,
      );
      // 25.00 + 2 × 18.95 = 62.90, 21 % included: base round(6290 / 1.21) = 5198, tax 1092.
      expect(sale.totals.total).toEqual(eur(6290));
      expect(sale.taxBreakdown).toEqual([{ taxPercentage: 21, base: eur(5198), tax: eur(1092) }]);
      expect(sale.lines.reduce((sum, line) => sum + line.lineTotal.amount, 0)).toBe(6290);
      expect(sale.lines.reduce((sum, line) => sum + line.taxAmount.amount, 0)).toBe(1092);
      expect(sale).toMatchObject({
        appointmentId: a.id,
        customer: { customerId, name: 'Lucía García' },
        userId: owner.userId,
        lifecycle: 'SALE_LIFECYCLE_COMPLETED',
        paymentStatus: 'SALE_STATUS_PARTIALLY_PAID',
        paidAmount: eur(4000),
        outstandingAmount: eur(2290),
        tip: eur(200),
        refundOfSaleId: null,
        invoiceId: null,
      });
      expect(await stock(item.id)).toBe(3);
      expect(await movementsSum(item.id)).toBe(3);
      const moves = await ok(listInventoryMovements({ client: owner.client, path: { tenantId: tenant.id, id: item.id } }));
      expect(moves.items[0]).toMatchObject({ reason: 'INVENTORY_MOVEMENT_REASON_SOLD', delta: -2, saleId: sale.id });

      // The SPEC's screen: the appointment's payments, with what was paid; cash shows its change.
      const list = await ok(listPaymentTransactions({ client: member.client, path: { tenantId: tenant.id }, query: { referenceId: a.id, operationType: 'OPERATION_TYPE_APPOINTMENT_SALE' } }));
      expect(list.total).toBe(2);
      expect(list.paidTotal).toEqual(eur(4000));
      expect(list.items.find((t) => t.paymentMethodId === cash.id)).toMatchObject({ change: eur(1000), tendered: eur(2000), referenceId: a.id, saleId: sale.id });

      // The rest, paid later against the appointment: PAID.
      await ok(
        createPaymentTransaction({
          client: member.client,
          path: path(),
          body: { paymentTransaction: { referenceId: a.id, operationType: 'OPERATION_TYPE_APPOINTMENT_SALE', amount: eur(2290), paymentMethodId: card.id } },
        }),
        201,
      );
      const paid = (await ok(getSale({ client: member.client, path: path(sale.id) }))).sale;
      expect(paid).toMatchObject({ paymentStatus: 'SALE_STATUS_PAID', paidAmount: eur(6290), outstandingAmount: eur(0) });
    });

    it('refuses an overpayment and records nothing', async () => {
      const a = await appointment();
      const item = await product(2);
      const p = await problem(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1, [{ paymentMethodId: cash.id, amount: eur(5000) }]) } }), 422);
      expect(codeOf(p)).toBe('overpayment');
      expect(await stock(item.id)).toBe(2);
      const none = await ok(listSales({ client: owner.client, path: { tenantId: tenant.id }, query: { appointmentId: a.id } }));
      expect(none.total).toBe(0);

      const { sale } = await ok(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1, [{ paymentMethodId: cash.id, amount: eur(4000) }]) } }), 201);
      const more = await problem(
        createPaymentTransaction({ client: member.client, path: path(), body: { paymentTransaction: { referenceId: sale.id, operationType: 'OPERATION_TYPE_APPOINTMENT_SALE', amount: eur(396), paymentMethodId: card.id } } }),
        422,
      );
      expect(codeOf(more)).toBe('overpayment');
    });

    it("refuses what the business does not have (customer, service, member, payment method, stock) and records nothing", async () => {
      const a = await appointment();
      const item = await product(1);
      const strangersCash = (await ok(listPaymentMethods({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id } }))).items.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      const refused = async (sale: SaleInput, pointer: string, code: string) => {
        const p = await problem(createSale({ client: member.client, path: path(), body: { sale } }), 422);
        expect(p.errors?.[0]).toMatchObject({ field: pointer, code });
      };
      await refused({ ...charge(a, item.id, 1), customer: { customerId: randomUUID(), name: 'Nadie' } }, '/sale/customer/customerId', 'unknown_customer');
      const otherService = charge(a, item.id, 1);
      otherService.lines[0] = { ...otherService.lines[0]!, itemId: randomUUID() };
      await refused(otherService, '/sale/lines/0/itemId', 'unknown_item');
      await refused({ ...charge(a, item.id, 1), userId: stranger.owner.userId }, '/sale/userId', 'unknown_user');
      await refused(charge(a, item.id, 1, [{ paymentMethodId: strangersCash.id, amount: eur(1000) }]), '/sale/payments/0/paymentMethodId', 'unknown_payment_method');
      await refused(charge(a, item.id, 2), '/sale/lines/1/quantity', 'insufficient_stock');
      // Nothing of them stayed: the stock, the appointment's sales, its movements (only the initial one).
      expect(await stock(item.id)).toBe(1);
      expect((await ok(listSales({ client: owner.client, path: { tenantId: tenant.id }, query: { appointmentId: a.id } }))).total).toBe(0);
      expect((await ok(listInventoryMovements({ client: owner.client, path: { tenantId: tenant.id, id: item.id } }))).items).toHaveLength(1);
      // The same charge, right: its customer is the appointment's, in the appointment's member's name.
      const { sale } = await ok(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1, [{ paymentMethodId: cash.id, amount: eur(4395) }]) } }), 201);
      expect(sale).toMatchObject({ customer: { customerId, name: 'Lucía García' }, userId: owner.userId, paymentStatus: 'SALE_STATUS_PAID', paidAmount: eur(4395), outstandingAmount: eur(0) });
      expect(await stock(item.id)).toBe(0);
      expect((await ok(getSale({ client: member.client, path: path(sale.id) }))).sale).toEqual(sale);
    });

    it('keeps one live sale per appointment and refuses a cancelled one', async () => {
      const a = await appointment();
      const item = await product(5);
      await ok(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1) } }), 201);
      expect(codeOf(await problem(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1) } }), 409))).toBe('sale_exists_for_appointment');

      const cancelled = await appointment();
      await ok(
        changeAppointmentStatus({
          client: owner.client,
          path: { tenantId: tenant.id, userId: owner.userId, id: cancelled.id },
          body: { status: 'APPOINTMENT_STATUS_CANCELLED', version: cancelled.version },
        }),
      );
      expect(codeOf(await problem(createSale({ client: member.client, path: path(), body: { sale: charge(cancelled, item.id, 1) } }), 409))).toBe('appointment_not_billable');
      expect(await stock(item.id)).toBe(4);
    });

    it('keeps a charged appointment from being cancelled, rejected or deleted while its sale stands (409 appointment_charged)', async () => {
      const item = await product(5);
      const where = (a: Appointment) => ({ tenantId: tenant.id, userId: owner.userId, id: a.id });
      const current = async (a: Appointment) => (await ok(getAppointment({ client: owner.client, path: where(a) }))).appointment;
      const setStatus = async (a: Appointment, status: Appointment['status']) =>
        changeAppointmentStatus({ client: owner.client, path: where(a), body: { status, version: (await current(a)).version } });
      const charged = async (status: number, call: Parameters<typeof problem>[0]) => {
        const refusal = await problem(call, status);
        expect(refusal.code).toBe('appointment_charged');
        expect(refusal.detail).toMatch(/charged/);
      };

      // Charged, nothing collected yet: calling it off or deleting it is refused, and nothing changes.
      const a = await appointment();
      expect(a.status).toBe('APPOINTMENT_STATUS_PENDING');
      const { sale } = await ok(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1) } }), 201);
      await charged(409, setStatus(a, 'APPOINTMENT_STATUS_CANCELLED'));
      await charged(409, setStatus(a, 'APPOINTMENT_STATUS_REJECTED'));
      const before = await current(a);
      await charged(
        409,
        updateAppointment({
          client: owner.client,
          path: where(a),
          body: { appointment: { version: before.version, customerId, services: [{ id: serviceId }], startDate: before.startDate, endDate: before.endDate, status: 'APPOINTMENT_STATUS_CANCELLED' } },
        }),
      );
      await charged(409, deleteAppointment({ client: owner.client, path: where(a) }));
      expect(await current(a)).toMatchObject({ status: 'APPOINTMENT_STATUS_PENDING', version: before.version });
      expect((await ok(getSale({ client: owner.client, path: path(sale.id) }))).sale.appointmentId).toBe(a.id);
      // Confirming it keeps the sale consistent: allowed.
      await ok(setStatus(a, 'APPOINTMENT_STATUS_CONFIRMED'));

      // Its sale voided, the appointment is free to be cancelled, and then deleted.
      await ok(voidSale({ client: owner.client, path: path(sale.id), body: { version: sale.version } }));
      expect((await ok(setStatus(a, 'APPOINTMENT_STATUS_CANCELLED'))).appointment.status).toBe('APPOINTMENT_STATUS_CANCELLED');
      await ok(deleteAppointment({ client: owner.client, path: where(a) }), 204);

      // Paid and then wholly refunded: it may be cancelled, but it stays in the history (no delete).
      const b = await appointment();
      const { sale: paid } = await ok(createSale({ client: member.client, path: path(), body: { sale: charge(b, item.id, 1, [{ paymentMethodId: cash.id, amount: eur(4395) }]) } }), 201);
      await charged(409, setStatus(b, 'APPOINTMENT_STATUS_CANCELLED'));
      await ok(
        refundSale({
          client: owner.client,
          path: path(paid.id),
          body: { version: paid.version, lines: [{ position: 0, quantity: 1 }, { position: 1, quantity: 1, restock: true }], payments: [{ paymentMethodId: cash.id, amount: eur(4395) }] },
        }),
        201,
      );
      expect((await ok(setStatus(b, 'APPOINTMENT_STATUS_CANCELLED'))).appointment.status).toBe('APPOINTMENT_STATUS_CANCELLED');
      await charged(409, deleteAppointment({ client: owner.client, path: where(b) }));
      expect((await current(b)).status).toBe('APPOINTMENT_STATUS_CANCELLED');
    });

    it('answers a retried charge with the one sale, and a reused id with another body 422', async () => {
      const a = await appointment();
      const item = await product(5);
      const id = randomUUID();
      const body = { sale: charge(a, item.id, 1, [{ paymentMethodId: card.id, amount: eur(1000) }]) };
      const first = (await ok(createSale({ client: member.client, path: path(id), body }), 201)).sale;
      const again = (await ok(createSale({ client: member.client, path: path(id), body }), 201)).sale;
      expect(again.id).toBe(first.id);
      expect(again.paidAmount).toEqual(eur(1000));
      expect((await ok(listSales({ client: owner.client, path: { tenantId: tenant.id }, query: { appointmentId: a.id } }))).total).toBe(1);
      expect(await stock(item.id)).toBe(4);
      const reused = await problem(createSale({ client: member.client, path: path(id), body: { sale: charge(a, item.id, 2) } }), 422);
      expect(codeOf(reused)).toBe('idempotency_key_reused');
    });

    it('voids a walk-in sale with nothing collected (owners and admins): stock back, then refuses anything more', async () => {
      const item = await product(3);
      const walkIn: SaleInput = {
        operationType: 'OPERATION_TYPE_PRODUCT_SALE',
        lines: [{ kind: 'SALE_LINE_KIND_PRODUCT', itemId: item.id, name: 'Champú', quantity: 2, unitPrice: eur(1895), taxPercentage: 21 }],
      };
      const { sale } = await ok(createSale({ client: member.client, path: path(), body: { sale: walkIn } }), 201);
      expect(sale).toMatchObject({ operationType: 'OPERATION_TYPE_PRODUCT_SALE', appointmentId: null, paymentStatus: 'SALE_STATUS_UNPAID' });
      expect(await stock(item.id)).toBe(1);
      await problem(voidSale({ client: member.client, path: path(sale.id), body: { version: sale.version } }), 403);
      const voided = (await ok(voidSale({ client: admin.client, path: path(sale.id), body: { version: sale.version, reason: 'Error' } }))).sale;
      expect(voided).toMatchObject({ lifecycle: 'SALE_LIFECYCLE_VOIDED', voidReason: 'Error', outstandingAmount: eur(0) });
      expect(await stock(item.id)).toBe(3);
      expect(await movementsSum(item.id)).toBe(3);
      expect(codeOf(await problem(voidSale({ client: owner.client, path: path(sale.id), body: { version: voided.version } }), 409))).toBe('sale_voided');
      expect(
        codeOf(
          await problem(
            createPaymentTransaction({ client: member.client, path: path(), body: { paymentTransaction: { referenceId: sale.id, operationType: 'OPERATION_TYPE_PRODUCT_SALE', amount: eur(100), paymentMethodId: cash.id } } }),
            409,
          ),
        ),
      ).toBe('sale_voided');

      // A sale with a payment is refunded, not voided.
      const { sale: paid } = await ok(createSale({ client: member.client, path: path(), body: { sale: { ...walkIn, payments: [{ paymentMethodId: cash.id, amount: eur(100) }] } } }), 201);
      expect(codeOf(await problem(voidSale({ client: owner.client, path: path(paid.id), body: { version: paid.version } }), 409))).toBe('sale_has_payments');
    });

    it('refunds a line with restock and money back (owners and admins); never more than sold', async () => {
      const a = await appointment();
      const item = await product(4);
      const { sale } = await ok(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 2, [{ paymentMethodId: card.id, amount: eur(6290) }]) } }), 201);
      expect(await stock(item.id)).toBe(2);
      const refundBody = { version: sale.version, reason: 'No le sentó bien', lines: [{ position: 1, quantity: 1, restock: true }], payments: [{ paymentMethodId: cash.id, amount: eur(1895) }] };
      await problem(refundSale({ client: member.client, path: path(sale.id), body: refundBody }), 403);
      const result = await ok(refundSale({ client: owner.client, path: path(sale.id), body: refundBody, headers: { 'Idempotency-Key': `refund-${randomUUID()}` } }), 201);
      expect(result.refund).toMatchObject({ refundOfSaleId: sale.id, totals: { total: eur(-1895) }, paymentStatus: 'SALE_STATUS_REFUNDED' });
      expect(result.refund.lines[0]).toMatchObject({ quantity: -1, refundOfPosition: 1, lineTotal: eur(-1895) });
      expect(result.refund.taxBreakdown.reduce((sum, b) => sum + b.base.amount + b.tax.amount, 0)).toBe(-1895);
      expect(result.sale).toMatchObject({ paymentStatus: 'SALE_STATUS_PARTIALLY_REFUNDED', refundedAmount: eur(1895), paidAmount: eur(4395), refundSaleIds: [result.refund.id] });
      expect(result.sale.lines[1]!.refundedQuantity).toBe(1);
      expect(result.paymentTransactions).toEqual([expect.objectContaining({ kind: 'PAYMENT_TRANSACTION_KIND_REFUND', amount: eur(1895), refundSaleId: result.refund.id })]);
      expect(await stock(item.id)).toBe(3);
      expect(await movementsSum(item.id)).toBe(3);

      const tooMany = await problem(
        refundSale({ client: owner.client, path: path(sale.id), body: { version: result.sale.version, lines: [{ position: 1, quantity: 2 }], payments: [] } }),
        422,
      );
      expect(codeOf(tooMany)).toBe('refund_exceeds_sold');
      const tooMuchMoney = await problem(
        refundSale({ client: owner.client, path: path(sale.id), body: { version: result.sale.version, lines: [{ position: 0, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: eur(2600) }] } }),
        422,
      );
      expect(codeOf(tooMuchMoney)).toBe('refund_exceeds_paid');
      const stale = await problem(refundSale({ client: owner.client, path: path(sale.id), body: { version: sale.version, lines: [{ position: 0, quantity: 1 }] } }), 409);
      expect(codeOf(stale)).toBe('stale_version');

      // The rest of it, without restocking: REFUNDED, the stock unchanged.
      const rest = await ok(
        refundSale({
          client: admin.client,
          path: path(sale.id),
          body: { version: result.sale.version, lines: [{ position: 0, quantity: 1 }, { position: 1, quantity: 1 }], payments: [{ paymentMethodId: card.id, amount: eur(4395) }] },
        }),
        201,
      );
      expect(rest.sale).toMatchObject({ paymentStatus: 'SALE_STATUS_REFUNDED', paidAmount: eur(0), outstandingAmount: eur(0) });
      expect(rest.refund.totals.total.amount + result.refund.totals.total.amount).toBe(-6290);
      expect(await stock(item.id)).toBe(3);
    });

    it('moves a pending payment to completed or failed, once', async () => {
      const a = await appointment();
      const item = await product(1);
      const { sale } = await ok(createSale({ client: member.client, path: path(), body: { sale: charge(a, item.id, 1) } }), 201);
      const { paymentTransaction: pending } = await ok(
        createPaymentTransaction({
          client: member.client,
          path: path(),
          body: { paymentTransaction: { referenceId: sale.id, operationType: 'OPERATION_TYPE_APPOINTMENT_SALE', amount: eur(4395), paymentMethodId: card.id, status: 'PAYMENT_TRANSACTION_STATUS_PENDING' } },
        }),
        201,
      );
      expect((await ok(getSale({ client: member.client, path: path(sale.id) }))).sale.paymentStatus).toBe('SALE_STATUS_UNPAID');
      const done = (
        await ok(changePaymentTransactionStatus({ client: member.client, path: path(pending.id), body: { status: 'PAYMENT_TRANSACTION_STATUS_COMPLETED', version: pending.version } }))
      ).paymentTransaction;
      expect(done.status).toBe('PAYMENT_TRANSACTION_STATUS_COMPLETED');
      expect((await ok(getSale({ client: member.client, path: path(sale.id) }))).sale.paymentStatus).toBe('SALE_STATUS_PAID');
      const again = await problem(changePaymentTransactionStatus({ client: member.client, path: path(pending.id), body: { status: 'PAYMENT_TRANSACTION_STATUS_FAILED', version: done.version } }), 409);
      expect(codeOf(again)).toBe('invalid_transition');
    });

    it('hides a business’s sales and payments from another business (404) and lists with totals', async () => {
      const list = await ok(listSales({ client: owner.client, path: { tenantId: tenant.id }, query: { q: 'lucia', sort: '-total' } }));
      expect(list.total).toBeGreaterThan(0);
      expect(list.items.every((s) => s.customer?.name === 'Lucía García')).toBe(true);
      const sale = list.items[0]!;
      await problem(getSale({ client: stranger.owner.client, path: path(sale.id) }), 404);
      await problem(getSale({ client: stranger.owner.client, path: { tenantId: stranger.tenant.id, id: sale.id } }), 404);
      await problem(voidSale({ client: stranger.owner.client, path: path(sale.id), body: { version: sale.version } }), 404);
      const sum = list.items.filter((s) => s.lifecycle === 'SALE_LIFECYCLE_COMPLETED').reduce((acc, s) => acc + s.totals.total.amount, 0);
      if (list.items.length === list.total) expect(list.totals.total.amount).toBe(sum);
    });

    it('sums the day per method and member in the cash-up (a member sees their own)', async () => {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
      const full = await ok(getCashUp({ client: owner.client, path: { tenantId: tenant.id }, query: { date: day } }));
      expect(full.rows.length).toBeGreaterThan(0);
      expect(full.total.amount).toBe(full.rows.reduce((sum, row) => sum + row.net.amount, 0));
      expect(full.byMethod.reduce((sum, row) => sum + row.net.amount, 0)).toBe(full.total.amount);
      const own = await ok(getCashUp({ client: member.client, path: { tenantId: tenant.id }, query: { date: day } }));
      expect(own.rows.every((row) => row.userId === member.userId)).toBe(true);
    });

    it('shows a member of a business that does not share calendars only their own sales, payments and invoices (404 for the rest)', async () => {
      const sharing = (on: boolean) => ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { membersSeeTeamCalendars: on } } }));
      const walkIn = (userId: string, amount: number): SaleInput => ({
        operationType: 'OPERATION_TYPE_PRODUCT_SALE',
        userId,
        customer: { name: 'Visibilidad Prueba' },
        lines: [{ kind: 'SALE_LINE_KIND_SERVICE', itemId: serviceId, name: 'Corte', quantity: 1, unitPrice: eur(amount), taxPercentage: 21 }],
        payments: [{ paymentMethodId: cash.id, amount: eur(amount) }],
      });
      const ownersAppointment = await appointment();
      const ownersSale = (await ok(createSale({ client: owner.client, path: path(), body: { sale: walkIn(owner.userId, 3100) } }), 201)).sale;
      const paymentsOf = async (saleId: string) =>
        (await ok(listPaymentTransactions({ client: owner.client, path: { tenantId: tenant.id }, query: { referenceId: saleId, operationType: 'OPERATION_TYPE_PRODUCT_SALE' } }))).items;
      const [ownersPayment] = await paymentsOf(ownersSale.id);
      const ownersInvoice = (await ok(createInvoice({ client: owner.client, path: { tenantId: tenant.id }, body: { invoice: { customer: { name: 'Visibilidad Prueba' }, saleId: ownersSale.id } } }), 201)).invoice;
      await sharing(false);
      try {
        const mine = (await ok(createSale({ client: member.client, path: path(), body: { sale: walkIn(member.userId, 1700) } }), 201)).sale;
        const myInvoice = (await ok(createInvoice({ client: member.client, path: { tenantId: tenant.id }, body: { invoice: { customer: { name: 'Visibilidad Prueba' }, saleId: mine.id } } }), 201)).invoice;

        // Lists: the member's own only, and the totals of what they see.
        const sales = await ok(listSales({ client: member.client, path: { tenantId: tenant.id }, query: { q: 'visibilidad', limit: 100 } }));
        expect(sales.items.map((s) => s.id)).toEqual([mine.id]);
        expect(sales.totals.total).toEqual(eur(1700));
        const asked = await ok(listSales({ client: member.client, path: { tenantId: tenant.id }, query: { userId: owner.userId, limit: 100 } }));
        expect(asked.items).toEqual([]);
        const payments = await ok(listPaymentTransactions({ client: member.client, path: { tenantId: tenant.id }, query: { limit: 200 } }));
        expect(payments.items.length).toBeGreaterThan(0);
        expect(payments.items.some((p) => p.id === ownersPayment!.id)).toBe(false);
        const [myPayment] = await paymentsOf(mine.id);
        expect(payments.items.some((p) => p.id === myPayment!.id)).toBe(true);
        const invoices = await ok(listInvoices({ client: member.client, path: { tenantId: tenant.id }, query: { limit: 100 } }));
        expect(invoices.items.map((i) => i.id)).toEqual([myInvoice.id]);

        // By id: exactly what another business's ids answer.
        await problem(getSale({ client: member.client, path: path(ownersSale.id) }), 404);
        await problem(getPaymentTransaction({ client: member.client, path: path(ownersPayment!.id) }), 404);
        await problem(getInvoice({ client: member.client, path: { tenantId: tenant.id, id: ownersInvoice.id } }), 404);
        await problem(getInvoicePdf({ client: member.client, path: { tenantId: tenant.id, id: ownersInvoice.id } }), 404);
        await problem(createInvoice({ client: member.client, path: { tenantId: tenant.id }, body: { invoice: { customer: { name: 'X' }, saleId: ownersSale.id } } }), 404);
        await problem(
          createPaymentTransaction({ client: member.client, path: path(), body: { paymentTransaction: { referenceId: ownersSale.id, operationType: 'OPERATION_TYPE_PRODUCT_SALE', amount: eur(100), paymentMethodId: cash.id } } }),
          404,
        );
        // Charging: their own appointments, in their own name.
        const chargeOwners: SaleInput = { ...walkIn(member.userId, 2500), operationType: 'OPERATION_TYPE_APPOINTMENT_SALE', appointmentId: ownersAppointment.id, payments: [] };
        delete chargeOwners.userId;
        expect(codeOf(await problem(createSale({ client: member.client, path: path(), body: { sale: chargeOwners } }), 422))).toBe('unknown_appointment');
        expect(codeOf(await problem(createSale({ client: member.client, path: path(), body: { sale: walkIn(owner.userId, 100) } }), 422))).toBe('unknown_user');
        // Owners see everything.
        expect((await ok(getSale({ client: owner.client, path: path(mine.id) }))).sale.id).toBe(mine.id);
      } finally {
        await sharing(true);
      }
      // Shared calendars: the member sees the team's sales again.
      expect((await ok(getSale({ client: member.client, path: path(ownersSale.id) }))).sale.id).toBe(ownersSale.id);
      expect((await ok(getInvoice({ client: member.client, path: { tenantId: tenant.id, id: ownersInvoice.id } }))).invoice.id).toBe(ownersInvoice.id);
    });

    it('a US business adds sales tax on top of its prices (130.65 for 120.00 at 8.875 %); its refund and invoice follow the sale, a Spanish one keeps tax included', async () => {
      // Spain: prices include IVA, €120.00 at 21 % holds 20.83 of tax.
      expect(tenant.pricesIncludeTax).toBe(true);
      const line = (amount: { amount: number; currency: string }, taxPercentage: number) => ({ kind: 'SALE_LINE_KIND_SERVICE' as const, name: 'Corte', quantity: 1, unitPrice: amount, taxPercentage });
      const spanish = (await ok(createSale({ client: owner.client, path: path(), body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', lines: [line(eur(12000), 21)] } } }), 201)).sale;
      expect(spanish).toMatchObject({ pricesIncludeTax: true, totals: { subtotal: eur(9917), tax: eur(2083), total: eur(12000) } });

      // New York: the country sets the mode (tax on top), which can change until the first sale.
      const us = await signUp(server(), 'till-us-owner');
      const shop = await newTenant(us, { country: 'US', taxPercentage: 8.875 });
      expect(shop).toMatchObject({ currency: { currencyCode: 'USD' }, pricesIncludeTax: false });
      const usPath = (id: string = randomUUID()) => ({ tenantId: shop.id, id });
      const usd = (amount: number) => ({ amount, currency: 'USD' });
      const toggled = (await ok(updateTenant({ client: us.client, path: { tenantId: shop.id }, body: { tenant: { pricesIncludeTax: true } } }))).tenant;
      expect(toggled.pricesIncludeTax).toBe(true);
      await ok(updateTenant({ client: us.client, path: { tenantId: shop.id }, body: { tenant: { pricesIncludeTax: false } } }));
      const usCash = (await ok(listPaymentMethods({ client: us.client, path: { tenantId: shop.id } }))).items.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      const sell = async () =>
        (
          await ok(
            createSale({
              client: us.client,
              path: usPath(),
              body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', customer: { name: 'Jane Doe' }, lines: [line(usd(12000), 8.875)], payments: [{ paymentMethodId: usCash.id, amount: usd(13065) }] } },
            }),
            201,
          )
        ).sale;
      const sale = await sell();
      expect(sale).toMatchObject({ pricesIncludeTax: false, totals: { subtotal: usd(12000), tax: usd(1065), total: usd(13065) }, paymentStatus: 'SALE_STATUS_PAID', paidAmount: usd(13065) });
      expect(sale.taxBreakdown).toEqual([{ taxPercentage: 8.875, base: usd(12000), tax: usd(1065) }]);
      expect(sale.lines[0]).toMatchObject({ unitPrice: usd(12000), baseAmount: usd(12000), taxAmount: usd(1065), lineTotal: usd(13065) });

      // Its refund mirrors it: −130.65, tax −10.65, all the money back.
      const refunded = await ok(
        refundSale({ client: us.client, path: usPath(sale.id), body: { version: sale.version, lines: [{ position: 0, quantity: 1 }], payments: [{ paymentMethodId: usCash.id, amount: usd(13065) }] } }),
        201,
      );
      expect(refunded.refund).toMatchObject({ pricesIncludeTax: false, totals: { subtotal: usd(-12000), tax: usd(-1065), total: usd(-13065) } });
      expect(refunded.sale).toMatchObject({ paymentStatus: 'SALE_STATUS_REFUNDED', refundedAmount: usd(13065) });

      // The invoice drafted from a sale states the same prices without tax, so the same totals.
      const second = await sell();
      const invoice = (await ok(createInvoice({ client: us.client, path: { tenantId: shop.id }, body: { invoice: { customer: { name: 'Jane Doe' }, saleId: second.id } } }), 201)).invoice;
      expect(invoice).toMatchObject({ saleId: second.id, pricesIncludeTax: false, totals: { subtotal: usd(12000), tax: usd(1065), total: usd(13065) } });
      expect(invoice.lines[0]).toMatchObject({ unitPrice: usd(12000), taxPercentage: 8.875 });

      // Sold: the mode is locked, like the currency; the same value still saves.
      const locked = await problem(updateTenant({ client: us.client, path: { tenantId: shop.id }, body: { tenant: { pricesIncludeTax: true } } }), 422);
      expect(codeOf(locked)).toBe('prices_include_tax_locked');
      expect((await ok(updateTenant({ client: us.client, path: { tenantId: shop.id }, body: { tenant: { pricesIncludeTax: false, taxName: 'Sales tax' } } }))).tenant.pricesIncludeTax).toBe(false);
    });

    it('a US sale refunded one line at a time leaves no cent behind: $2.15 back as $1.07 + $1.08, its invoice rectified the same', async () => {
      const us = await signUp(server(), 'till-us-cent');
      const shop = await newTenant(us, { country: 'US', taxPercentage: 7.25 });
      expect(shop.pricesIncludeTax).toBe(false);
      const usPath = (id: string = randomUUID()) => ({ tenantId: shop.id, id });
      const usd = (amount: number) => ({ amount, currency: 'USD' });
      const usCash = (await ok(listPaymentMethods({ client: us.client, path: { tenantId: shop.id } }))).items.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      const line = (name: string) => ({ kind: 'SALE_LINE_KIND_SERVICE' as const, name, quantity: 1, unitPrice: usd(100), taxPercentage: 7.25 });
      // Two $1.00 lines at 7.25 % on top: $2.00 + $0.15 (0.145 rounded once), all paid in cash.
      const { sale } = await ok(
        createSale({
          client: us.client,
          path: usPath(),
          body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', customer: { name: 'Jane Doe' }, lines: [line('Brow tint'), line('Lash tint')], payments: [{ paymentMethodId: usCash.id, amount: usd(215) }] } },
        }),
        201,
      );
      expect(sale).toMatchObject({ totals: { subtotal: usd(200), tax: usd(15), total: usd(215) }, paymentStatus: 'SALE_STATUS_PAID' });
      // Invoiced (a simplified invoice, issued), so each refund also gets its rectifying invoice.
      const draft = (await ok(createInvoice({ client: us.client, path: { tenantId: shop.id }, body: { invoice: { kind: 'INVOICE_KIND_SIMPLIFIED', customer: { name: 'Jane Doe' }, saleId: sale.id } } }), 201)).invoice;
      const invoice = (await ok(issueInvoice({ client: us.client, path: { tenantId: shop.id, id: draft.id }, body: { version: draft.version } }))).invoice;
      expect(invoice).toMatchObject({ status: 'INVOICE_STATUS_ISSUED', totals: { total: usd(215), tax: usd(15) } });

      // Line 1: $1.00 + $0.07 back.
      const current = async () => (await ok(getSale({ client: us.client, path: usPath(sale.id) }))).sale;
      const first = await ok(
        refundSale({ client: us.client, path: usPath(sale.id), body: { version: (await current()).version, lines: [{ position: 0, quantity: 1 }], payments: [{ paymentMethodId: usCash.id, amount: usd(107) }] } }),
        201,
      );
      expect(first.refund.totals).toMatchObject({ subtotal: usd(-100), tax: usd(-7), total: usd(-107) });
      expect(first.sale).toMatchObject({ paymentStatus: 'SALE_STATUS_PARTIALLY_REFUNDED', refundedAmount: usd(107), outstandingAmount: usd(0) });
      // The sale tells the till what was taken back of each line, tax apart, so that it can propose the next refund.
      expect(first.sale.lines.map((l) => [l.refundedQuantity, l.refundedAmount, l.refundedDiscountAmount, l.refundedTaxAmount])).toEqual([
        [1, usd(100), usd(0), usd(7)],
        [0, usd(0), usd(0), usd(0)],
      ]);
      expect((await current()).lines[0]).toMatchObject({ refundedAmount: usd(100), refundedTaxAmount: usd(7) });
      // Line 2: the last of the 7.25 % rate takes the $0.08 of tax left, so $1.08 back (not $1.07: the cent would stay collected).
      const lastTooSmall = await problem(
        refundSale({ client: us.client, path: usPath(sale.id), body: { version: first.sale.version, lines: [{ position: 1, quantity: 1 }], payments: [{ paymentMethodId: usCash.id, amount: usd(107) }] } }),
        422,
      );
      expect(codeOf(lastTooSmall)).toBe('refund_exceeds_paid');
      const second = await ok(
        refundSale({ client: us.client, path: usPath(sale.id), body: { version: first.sale.version, lines: [{ position: 1, quantity: 1 }], payments: [{ paymentMethodId: usCash.id, amount: usd(108) }] } }),
        201,
      );
      expect(second.refund.totals).toMatchObject({ subtotal: usd(-100), tax: usd(-8), total: usd(-108) });
      expect(second.refund.taxBreakdown).toEqual([{ taxPercentage: 7.25, base: usd(-100), tax: usd(-8) }]);
      expect(first.refund.totals.total.amount + second.refund.totals.total.amount).toBe(-215);
      expect(first.refund.totals.tax.amount + second.refund.totals.tax.amount).toBe(-15);
      expect(second.sale).toMatchObject({ paymentStatus: 'SALE_STATUS_REFUNDED', refundedAmount: usd(215), paidAmount: usd(0), outstandingAmount: usd(0) });
      expect(second.sale.lines.map((l) => l.refundedQuantity)).toEqual([1, 1]);

      // The rectifying invoices follow the refunds: −1.07 and −1.08, together the invoice's −2.15 and −0.15.
      const credits = await Promise.all(
        [first.refund.invoiceId, second.refund.invoiceId].map(async (id) => (await ok(getInvoice({ client: us.client, path: { tenantId: shop.id, id: id! } }))).invoice),
      );
      expect(credits.map((c) => [c.kind, c.totals.total.amount, c.totals.tax.amount])).toEqual([
        ['INVOICE_KIND_CREDIT_NOTE', -107, -7],
        ['INVOICE_KIND_CREDIT_NOTE', -108, -8],
      ]);
      expect(credits[1]!.taxBreakdown.map((b) => [b.taxPercentage, b.base.amount, b.tax.amount])).toEqual([[7.25, -100, -8]]);

      // The till agrees: the sale and its refunds net to zero, nothing outstanding.
      const listed = await ok(listSales({ client: us.client, path: { tenantId: shop.id } }));
      expect(listed.totals).toMatchObject({ total: usd(0), tax: usd(0), outstanding: usd(0) });
    });

    it('locks the currency once the business has sales', async () => {
      const p = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { currency: { currencyCode: 'USD' } } } }), 422);
      expect(codeOf(p)).toBe('currency_locked');
    });
  });
}
