// The money part of the durability campaign (durability.ts, issue 17): checkouts of appointments and
// walk-in sales with a product line (stock moves) and one or two payments, later payments, refunds
// (some restocking, some giving money back, an invoiced sale's refund issuing its rectifying invoice)
// and invoices drafted from sales and issued in two series (full A, simplified T; credits in R), in a
// Spanish business with VERI*FACTU on so that every issue chains a fiscal record. After each kill and
// restart: every acknowledged sale, payment, refund and issued invoice is there as acknowledged,
// every unanswered one whole or not at all (and once after a retry with its key), each series is
// numbered 1..n, and the fiscal chain verifies (checkMoneyDatabase: the server's own verifier).
/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON answers, of many shapes, are compared field by field */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Queryable } from '../../server/db/database.ts';
import { fiscalChain } from '../../server/invoices/repository.ts';
import { firstBrokenLink } from '../../server/invoices/rules.ts';
import type { Api, Recorded } from './api.ts';
import type { CampaignStats, Obj } from './durability.ts';

/** The tenant's fields that make it a Spanish hair salon able to issue full invoices (VERI*FACTU on by default in Spain). */
export const SPANISH_SALON = {
  category: 'hair_salon',
  timeZone: 'Europe/Madrid',
  taxId: '50123456Q',
  address: { line1: 'Calle Mayor 12', city: 'Madrid', postalCode: '28013', region: 'Madrid', country: 'ES' },
};
export const LEGAL_NAME = 'Ana Martín Ruiz';
/** The customer of a full invoice (series A): a company with its NIF and address. */
const COMPANY = {
  name: 'Estudio Lucía García SL',
  taxId: 'B12345674',
  address: { line1: 'Calle de Alcalá 120', city: 'Madrid', postalCode: '28009', country: 'ES' },
};

const PRODUCT = 'SALE_LINE_KIND_PRODUCT';
const SERVICE = 'SALE_LINE_KIND_SERVICE';
const DRAFT = 'INVOICE_STATUS_DRAFT';
const ISSUED = 'INVOICE_STATUS_ISSUED';
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/**
 * What an invoice's writes decide (kind, status, numbering, sale, totals, fiscal record). Its paid
 * amount and payment status are derived from the sale's payments and refunds, which change a draft
 * without touching it, so they are checked on the sale.
 */
const invoiceFacts = (invoice: any) => ({
  kind: invoice.kind,
  status: invoice.status,
  series: invoice.series,
  number: invoice.number,
  displayNumber: invoice.displayNumber,
  saleId: invoice.saleId,
  totals: invoice.totals,
  fiscalRecord: invoice.fiscalRecord ?? null,
});

function fail(message: string, detail?: unknown): never {
  throw new Error(detail === undefined ? message : `${message}\n${JSON.stringify(detail, null, 1).slice(0, 3000)}`);
}

/** What was acknowledged of a sale: its creation, and every payment, refund and invoice since. */
interface SaleFacts {
  id: string;
  owner: number;
  /** The sale as its creation was acknowledged (lines and totals never change). */
  created: any;
  paid: number;
  paymentCount: number;
  /** Payments recorded on their own (those taken with the sale have the server's ids). */
  paymentIds: string[];
  tip: number;
  /** Refund sale id → its total (negative) and the money given back with it. */
  refunds: Map<string, { total: number; money: number }>;
  refundedByPosition: Map<number, number>;
  invoiceId: string | null;
  /** The sale as last read, to decide the next write on it; undefined: to be read again first. */
  current: any;
  touched: boolean;
}

interface InvoiceFacts {
  id: string;
  owner: number;
  /** The invoice as acknowledged (a draft, then issued); undefined for a refund's credit, read on the next check. */
  state: any;
  /** A refund's rectifying invoice: the refund sale and its total. */
  credit?: { refundId: string; total: number };
  touched: boolean;
}

type Op = 'checkout' | 'payment' | 'refund' | 'draft' | 'issue';

interface Pending {
  op: Op;
  record: Recorded;
  worker: number;
  sale?: SaleFacts;
  invoice?: InvoiceFacts;
  /** checkout: the new sale's id, its total, what was paid and the stock taken. */
  saleId?: string;
  total?: number;
  paid?: number;
  payments?: number;
  tip?: number;
  appointmentId?: string;
  stock?: { item: Obj; units: number };
  /** refund: the line, what it is worth, the money back, the item restocked. */
  position?: number;
  worth?: number;
  money?: number;
  restock?: Obj;
  /** payment: its id and amount. */
  paymentId?: string;
  amount?: number;
}

