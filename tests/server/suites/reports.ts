// Reports, statistics and the dashboard (issue 20): one revenue definition checked against a fixture
// whose every figure is computed by hand below (sales on three local days, a sale after 23:00 UTC that
// belongs to the next Madrid day, a refund, a void, a partial payment, a tip, two tax rates, two
// members); a member's own figures; another business's ids; the CSVs read as a spreadsheet would with
// both separators (no formula cell); keyset pages; a done appointment not charged, then charged.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeAppointmentStatus,
  createAppointment,
  createCustomer,
  createService,
  createSale,
  createTimeOff,
  fetchStatistics,
  getDashboard,
  getSalesDetailedReport,
  getSalesSummaryReport,
  listPaymentMethods,
  refundSale,
  updateTenant,
  updateWorkingHours,
  voidSale,
} from '../../../generated/sdk.gen.ts';
import type { PaymentMethod, SaleInput, SalesDetailedRow, Tenant } from '../../../generated/types.gen.ts';
import { join, newTenant, ok, problem, signUp, type Actor, type TestServer } from '../harness.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const allWeek = () => {
  const day = [{ start: '08:00', end: '20:00' }];
  return { timeZone: 'Europe/Madrid', weekly: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day } };
};
/** A local date in Madrid, `offset` days from today. */
const madridDay = (offset: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/** A CSV read as a spreadsheet reads it: quoted fields, doubled quotes, `delimiter` between cells, CRLF records. */
function spreadsheet(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
/** A cell a spreadsheet would run as a formula. */
const formula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d[\d ]*([.,]\d+)?$/.test(cell);

export function reportsSuite(server: () => TestServer) {
  describe('reports, statistics and the dashboard', () => {
    let owner: Actor;
    let member: Actor;
    let tenant: Tenant;
    let stranger: { owner: Actor; tenant: Tenant };
    let cash: PaymentMethod;
    let card: PaymentMethod;
    const [d0, d1, d2, today] = [madridDay(-3), madridDay(-2), madridDay(-1), madridDay(0)];
    const corte = { kind: 'SALE_LINE_KIND_SERVICE' as const, name: 'Corte', quantity: 1, unitPrice: eur(2500), taxPercentage: 21 };
    const masaje = { kind: 'SALE_LINE_KIND_SERVICE' as const, name: 'Masaje', quantity: 1, unitPrice: eur(4000), taxPercentage: 10 };
    const champu = { kind: 'SALE_LINE_KIND_SERVICE' as const, name: 'Champú', quantity: 2, unitPrice: eur(1895), taxPercentage: 21 };
    const sell = async (actor: Actor, sale: Partial<SaleInput>) =>
      (await ok(createSale({ client: actor.client, path: { tenantId: tenant.id, id: randomUUID() }, body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', lines: [], ...sale } } }), 201)).sale;
    const summary = (actor: Actor, from: string, to: string, extra: object = {}, tenantId = tenant.id) =>
      getSalesSummaryReport({ client: actor.client, path: { tenantId }, body: { startDate: from, endDate: to, groupBy: 'REPORT_GROUPING_DAY', ...extra } });
    const csv = (actor: Actor, path: string, query: Record<string, string>) =>
      fetch(`${server().baseUrl}/v1/tenants/${tenant.id}/reports/${path}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${actor.token}` } });

    beforeAll(async () => {
      const s = server();
      owner = await signUp(s, 'books-owner');
      tenant = await newTenant(owner, { opening_hours: allWeek(), timeZone: 'Europe/Madrid' } as never);
      member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'books-member');
      const other = await signUp(s, 'books-stranger');
      stranger = { owner: other, tenant: await newTenant(other) };
      const methods = (await ok(listPaymentMethods({ client: owner.client, path: { tenantId: tenant.id } }))).items;
      cash = methods.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CASH')!;
      card = methods.find((m) => m.kind === 'PAYMENT_METHOD_KIND_CARD')!;

      // S1 (owner, d0): Corte 25.00 + 2 × Champú 18.95, all at 21 % = 62.90 → base round(6290 / 1.21) = 5198, tax 1092; paid by card.
      const s1 = await sell(owner, { soldAt: `${d0}T12:00:00Z`, lines: [corte, champu], payments: [{ paymentMethodId: card.id, amount: eur(6290) }] });
      // S2 (member, 23:30 UTC on d0 = 00:30 in Madrid on d1): Masaje 40.00 at 10 % → base round(4000 / 1.1) = 3636, tax 364;
      // 15.00 paid in cash, 25.00 outstanding. Its customer's name would be a formula in a spreadsheet.
      await sell(member, { soldAt: `${d0}T23:30:00Z`, customer: { name: '=HYPERLINK("http://x")' }, lines: [masaje], payments: [{ paymentMethodId: cash.id, amount: eur(1500) }] });
      // S3 (owner, d1): 25.00, voided: never counts.
      const s3 = await sell(owner, { soldAt: `${d1}T12:00:00Z`, lines: [corte] });
      await ok(voidSale({ client: owner.client, path: { tenantId: tenant.id, id: s3.id }, body: { version: s3.version, reason: 'Error' } }));
      // S4 (member, d2): Corte (21 %: 2066 + 434) + Masaje (10 %: 3636 + 364) = 65.00 by card with a 2.00 tip.
      await sell(member, { soldAt: `${d2}T12:00:00Z`, lines: [corte, masaje], payments: [{ paymentMethodId: card.id, amount: eur(6500), tipAmount: eur(200) }] });
      // R1 (owner, today): one Champú of S1 back by card: −18.95 → base −round(1895 / 1.21) = −1566, tax −329.
      await ok(
        refundSale({
          client: owner.client,
          path: { tenantId: tenant.id, id: s1.id },
          body: { version: s1.version, lines: [{ position: 1, quantity: 1 }], payments: [{ paymentMethodId: card.id, amount: eur(1895) }] },
          headers: { 'Idempotency-Key': randomUUID() },
        }),
        201,
      );
      // The stranger's business sells too: none of it may appear here.
      await ok(
        createSale({
          client: stranger.owner.client,
          path: { tenantId: stranger.tenant.id, id: randomUUID() },
          body: { sale: { operationType: 'OPERATION_TYPE_PRODUCT_SALE', soldAt: `${d0}T12:00:00Z`, lines: [{ ...corte, unitPrice: eur(99900) }] } },
        }),
        201,
      );
    }, 120_000);

    it('sums net sales by the sale\'s local date: refunds negative, voids out, per rate as the sales\' breakdowns', async () => {
      const { report } = await ok(summary(owner, d0, today));
      expect(report.scope).toBe('REPORT_SCOPE_TENANT');
      const days = report.rows.map((r) => [r.periodStart, r.salesCount, r.total.amount, r.subtotal.amount, r.tax.amount, r.refunds.amount, r.tips.amount]);
      expect(days).toEqual([
        [d0, 1, 6290, 5198, 1092, 0, 0],
        [d1, 1, 4000, 3636, 364, 0, 0],
        [d2, 1, 6500, 5702, 798, 0, 200],
        [today, 0, -1895, -1566, -329, 1895, 0],
      ]);
      // 6290 + 4000 + 6500 − 1895 = 14895 net; 3 sales → average ticket round(14895 / 3) = 4965.
      expect(report.totals).toMatchObject({ salesCount: 3, total: eur(14895), subtotal: eur(12970), tax: eur(1925), refunds: eur(1895), refundsCount: 1, tips: eur(200), averageTicket: eur(4965) });
      // 10 %: 3636 + 3636 = 7272 and 364 + 364 = 728; 21 %: 5198 + 2066 − 1566 = 5698 and 1092 + 434 − 329 = 1197.
      expect(report.byTaxRate).toEqual([
        { taxPercentage: 10, base: eur(7272), tax: eur(728), total: eur(8000) },
        { taxPercentage: 21, base: eur(5698), tax: eur(1197), total: eur(6895) },
      ]);
      // Owner: S1 − R1 = 4395 in one sale; member: S2 + S4 = 10500 in two.
      expect(report.byUser.map((u) => [u.userId, u.salesCount, u.total.amount])).toEqual([
        [member.userId, 2, 10500],
        [owner.userId, 1, 4395],
      ]);
      // Collected by payment date (all taken today): 6290 + 1500 + 6500 − 1895 = 12395, tips apart;
      // outstanding: S2's 25.00 only (S1 is paid for what it still stands for).
      expect(report.revenue).toMatchObject({ netSales: eur(14895), netSalesBase: eur(12970), collected: eur(12395), outstanding: { count: 1, amount: eur(2500) }, invoiced: eur(0) });
      const byMethod = Object.fromEntries(report.byPaymentMethod.map((m) => [m.paymentMethodId, [m.count, m.amount.amount, m.refunds?.amount]]));
      expect(byMethod).toEqual({ [card.id]: [2, 6290 + 6500 - 1895, 1895], [cash.id]: [1, 1500, 0] });

      // The same week by sale date but without today: nothing was collected on those days.
      const before = (await ok(summary(owner, d0, d2))).report;
      expect(before.revenue.collected).toEqual(eur(0));
      expect(before.totals.total).toEqual(eur(16790));

      // Weeks and months hold the same sum; filters narrow it.
      expect((await ok(summary(owner, d0, today, { groupBy: 'REPORT_GROUPING_MONTH' }))).report.totals.total).toEqual(eur(14895));
      const tenPercent = (await ok(summary(owner, d0, today, { filters: { taxPercentage: 10 } }))).report;
      expect(tenPercent.totals.total).toEqual(eur(10500));
      // The rows count the sales that have a 10 % line (S2, S4); per rate and per item, only those lines (two Masajes).
      expect(tenPercent.byTaxRate).toEqual([{ taxPercentage: 10, base: eur(7272), tax: eur(728), total: eur(8000) }]);
      expect(tenPercent.byItem.map((item) => [item.itemName, item.quantity, item.total.amount])).toEqual([['Masaje', 2, 8000]]);
      expect((await ok(summary(owner, d0, today, { filters: { paymentMethodId: cash.id } }))).report.totals.total).toEqual(eur(4000));
      // The refund R1 follows its original S1's card payment: S1 62.90 + S4 65.00 − R1 18.95.
      expect((await ok(summary(owner, d0, today, { filters: { paymentMethodId: card.id } }))).report.totals.total).toEqual(eur(10895));
    });

    it('gives a member only their own figures, and refuses them anyone else\'s', async () => {
      const { report } = await ok(summary(member, d0, today));
      expect(report.scope).toBe('REPORT_SCOPE_USER');
      expect(report.totals).toMatchObject({ salesCount: 2, total: eur(10500) });
      expect(report.byUser.map((u) => u.userId)).toEqual([member.userId]);
      expect(report.revenue.collected).toEqual(eur(8000));
      await problem(summary(member, d0, today, { filters: { userId: owner.userId } }), 403);
      await problem(fetchStatistics({ client: member.client, path: { tenantId: tenant.id, userId: member.userId }, body: { start_date: d0, end_date: today, locale: 'en-US', scope: 'STATISTICS_SCOPE_TENANT' } }), 403);
      await problem(fetchStatistics({ client: member.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { start_date: d0, end_date: today, locale: 'en-US' } }), 403);
      expect((await csv(member, 'invoice-register.csv', { startDate: d0, endDate: today })).status).toBe(403);
      const detailed = (await ok(getSalesDetailedReport({ client: member.client, path: { tenantId: tenant.id }, body: { startDate: d0, endDate: today } }))).report;
      expect(new Set(detailed.rows.map((r) => r.userId))).toEqual(new Set([member.userId]));
      const home = (await ok(getDashboard({ client: member.client, query: { tenantId: tenant.id } }))).dashboard;
      expect(home.scope).toBe('REPORT_SCOPE_USER');
      expect(home.money?.outstanding).toEqual({ count: 1, amount: eur(2500) });
    });

    it('gives a member the business\'s figures once the business says so (membersSeeTeamFigures), never the invoice register', async () => {
      const letMembers = (on: boolean) => ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { membersSeeTeamFigures: on } } }));
      expect((await letMembers(true)).tenant.membersSeeTeamFigures).toBe(true);
      try {
        const { report } = await ok(summary(member, d0, today));
        expect(report.scope).toBe('REPORT_SCOPE_TENANT');
        expect(report.totals).toMatchObject({ salesCount: 3, total: eur(14895) });
        expect((await ok(summary(member, d0, today, { filters: { userId: owner.userId } }))).report.totals.total).toEqual(eur(4395));
        const stats = (await ok(fetchStatistics({ client: member.client, path: { tenantId: tenant.id, userId: member.userId }, body: { start_date: d0, end_date: today, locale: 'en-US', scope: 'STATISTICS_SCOPE_TENANT' } }))).statistics;
        expect(stats.byMember.find((m) => m.userId === owner.userId)?.revenue).toEqual(eur(4395));
        expect((await ok(getDashboard({ client: member.client, query: { tenantId: tenant.id } }))).dashboard.scope).toBe('REPORT_SCOPE_TENANT');
        expect((await csv(member, 'invoice-register.csv', { startDate: d0, endDate: today })).status).toBe(403);
        // A member may not change the setting themselves.
        await problem(updateTenant({ client: member.client, path: { tenantId: tenant.id }, body: { tenant: { membersSeeTeamFigures: false } } }), 403);
      } finally {
        expect((await letMembers(false)).tenant.membersSeeTeamFigures).toBe(false);
      }
      expect((await ok(summary(member, d0, today))).report.scope).toBe('REPORT_SCOPE_USER');
    });

    it('answers 404 for another business and 422 naming the field for a bad range or cursor', async () => {
      await problem(summary(stranger.owner, d0, today, {}, tenant.id), 404);
      await problem(getDashboard({ client: stranger.owner.client, query: { tenantId: tenant.id } }), 404);
      const strangers = (await ok(summary(stranger.owner, d0, today, {}, stranger.tenant.id))).report;
      expect(strangers.totals.total).toEqual(eur(99900));
      const inverted = await problem(summary(owner, today, d0), 422);
      expect(inverted.errors?.[0]).toMatchObject({ field: '/endDate', code: 'end_before_start' });
      const long = await problem(summary(owner, '2025-01-01', '2026-01-02'), 422);
      expect(long.errors?.[0]).toMatchObject({ field: '/endDate', code: 'range_too_long' });
      const cursor = await problem(
        getSalesDetailedReport({ client: owner.client, path: { tenantId: tenant.id }, query: { after: 'bm90LWEtY3Vyc29y' }, body: { startDate: d0, endDate: today } }),
        422,
      );
      expect(cursor.errors?.[0]).toMatchObject({ field: 'after', code: 'invalid_cursor' });
      expect((await csv(owner, 'sales-detailed.csv', { startDate: '2025-01-01', endDate: '2026-06-01' })).status).toBe(422);
    });

    it('pages the detailed report by keyset: every line once, in sale order, the first page with totals over all lines', async () => {
      const seen: SalesDetailedRow[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const { report } = await ok(
          getSalesDetailedReport({ client: owner.client, path: { tenantId: tenant.id }, query: { limit: 2, ...(after ? { after } : {}) }, body: { startDate: d0, endDate: today } }),
        );
        if (page === 0) {
          // S1 2 lines + S2 1 + S4 2 + R1 1 = 6 lines; 3 sales; totals as the summary's.
          expect(report.total).toBe(6);
          expect(report.totals).toMatchObject({ salesCount: 3, total: eur(14895), tax: eur(1925) });
        } else {
          // A later page is the walk alone: the first page's count and totals are not computed again.
          expect([report.total, report.totals, report.groups]).toEqual([undefined, undefined, undefined]);
        }
        seen.push(...report.rows);
        after = report.nextCursor;
        if (!after) break;
      }
      expect(seen.map((r) => [r.itemName, r.quantity, r.total.amount])).toEqual([
        ['Corte', 1, 2500],
        ['Champú', 2, 3790],
        ['Masaje', 1, 4000],
        ['Corte', 1, 2500],
        ['Masaje', 1, 4000],
        ['Champú', -1, -1895],
      ]);
      expect(seen[2]).toMatchObject({ periodStart: d1, taxPercentage: 10, paymentMethodIds: [cash.id] });

      // A line filter counts and sums the lines it keeps: at 10 %, the Masajes of S2 (d1 in Madrid) and S4 (d2), 3636 + 364 each.
      const { report: tenPercent } = await ok(
        getSalesDetailedReport({ client: owner.client, path: { tenantId: tenant.id }, query: { limit: 50 }, body: { startDate: d0, endDate: today, filters: { taxPercentage: 10 } } }),
      );
      expect(tenPercent.rows.map((r) => r.itemName)).toEqual(['Masaje', 'Masaje']);
      expect(tenPercent.total).toBe(2);
      expect(tenPercent.totals).toMatchObject({ salesCount: 2, subtotal: eur(7272), tax: eur(728), total: eur(8000) });
      expect(tenPercent.groups?.map((g) => [g.periodStart, g.salesCount, g.total.amount])).toEqual([
        [d1, 1, 4000],
        [d2, 1, 4000],
      ]);
    });

    it('writes the detailed CSV as es-ES (; and decimal comma) and en-US (RFC 4180) spreadsheets read it, with a BOM and no formula cell', async () => {
      const spanish = await csv(owner, 'sales-detailed.csv', { startDate: d0, endDate: today, locale: 'es-ES' });
      expect(spanish.status).toBe(200);
      expect(spanish.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      const bytes = new Uint8Array(await spanish.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const es = spreadsheet(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), ';');
      expect(es[0]!.slice(0, 3)).toEqual(['Fecha', 'Hora', 'Venta']);
      expect(es).toHaveLength(7);
      const champuBack = es.find((row) => row[8] === '-1')!;
      expect(champuBack.slice(9, 15)).toEqual(['18,95', '21', '-15,66', '0,00', '-3,29', '-18,95']);
      const masajeRow = es.find((row) => row[7] === 'Masaje')!;
      expect(masajeRow[0]).toBe(d1); // 23:30 UTC is the next day in Madrid
      expect(masajeRow[5]).toBe('\'=HYPERLINK("http://x")');
      expect(es.flat().filter(formula)).toEqual([]);

      const english = await (await csv(owner, 'sales-detailed.csv', { startDate: d0, endDate: today, locale: 'en-US' })).text();
      const en = spreadsheet(english.replace(/^\uFEFF/, ''), ',');
      expect(en[0]!.slice(0, 3)).toEqual(['Date', 'Time', 'Sale']);
      expect(en.find((row) => row[8] === '-1')!.slice(9, 15)).toEqual(['18.95', '21', '-15.66', '0.00', '-3.29', '-18.95']);
      expect(en.flat().filter(formula)).toEqual([]);
      // A spreadsheet's total of the Total column is the report's net sales.
      expect(en.slice(1).reduce((sum, row) => sum + Math.round(Number(row[14]) * 100), 0)).toBe(14895);
    });

    it('keeps a done appointment that was not charged apart from revenue, then counts its sale once', async () => {
      const parts = (date: string, hours: number) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hours, minutes: 0 });
      // Ten days ago (an appointment is marked done only once it has started), at 10:00 in Madrid.
      const day = madridDay(-10);
      const customerId = (await ok(createCustomer({ client: owner.client, path: { tenantId: tenant.id }, body: { customer: { name: 'Ana' } } }), 201)).customer.id;
      const serviceId = (
        await ok(createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: { name: 'Corte', durationMinutes: 30, price: eur(2500), color: '#12b886' } } }), 201)
      ).service.id;
      const { appointment } = await ok(
        createAppointment({
          client: owner.client,
          path: { tenantId: tenant.id, userId: owner.userId },
          body: { appointment: { customerId, services: [{ id: serviceId }], startDate: parts(day, 10), endDate: { ...parts(day, 10), minutes: 30 }, allowOutsideHours: true } },
        }),
        201,
      );
      const done = (
        await ok(changeAppointmentStatus({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId, id: appointment.id }, body: { status: 'APPOINTMENT_STATUS_DONE', version: appointment.version } }))
      ).appointment;
      const before = (await ok(summary(owner, day, day))).report;
      expect(before.revenue).toMatchObject({ netSales: eur(0), unbilledDoneAppointments: { count: 1, amount: eur(2500) } });
      await sell(owner, { operationType: 'OPERATION_TYPE_APPOINTMENT_SALE', appointmentId: done.id, soldAt: `${day}T12:00:00Z`, lines: [corte] });
      const after = (await ok(summary(owner, day, day))).report;
      expect(after.revenue).toMatchObject({ netSales: eur(2500), unbilledDoneAppointments: { count: 0, amount: eur(0) } });
      expect(after.totals).toMatchObject({ salesCount: 1, appointmentSalesCount: 1, productSalesCount: 0 });
    });

    it('measures occupancy against working minutes: own hours or the business\'s, breaks, time off and closed dates', async () => {
      const s = server();
      const boss = await signUp(s, 'books-occupancy');
      // The business opens 08:00–20:00 every day (720 minutes) and is closed on Wednesday 2030-03-06.
      const shop = await newTenant(boss, { opening_hours: { ...allWeek(), closedDates: [{ date: '2030-03-06', reason: 'Fiesta' }] }, timeZone: 'Europe/Madrid' } as never);
      const helper = await join(s, boss, shop, 'TEAM_ROLE_MEMBER', 'books-occupancy-member');
      // The owner works 09:00–13:00 and 15:00–19:00 (480 minutes); the member keeps the business's hours.
      const split = [{ start: '09:00', end: '13:00' }, { start: '15:00', end: '19:00' }];
      const weekly = { monday: split, tuesday: split, wednesday: split, thursday: split, friday: split, saturday: split, sunday: split };
      await ok(updateWorkingHours({ client: boss.client, path: { tenantId: shop.id, userId: boss.userId }, body: { workingHours: { inherit: false, weekly, version: 1 } } }));
      const at = (day: number, hours: number, minutes = 0) => ({ year: 2030, month: 3, day, hours, minutes });
      // Tuesday 12:30–16:00 off: 30 minutes of the morning and 60 of the afternoon.
      await ok(
        createTimeOff({
          client: boss.client,
          path: { tenantId: shop.id, userId: boss.userId },
          body: { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: at(5, 12, 30), endDate: at(5, 16), description: 'Médico' } },
        }),
        201,
      );
      // One hour booked on Monday.
      const customerId = (await ok(createCustomer({ client: boss.client, path: { tenantId: shop.id }, body: { customer: { name: 'Eva' } } }), 201)).customer.id;
      const serviceId = (await ok(createService({ client: boss.client, path: { tenantId: shop.id }, body: { service: { name: 'Tinte', durationMinutes: 60, price: eur(4000), color: '#12b886' } } }), 201)).service.id;
      await ok(
        createAppointment({
          client: boss.client,
          path: { tenantId: shop.id, userId: boss.userId },
          body: { appointment: { customerId, services: [{ id: serviceId }], startDate: at(4, 10), endDate: at(4, 11) } },
        }),
        201,
      );
      const range = { start_date: '2030-03-04', end_date: '2030-03-06', locale: 'en-US' as const };
      const business = (await ok(fetchStatistics({ client: boss.client, path: { tenantId: shop.id, userId: boss.userId }, body: { ...range, scope: 'STATISTICS_SCOPE_TENANT' } }))).statistics;
      // Monday 480 + 720 = 1,200; Tuesday (480 − 90) + 720 = 1,110; Wednesday closed: 0. 60 of 2,310 booked = 2.6 %.
      expect(business.occupancy).toEqual({ bookedMinutes: 60, availableMinutes: 2310, percentage: 2.6 });
      expect(business.daily.map((d) => d.occupancyPercentage)).toEqual([5, 0, 0]);
      const own = (await ok(fetchStatistics({ client: helper.client, path: { tenantId: shop.id, userId: helper.userId }, body: range }))).statistics;
      expect(own.occupancy).toEqual({ bookedMinutes: 0, availableMinutes: 1440, percentage: 0 });
    });

    it('statistics and the dashboard read the same net sales', async () => {
      const stats = (
        await ok(fetchStatistics({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { start_date: d0, end_date: today, locale: 'es-ES', scope: 'STATISTICS_SCOPE_TENANT' } }))
      ).statistics;
      expect(stats.revenue.total).toEqual(eur(14895));
      expect(stats.daily.map((d) => d.revenue.amount)).toEqual([6290, 4000, 6500, -1895]);
      expect(stats.byMember.find((m) => m.userId === member.userId)?.revenue).toEqual(eur(10500));
      expect(stats.appointments.byStatus.find((s) => s.status === 'APPOINTMENT_STATUS_DONE')?.label).toBe('Realizada');
      const mine = (await ok(fetchStatistics({ client: member.client, path: { tenantId: tenant.id, userId: member.userId }, body: { start_date: d0, end_date: today, locale: 'en-US' } }))).statistics;
      expect(mine.revenue.total).toEqual(eur(10500));

      const home = (await ok(getDashboard({ client: owner.client, query: { tenantId: tenant.id } }))).dashboard;
      expect(home.money?.revenueToday).toEqual(eur(-1895));
      // S2's 25.00 and the appointment's sale of the test above (25.00, nothing paid yet).
      expect(home.money?.outstanding).toEqual({ count: 2, amount: eur(5000) });
      // Hours, a team member, a service and an appointment (the test above) are there; the booking page is off.
      expect(home.checklist).toMatchObject({ hours: true, team: true, services: true, firstAppointment: true, bookingPage: false });
      expect(home.checklist.complete).toBe(false);
    });
  });
}