export type MoneyOutcome = 'skipped' | 'acknowledged' | 'unanswered' | 'gone';

/** The catalogue the money writes take from: each worker's items (stock) and appointments (to charge). */
export interface Catalogue {
  mine(worker: number, kind: 'item' | 'appointment'): Obj[];
  item(id: string): Obj | undefined;
}

export class Till {
  readonly sales = new Map<string, SaleFacts>();
  readonly invoices = new Map<string, InvoiceFacts>();
  private readonly charged = new Set<string>();
  private pending: Pending[] = [];
  private methods?: { cash: string; card: string };

  constructor(
    private readonly api: Api,
    private readonly tenantId: string,
    private readonly catalogue: Catalogue,
    private readonly stats: CampaignStats,
  ) {}

  private base(path: string) {
    return `/v1/tenants/${this.tenantId}/${path}`;
  }

  /** Invoicing data and payment methods (setup, before the load). */
  async setUp(): Promise<void> {
    const { invoiceSettings } = await this.api.ok('GET', this.base('invoice-settings'), 200);
    if (!invoiceSettings.verifactu) fail('VERI*FACTU is expected on for a Spanish business', invoiceSettings);
    await this.api.ok('PUT', this.base('invoice-settings'), 200, { body: { legalName: LEGAL_NAME, version: invoiceSettings.version } });
    const methods = (await this.api.ok('GET', this.base('payment-methods'), 200)).items as any[];
    const id = (kind: string) => methods.find((method) => method.kind === kind)?.id ?? fail(`No ${kind} payment method`, methods);
    this.methods = { cash: id('PAYMENT_METHOD_KIND_CASH'), card: id('PAYMENT_METHOD_KIND_CARD') };
  }

  private mySales(worker: number) {
    return [...this.sales.values()].filter((sale) => sale.owner === worker && sale.current);
  }

  /**
   * One money write of `worker`, chosen with its seeded `random` among those its objects allow:
   * 'skipped' when none is possible, 'unanswered' when it got no answer (the server is gone),
   * 'gone' when it was acknowledged but the read after it got no answer. `only`: that kind of write.
   */
  async write(worker: number, random: () => number, only?: Op): Promise<MoneyOutcome> {
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const sales = this.mySales(worker);
    const live = sales.filter((sale) => sale.current.lifecycle === 'SALE_LIFECYCLE_COMPLETED');
    const stocked = this.catalogue.mine(worker, 'item').filter((item) => Number(item.state.quantity) >= 1);
    const choices: Array<[Op, number, readonly unknown[]]> = [
      ['checkout', 4, stocked],
      ['payment', 2, live.filter((sale) => sale.current.outstandingAmount.amount > 0)],
      ['refund', 1, live.filter((sale) => sale.current.lines.some((line: any) => line.quantity - line.refundedQuantity >= 1))],
      ['draft', 3, live.filter((sale) => !sale.invoiceId && sale.refunds.size === 0)],
      ['issue', 3, [...this.invoices.values()].filter((invoice) => invoice.owner === worker && invoice.state?.status === DRAFT)],
    ];
    const open = choices.filter(([choice, , candidates]) => candidates.length > 0 && (!only || choice === only));
    if (open.length === 0) return 'skipped';
    let dice = random() * sum(open.map(([, weight]) => weight));
    const [op, , candidates] = open.find(([, weight]) => (dice -= weight) < 0) ?? open[open.length - 1]!;
    const keyed = random() < 0.6;
    const key = keyed ? `k-${randomUUID()}` : undefined;
    const { cash, card } = this.methods!;
    let pending: Pending;

    if (op === 'checkout') {
      const item = pick(candidates as Obj[]);
      const units = Math.min(Number(item.state.quantity), 1 + Math.floor(random() * 2));
      const productLine = { kind: PRODUCT, itemId: item.id, name: item.state.name, quantity: units, unitPrice: eur(500 + Math.floor(random() * 4500)), taxPercentage: 21 };
      const free = this.catalogue.mine(worker, 'appointment').filter((appointment) => !this.charged.has(appointment.id));
      const appointment = free.length > 0 && random() < 0.5 ? pick(free) : undefined;
      const serviceLine = (itemId?: string) => ({ kind: SERVICE, ...(itemId ? { itemId } : {}), name: 'Corte y peinado', quantity: 1, unitPrice: eur(1000 + Math.floor(random() * 5000)), taxPercentage: 21 });
      const lines = appointment ? [serviceLine(appointment.state.services[0].id), productLine] : random() < 0.5 ? [productLine] : [serviceLine(), productLine];
      const total = sum(lines.map((line) => line.quantity * line.unitPrice.amount));
      const how = random();
      const payments: Array<{ paymentMethodId: string; amount: ReturnType<typeof eur>; tipAmount?: ReturnType<typeof eur>; tendered?: ReturnType<typeof eur> }> =
        how < 0.25
          ? []
          : how < 0.6
            ? [{ paymentMethodId: card, amount: eur(total), tipAmount: eur(200) }]
            : how < 0.85
              ? [
                  { paymentMethodId: card, amount: eur(Math.floor(total / 3)) },
                  { paymentMethodId: cash, amount: eur(total - Math.floor(total / 3)), tendered: eur(Math.ceil((total - Math.floor(total / 3)) / 1000) * 1000) },
                ]
              : [{ paymentMethodId: cash, amount: eur(Math.floor(total / 2)) }];
      const saleId = randomUUID();
      const sale = {
        operationType: appointment ? 'OPERATION_TYPE_APPOINTMENT_SALE' : 'OPERATION_TYPE_PRODUCT_SALE',
        ...(appointment ? { appointmentId: appointment.id } : {}),
        lines,
        payments,
      };
      if (appointment) this.charged.add(appointment.id);
      const record = await this.api.send('POST', this.base(`sales/${saleId}`), { body: { sale }, key });
      pending = {
        op,
        record,
        worker,
        saleId,
        total,
        paid: sum(payments.map((payment) => payment.amount.amount)),
        payments: payments.length,
        tip: sum(payments.map((payment) => payment.tipAmount?.amount ?? 0)),
        ...(appointment ? { appointmentId: appointment.id } : {}),
        stock: { item, units },
      };
    } else if (op === 'payment') {
      const sale = pick(candidates as SaleFacts[]);
      const outstanding = sale.current.outstandingAmount.amount as number;
      const amount = random() < 0.5 ? outstanding : Math.max(1, Math.floor(outstanding / 2));
      const paymentId = randomUUID();
      const paymentTransaction = { referenceId: sale.id, operationType: sale.created.operationType, amount: eur(amount), paymentMethodId: random() < 0.5 ? cash : card };
      const record = await this.api.send('POST', this.base(`payments/transactions/${paymentId}`), { body: { paymentTransaction }, key });
      pending = { op, record, worker, sale, paymentId, amount };
    } else if (op === 'refund') {
      const sale = pick(candidates as SaleFacts[]);
      const line = pick(sale.current.lines.filter((l: any) => l.quantity - l.refundedQuantity >= 1) as any[]);
      const worth = line.unitPrice.amount as number;
      // MONEY.md: at most what was collected net and what the line is worth, at least what would stay collected beyond the new total.
      const net = sale.paid - sum([...sale.refunds.values()].map((refund) => refund.money));
      const standing = sale.created.totals.total.amount + sum([...sale.refunds.values()].map((refund) => refund.total));
      const most = Math.min(net, worth);
      const least = Math.max(0, net - (standing - worth));
      const money = least + Math.floor(random() * (most - least + 1));
      const restock = line.kind === PRODUCT && random() < 0.7 ? this.catalogue.item(line.itemId) : undefined;
      const body = {
        version: sale.current.version,
        reason: 'Devolución',
        lines: [{ position: line.position, quantity: 1, restock: Boolean(restock) }],
        payments: money > 0 ? [{ paymentMethodId: cash, amount: eur(money) }] : [],
      };
      const record = await this.api.send('POST', this.base(`sales/${sale.id}/refunds`), { body, key });
      pending = { op, record, worker, sale, position: line.position, worth, money, ...(restock ? { restock } : {}) };
    } else if (op === 'draft') {
      const sale = pick(candidates as SaleFacts[]);
      const invoice = random() < 0.5 ? { kind: 'INVOICE_KIND_SIMPLIFIED', customer: { name: 'Cliente' }, saleId: sale.id } : { customer: COMPANY, saleId: sale.id };
      const record = await this.api.send('POST', this.base('invoices'), { body: { invoice }, key });
      pending = { op, record, worker, sale };
    } else {
      const invoice = pick(candidates as InvoiceFacts[]);
      const record = await this.api.send('POST', this.base(`invoices/${invoice.id}/issue`), { body: { version: invoice.state.version } });
      pending = { op, record, worker, invoice };
    }

    const { answer } = pending.record;
    if (!answer) {
      this.pending.push(pending);
      return 'unanswered';
    }
    if (answer.status >= 300) fail(`An answered money write failed: ${pending.record.method} ${pending.record.path} → ${answer.status}`, { sent: pending.record.body, answer: answer.body });
    this.acknowledge(pending, answer.body);
    // A payment or an invoice changes its sale (figures, version): read it before the next decision on it.
    if ((op === 'payment' || op === 'draft') && !(await this.reread(pending.sale!))) return 'gone';
    return 'acknowledged';
  }

  /** Reads a sale again for the next decision on it; false when no answer came. */
  private async reread(sale: SaleFacts): Promise<boolean> {
    sale.current = undefined;
    const { answer } = await this.api.send('GET', this.base(`sales/${sale.id}`));
    if (!answer) return false;
    if (answer.status !== 200) fail(`An acknowledged sale cannot be read: ${answer.status}`, answer.body);
    sale.current = answer.body.sale;
    return true;
  }

  private moveStock(item: Obj, delta: number) {
    item.state = { ...item.state, quantity: Number(item.state.quantity) + delta };
    item.movements += 1;
    item.refresh = true;
    item.touched = true;
  }

  /** Takes an acknowledged write (or an unanswered one found applied, with what was found) into the facts. */
  private acknowledge(pending: Pending, body: any): void {
    switch (pending.op) {
      case 'checkout': {
        const sale = body.sale;
        const expect = { id: pending.saleId, total: pending.total, paid: pending.paid, units: pending.stock!.units };
        const product = sale.lines.find((line: any) => line.kind === PRODUCT);
        if (sale.id !== expect.id || sale.totals.total.amount !== expect.total || sale.paidAmount.amount !== expect.paid || product?.quantity !== expect.units) {
          fail('A checkout is not as it was sent', { expect, sale });
        }
        this.sales.set(sale.id, {
          id: sale.id,
          owner: pending.worker,
          created: sale,
          paid: pending.paid!,
          paymentCount: pending.payments!,
          paymentIds: [],
          tip: pending.tip!,
          refunds: new Map(),
          refundedByPosition: new Map(),
          invoiceId: null,
          current: sale,
          touched: true,
        });
        this.moveStock(pending.stock!.item, -pending.stock!.units);
        return;
      }
      case 'payment': {
        const payment = body.paymentTransaction;
        const sale = pending.sale!;
        if (payment.id !== pending.paymentId || payment.saleId !== sale.id || payment.amount.amount !== pending.amount || payment.status !== 'PAYMENT_TRANSACTION_STATUS_COMPLETED') {
          fail('A payment is not as it was sent', { expect: { id: pending.paymentId, sale: sale.id, amount: pending.amount }, payment });
        }
        sale.paid += pending.amount!;
        sale.paymentCount += 1;
        sale.paymentIds.push(payment.id);
        sale.current = undefined; // its figures changed: read again before the next decision on it
        sale.touched = true;
        return;
      }
      case 'refund': {
        const sale = pending.sale!;
        const refund = body.refund;
        if (refund.refundOfSaleId !== sale.id || refund.totals.total.amount !== -pending.worth! || sale.refunds.has(refund.id)) {
          fail('A refund is not as it was sent', { expect: { of: sale.id, total: -pending.worth! }, refund });
        }
        sale.refunds.set(refund.id, { total: refund.totals.total.amount, money: pending.money! });
        sale.refundedByPosition.set(pending.position!, (sale.refundedByPosition.get(pending.position!) ?? 0) + 1);
        sale.current = body.sale;
        sale.touched = true;
        if (pending.restock) this.moveStock(pending.restock, 1);
        if (refund.invoiceId) {
          this.invoices.set(refund.invoiceId, { id: refund.invoiceId, owner: pending.worker, state: undefined, credit: { refundId: refund.id, total: refund.totals.total.amount }, touched: true });
        }
        return;
      }
      case 'draft': {
        const invoice = body.invoice;
        const sale = pending.sale!;
        if (invoice.saleId !== sale.id || invoice.status !== DRAFT || invoice.number !== null || invoice.totals.total.amount !== sale.created.totals.total.amount) {
          fail('A draft invoice is not as it was sent', { sale: sale.id, total: sale.created.totals.total, invoice });
        }
        sale.invoiceId = invoice.id;
        sale.current = undefined; // its invoice link and version changed: read again before the next decision on it
        sale.touched = true;
        this.invoices.set(invoice.id, { id: invoice.id, owner: pending.worker, state: invoice, touched: true });
        return;
      }
      case 'issue': {
        const invoice = body.invoice;
        const facts = pending.invoice!;
        if (invoice.id !== facts.id || invoice.status !== ISSUED || !(invoice.number >= 1) || !invoice.fiscalRecord?.hash) fail('An issued invoice is not as acknowledged', invoice);
        facts.state = invoice;
        facts.touched = true;
        return;
      }
    }
  }

  /**
   * After a restart: what became of each unanswered money write. It is there whole or not at all; one
   * sent with an Idempotency-Key is sent again with it and applies exactly once.
   */
  async resolve(): Promise<void> {
    for (const pending of this.pending) {
      const { record } = pending;
      let found: any;
      switch (pending.op) {
        case 'checkout': {
          const { answer } = await this.api.send('GET', this.base(`sales/${pending.saleId}`));
          if (answer?.status === 200) found = { sale: answer.body.sale };
          else if (answer?.status !== 404) fail('An unanswered checkout cannot be looked up', answer);
          break;
        }
        case 'payment': {
          const { answer } = await this.api.send('GET', this.base(`payments/transactions/${pending.paymentId}`));
          if (answer?.status === 200) found = { paymentTransaction: answer.body.paymentTransaction };
          else if (answer?.status !== 404) fail('An unanswered payment cannot be looked up', answer);
          break;
        }
        case 'refund': {
          const sale = pending.sale!;
          const now = (await this.api.ok('GET', this.base(`sales/${sale.id}`), 200)).sale;
          const added = (now.refundSaleIds as string[]).filter((id) => !sale.refunds.has(id));
          if (added.length > 1) fail('An unanswered refund left two refunds', now);
          if (added.length === 1) {
            const refund = (await this.api.ok('GET', this.base(`sales/${added[0]}`), 200)).sale;
            const money = now.refundedAmount.amount - sum([...sale.refunds.values()].map((r) => r.money));
            if (money !== pending.money) fail('An unanswered refund gave back other money than was sent', { sent: pending.money, found: money });
            found = { sale: now, refund };
          }
          break;
        }
        case 'draft': {
          const sale = pending.sale!;
          const now = (await this.api.ok('GET', this.base(`sales/${sale.id}`), 200)).sale;
          if (now.invoiceId) found = await this.api.ok('GET', this.base(`invoices/${now.invoiceId}`), 200);
          break;
        }
        case 'issue': {
          const invoice = (await this.api.ok('GET', this.base(`invoices/${pending.invoice!.id}`), 200)).invoice;
          if (invoice.status === ISSUED) found = { invoice };
          // Not issued: the draft as it was (a refund or payment since may have changed its derived paid amount).
          else if (!isDeepStrictEqual(invoiceFacts(invoice), invoiceFacts(pending.invoice!.state))) {
            fail('An unanswered issue changed its draft', { before: invoiceFacts(pending.invoice!.state), now: invoiceFacts(invoice) });
          }
          break;
        }
      }
      if (found) this.stats.appliedUnanswered += 1;

      if (record.key) {
        const retried = await this.api.ok(record.method, record.path, 201, { body: record.body, key: record.key });
        const id = (body: any) => body.sale?.id ?? body.paymentTransaction?.id ?? body.invoice?.id;
        const same = pending.op === 'refund' ? (body: any) => body.refund.id : id;
        if (found && same(retried) !== same(found)) fail(`A ${pending.op} retried with its Idempotency-Key after the kill applied twice`, { found, retried });
        this.acknowledge(pending, retried);
        this.stats.retriedWithKey += 1;
      } else if (found) {
        this.acknowledge(pending, found);
      } else if (pending.op === 'checkout' && pending.appointmentId) {
        this.charged.delete(pending.appointmentId);
      }
    }
    this.pending = [];
    // Sales whose figures changed without being read since (or whose read got no answer): read them now.
    for (const sale of this.sales.values()) if (!sale.current && !(await this.reread(sale))) fail('A sale cannot be read after the restart');
  }

  /**
   * Every sale and invoice written since the last check (`all`: every one) is as acknowledged, with
   * its payments and refunds and no others; the lists hold exactly the known ones; each series is
   * numbered 1..n; the fiscal chain verifies and has one record per issued invoice.
   */
  async verify(all: boolean): Promise<void> {
    for (const sale of this.sales.values()) {
      if (!all && !sale.touched) continue;
      const found = (await this.api.ok('GET', this.base(`sales/${sale.id}`), 200)).sale;
      const lineOf = (line: any) => ({ position: line.position, kind: line.kind, itemId: line.itemId, name: line.name, quantity: line.quantity, unitPrice: line.unitPrice, lineTotal: line.lineTotal });
      const refundMoney = sum([...sale.refunds.values()].map((refund) => refund.money));
      const expected = {
        operationType: sale.created.operationType,
        appointmentId: sale.created.appointmentId,
        lifecycle: 'SALE_LIFECYCLE_COMPLETED',
        lines: sale.created.lines.map(lineOf),
        refunded: sale.created.lines.map((line: any) => sale.refundedByPosition.get(line.position) ?? 0),
        totals: sale.created.totals,
        refundSaleIds: [...sale.refunds.keys()].sort(),
        refundedAmount: refundMoney,
        paidAmount: Math.max(0, sale.paid - refundMoney),
        tip: sale.tip,
        invoiceId: sale.invoiceId,
      };
      const actual = {
        operationType: found.operationType,
        appointmentId: found.appointmentId,
        lifecycle: found.lifecycle,
        lines: found.lines.map(lineOf),
        refunded: found.lines.map((line: any) => line.refundedQuantity),
        totals: found.totals,
        refundSaleIds: [...found.refundSaleIds].sort(),
        refundedAmount: found.refundedAmount.amount,
        paidAmount: found.paidAmount.amount,
        tip: found.tip.amount,
        invoiceId: found.invoiceId,
      };
      if (!isDeepStrictEqual(actual, expected)) fail('An acknowledged sale is not as acknowledged', { expected, actual });
      sale.current = found;

      const transactions = await this.api.listAll(this.base(`payments/transactions?referenceId=${sale.id}&operationType=${sale.created.operationType}`));
      const payments = transactions.filter((t) => t.kind === 'PAYMENT_TRANSACTION_KIND_PAYMENT');
      const refunds = transactions.filter((t) => t.kind === 'PAYMENT_TRANSACTION_KIND_REFUND');
      const money = {
        payments: payments.length,
        paid: sum(payments.map((t) => t.amount.amount)),
        knownPayments: sale.paymentIds.every((id) => payments.some((t) => t.id === id)),
        refunds: Object.fromEntries([...sale.refunds.keys()].map((id) => [id, sum(refunds.filter((t) => t.refundSaleId === id).map((t) => t.amount.amount))])),
        refunded: sum(refunds.map((t) => t.amount.amount)),
        completed: transactions.every((t) => t.status === 'PAYMENT_TRANSACTION_STATUS_COMPLETED' && t.saleId === sale.id),
      };
      const known = {
        payments: sale.paymentCount,
        paid: sale.paid,
        knownPayments: true,
        refunds: Object.fromEntries([...sale.refunds].map(([id, refund]) => [id, refund.money])),
        refunded: refundMoney,
        completed: true,
      };
      if (!isDeepStrictEqual(money, known)) fail("A sale's payments and refunds are not the acknowledged ones", { known, found: money, transactions });
      for (const [id, refund] of sale.refunds) {
        const found = (await this.api.ok('GET', this.base(`sales/${id}`), 200)).sale;
        if (found.refundOfSaleId !== sale.id || found.totals.total.amount !== refund.total) fail('A refund sale is not as acknowledged', { refund, found });
      }
      sale.touched = false;
    }

    for (const invoice of this.invoices.values()) {
      if (!all && !invoice.touched) continue;
      const found = (await this.api.ok('GET', this.base(`invoices/${invoice.id}`), 200)).invoice;
      if (invoice.state === undefined) {
        // A refund's rectifying invoice: issued with the refund, in the rectifying series, for the refund's total.
        const credit = invoice.credit!;
        if (found.kind !== 'INVOICE_KIND_CREDIT_NOTE' || found.status !== ISSUED || found.series !== 'R' || found.totals.total.amount !== credit.total || !found.fiscalRecord) {
          fail("A refund's rectifying invoice is not as expected", { credit, found });
        }
        invoice.state = found;
      } else if (!isDeepStrictEqual(invoiceFacts(found), invoiceFacts(invoice.state))) {
        fail('An acknowledged invoice is not as acknowledged', { acknowledged: invoiceFacts(invoice.state), found: invoiceFacts(found) });
      }
      invoice.touched = false;
    }

    const listedSales = new Set((await this.api.listAll(this.base('sales'))).map((sale) => sale.id as string));
    const knownSales = new Set([...this.sales.values()].flatMap((sale) => [sale.id, ...sale.refunds.keys()]));
    if (!isDeepStrictEqual(listedSales, knownSales)) {
      fail('The sales list does not hold exactly the acknowledged sales and refunds', {
        extra: [...listedSales].filter((id) => !knownSales.has(id)),
        missing: [...knownSales].filter((id) => !listedSales.has(id)),
      });
    }
    const invoices = await this.api.listAll(this.base('invoices/list'));
    const listedInvoices = new Set(invoices.map((invoice) => invoice.id as string));
    if (!isDeepStrictEqual(listedInvoices, new Set(this.invoices.keys()))) {
      fail('The invoices list does not hold exactly the acknowledged invoices', { listed: [...listedInvoices], known: [...this.invoices.keys()] });
    }
    const issued = invoices.filter((invoice) => invoice.status === ISSUED);
    for (const series of new Set(issued.map((invoice) => invoice.series as string))) {
      const numbers = issued.filter((invoice) => invoice.series === series).map((invoice) => invoice.number as number).sort((a, b) => a - b);
      if (!isDeepStrictEqual(numbers, numbers.map((_, i) => i + 1))) fail(`Series ${series} is not numbered 1..n without a gap or a duplicate`, numbers);
    }
    const chain = await this.api.ok('GET', this.base('invoices/fiscal-chain'), 200);
    if (!isDeepStrictEqual(chain, { valid: true, records: issued.length })) fail('The fiscal chain does not verify, or lacks an issued invoice', { chain, issued: issued.length });
  }

  counts() {
    const invoices = [...this.invoices.values()];
    return {
      sales: this.sales.size,
      refunds: sum([...this.sales.values()].map((sale) => sale.refunds.size)),
      payments: sum([...this.sales.values()].map((sale) => sale.paymentCount)),
      issued: invoices.filter((invoice) => invoice.state?.status === ISSUED).length,
      series: new Set(invoices.filter((invoice) => invoice.state?.status === ISSUED).map((invoice) => invoice.state.series)).size,
    };
  }
}

/**
 * What must hold in the database whatever was interrupted (checkDatabase): every sale has its lines,
 * every line that moved stock its movements (and no movement names a missing sale), no stock below
 * zero, each sale's figures are the sum of its transactions and refunds, each series is numbered 1..n
 * with its counter at n + 1, and the fiscal chain verifies (the server's verifier) with one record
 * per issued invoice.
 */
export async function checkMoneyDatabase(tx: Queryable, tenantId: string): Promise<{ sales: number; issued: number }> {
  const check = async (what: string, sql: string) => {
    const { rows } = await tx.query(sql, [tenantId]);
    if (rows.length > 0) fail(what, rows);
  };
  await check('Sales without their lines', `SELECT s.id FROM sales s WHERE s.tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id)`);
  await check(
    'Sale lines whose stock movement is missing or wrong',
    `SELECT l.sale_id, l.item_id, sum(l.quantity) AS sold, (SELECT coalesce(sum(m.delta), 0) FROM inventory_movements m
              WHERE m.tenant_id = l.tenant_id AND m.sale_id = l.sale_id AND m.item_id = l.item_id) AS moved
       FROM sale_lines l WHERE l.tenant_id = $1 AND l.stock_moved GROUP BY l.tenant_id, l.sale_id, l.item_id
     HAVING sum(l.quantity) <> -(SELECT coalesce(sum(m.delta), 0) FROM inventory_movements m WHERE m.tenant_id = l.tenant_id AND m.sale_id = l.sale_id AND m.item_id = l.item_id)`,
  );
  await check(
    'Stock movements of a sale that is not there, or that moved no stock',
    `SELECT m.id, m.sale_id FROM inventory_movements m WHERE m.tenant_id = $1 AND m.sale_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.tenant_id = m.tenant_id AND l.sale_id = m.sale_id AND l.item_id = m.item_id AND l.stock_moved)`,
  );
  await check('Stock below zero', `SELECT id, quantity FROM inventory_items WHERE tenant_id = $1 AND quantity < 0`);
  await check(
    "Sales whose figures are not the sum of their transactions and refunds",
    `SELECT s.id, s.paid, s.refunded, s.refunded_lines,
            (SELECT coalesce(sum(t.amount), 0) FROM payment_transactions t WHERE t.tenant_id = s.tenant_id AND t.sale_id = s.id
                AND t.kind = 'PAYMENT_TRANSACTION_KIND_PAYMENT' AND t.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED') AS payments,
            (SELECT coalesce(sum(t.amount), 0) FROM payment_transactions t WHERE t.tenant_id = s.tenant_id AND t.sale_id = s.id
                AND t.kind = 'PAYMENT_TRANSACTION_KIND_REFUND' AND t.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED') AS refunds,
            (SELECT coalesce(-sum(r.total), 0) FROM sales r WHERE r.tenant_id = s.tenant_id AND r.refund_of_sale_id = s.id) AS refund_sales
       FROM sales s WHERE s.tenant_id = $1 AND s.refund_of_sale_id IS NULL
     GROUP BY s.tenant_id, s.id
     HAVING s.paid <> (SELECT coalesce(sum(t.amount), 0) FROM payment_transactions t WHERE t.tenant_id = s.tenant_id AND t.sale_id = s.id
                AND t.kind = 'PAYMENT_TRANSACTION_KIND_PAYMENT' AND t.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED')
         OR s.refunded <> (SELECT coalesce(sum(t.amount), 0) FROM payment_transactions t WHERE t.tenant_id = s.tenant_id AND t.sale_id = s.id
                AND t.kind = 'PAYMENT_TRANSACTION_KIND_REFUND' AND t.status = 'PAYMENT_TRANSACTION_STATUS_COMPLETED')
         OR s.refunded_lines <> (SELECT coalesce(-sum(r.total), 0) FROM sales r WHERE r.tenant_id = s.tenant_id AND r.refund_of_sale_id = s.id)`,
  );
  await check(
    'Series not numbered 1..n, or whose counter is not at n + 1',
    `SELECT i.series, count(*) AS issued, count(DISTINCT i.number) AS numbers, min(i.number) AS first, max(i.number) AS last, c.next_number
       FROM invoices i LEFT JOIN invoice_counters c ON c.tenant_id = i.tenant_id AND c.series = i.series
      WHERE i.tenant_id = $1 AND i.status <> 'INVOICE_STATUS_DRAFT'
      GROUP BY i.series, c.next_number
     HAVING count(*) <> count(DISTINCT i.number) OR min(i.number) <> 1 OR max(i.number) <> count(*) OR c.next_number IS DISTINCT FROM count(*) + 1`,
  );
  await check(
    'Counters that moved past their issued invoices (a number taken and lost)',
    `SELECT c.series, c.next_number FROM invoice_counters c WHERE c.tenant_id = $1 AND c.next_number > 1
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = c.tenant_id AND i.series = c.series AND i.status <> 'INVOICE_STATUS_DRAFT')`,
  );
  await check(
    'Issued invoices without their one fiscal record, or records of no issued invoice',
    `SELECT i.id, i.display_number, (SELECT count(*) FROM fiscal_records f WHERE f.tenant_id = i.tenant_id AND f.invoice_id = i.id) AS records
       FROM invoices i WHERE i.tenant_id = $1 AND i.status = 'INVOICE_STATUS_ISSUED'
        AND (SELECT count(*) FROM fiscal_records f WHERE f.tenant_id = i.tenant_id AND f.invoice_id = i.id) <> 1
     UNION ALL
     SELECT f.invoice_id, f.num_serie, 0 FROM fiscal_records f WHERE f.tenant_id = $1
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = f.tenant_id AND i.id = f.invoice_id AND i.status <> 'INVOICE_STATUS_DRAFT')`,
  );
  await check(
    "Sales whose invoice is not theirs",
    `SELECT s.id, s.invoice_id FROM sales s WHERE s.tenant_id = $1 AND s.invoice_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = s.tenant_id AND i.id = s.invoice_id AND i.sale_id = coalesce(s.refund_of_sale_id, s.id))`,
  );
  const chain = await fiscalChain(tx, tenantId);
  const broken = firstBrokenLink(chain);
  if (broken !== null) fail(`The fiscal chain breaks at record ${broken + 1} of ${chain.length}`, chain.slice(Math.max(0, broken - 1), broken + 2));
  const { rows } = await tx.query<{ sales: number; issued: number }>(
    `SELECT (SELECT count(*)::int FROM sales WHERE tenant_id = $1) AS sales,
            (SELECT count(*)::int FROM invoices WHERE tenant_id = $1 AND status = 'INVOICE_STATUS_ISSUED') AS issued`,
    [tenantId],
  );
  if (rows[0]!.issued !== chain.length) fail('The fiscal chain does not have one record per issued invoice', { records: chain.length, issued: rows[0]!.issued });
  return rows[0]!;
}
