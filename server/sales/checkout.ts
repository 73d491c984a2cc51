import { randomUUID } from 'node:crypto';
import type { Money, PaymentTransaction, Sale, SaleInput, SaleList, SalePaymentInput, SaleRefundInput, SaleSort } from '../../generated/types.gen.ts';
import { formatScaled, QUANTITY_SCALE } from '../../common/money/index.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation, violatedConstraint } from '../db/errors.ts';
import { lockItems, moveStock } from '../inventory/ledger.ts';
import { json, type Row } from '../kit/rows.ts';
import { keyReused, staleVersion } from '../kit/write-rules.ts';
import { conflict, notFound, unprocessable } from '../problem.ts';
import { toPaymentTransaction, toSale } from './mappers.ts';
import {
  addRefundedQuantity,
  businessOf,
  chargeContext,
  hasLiveTransactions,
  insertSale,
  insertTransaction,
  loadSale,
  loadTransactions,
  lockSale,
  markVoided,
  paymentMethods,
  refundedByLine,
  refundedOfPayment,
  saleLines,
  saleMoney,
  salePage,
  storeSaleMoney,
  transactionRow,
  type MethodRow,
  type NewTransaction,
  type SaleFilter,
} from './repository.ts';
import {
  changeOf,
  checkPaymentFits,
  checkRefundFits,
  checkRefundMoney,
  commissionOf,
  isBillable,
  paymentStatusOf,
  refundDocument,
  saleDocument,
  type SaleMoney,
} from './rules.ts';

/**
 * The till's transactions (MONEY.md §1–2), each one database transaction under row locks taken in
 * one order (appointment → sale → inventory items by id → payment), so that concurrent checkouts,
 * payments and refunds queue instead of deadlocking, on PGlite and PostgreSQL alike.
 */

export interface Actor {
  tenantId: string;
  userId: string;
  /** A member who sees only their own sales (MoneyScope): they charge only their own appointments, in their own name. */
  only?: string;
}

const PRODUCT = 'SALE_LINE_KIND_PRODUCT';
const COMPLETED = 'PAYMENT_TRANSACTION_STATUS_COMPLETED';

/** 422 currency_mismatch unless `value` is in the business currency. */
function inCurrency(value: Money | undefined, currency: string, pointer: string): number {
  if (!value) return 0;
  if (value.currency !== currency) throw unprocessable(`${pointer}/currency`, 'currency_mismatch', `Amounts must be in the business currency (${currency}).`);
  return value.amount;
}

function positive(value: Money, currency: string, pointer: string): number {
  const amount = inCurrency(value, currency, pointer);
  if (amount <= 0) throw unprocessable(`${pointer}/amount`, 'out_of_range', 'The amount must be more than 0.');
  return amount;
}

function usableMethod(methods: Map<string, MethodRow>, id: string, pointer: string): MethodRow {
  const method = methods.get(id);
  if (!method || !method.usable) throw unprocessable(pointer, 'unknown_payment_method', 'Choose an active payment method of this business.');
  return method;
}

/** Recomputes a sale's collected figures and payment status from its transactions and refund sales. */
export async function recomputeSale(tx: Queryable, tenantId: string, row: Row): Promise<SaleMoney> {
  const money = await saleMoney(tx, tenantId, row);
  await storeSaleMoney(tx, tenantId, row.id as string, money, paymentStatusOf(money));
  return money;
}

async function saleOrThrow(tx: Queryable, tenantId: string, id: string): Promise<Sale> {
  const loaded = await loadSale(tx, tenantId, id);
  if (!loaded) throw notFound('No sale has this id.');
  return toSale(loaded);
}

/** A page of sales in the requested order, with the totals of the filter. */
export async function listSales(tx: Queryable, tenantId: string, filter: SaleFilter, sort: SaleSort, limit: number, offset: number): Promise<SaleList> {
  const business = await businessOf(tx, tenantId);
  if (!business) throw notFound();
  const { sales, totals } = await salePage(tx, tenantId, filter, sort, limit, offset);
  const money = (amount: number) => ({ amount, currency: business.currency });
  return {
    items: sales.map(toSale),
    total: totals.listed,
    totals: { count: totals.count, total: money(totals.total), tax: money(totals.tax), tip: money(totals.tip), paid: money(totals.paid), outstanding: money(totals.outstanding) },
  };
}

export async function getSale(tx: Queryable, tenantId: string, id: string): Promise<Sale> {
  return saleOrThrow(tx, tenantId, id);
}

/** A sale's id already taken (by another request with another key): the same answer as a reused key. */
function saleInsertConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    if (violatedConstraint(error) === 'sales_live_appointment_key') throw conflict('This appointment already has a sale.', 'sale_exists_for_appointment');
    throw keyReused();
  }
  throw error;
}

/**
 * The payments sent with a new sale, each checked against what is still due on it (nothing was paid
 * before them): the COMPLETED transactions to write with it, and what they add up to.
 */
function paymentsOf(actor: Actor, saleId: string, total: number, currency: string, methods: Map<string, MethodRow>, payments: readonly SalePaymentInput[]) {
  let figures: SaleMoney = { isRefund: false, voided: false, total, refundedLines: 0, paid: 0, refunded: 0 };
  let tips = 0;
  const paidAt = new Date().toISOString();
  const transactions = payments.map((payment, index): NewTransaction => {
    const at = `/sale/payments/${index}`;
    const method = usableMethod(methods, payment.paymentMethodId, `${at}/paymentMethodId`);
    const amount = positive(payment.amount, currency, `${at}/amount`);
    const tip = inCurrency(payment.tipAmount, currency, `${at}/tipAmount`);
    if (tip < 0) throw unprocessable(`${at}/tipAmount/amount`, 'out_of_range', 'A tip cannot be negative.');
    const tendered = payment.tendered ? inCurrency(payment.tendered, currency, `${at}/tendered`) : undefined;
    const change = changeOf(tendered, amount, tip, `${at}/tendered`);
    checkPaymentFits(figures, amount, `${at}/amount`);
    figures = { ...figures, paid: figures.paid + amount };
    tips += tip;
    return {
      id: randomUUID(),
      saleId,
      kind: 'PAYMENT_TRANSACTION_KIND_PAYMENT',
      amount,
      tipAmount: tip,
      tendered: tendered ?? null,
      change,
      currency,
      paymentMethodId: method.id,
      commissionPercentage: method.commission,
      commission: commissionOf(amount + tip, method.commission),
      status: COMPLETED,
      paidAt,
      refundOfTransactionId: null,
      refundSaleId: null,
      notes: null,
      userId: actor.userId,
    };
  });
  return { transactions, paid: figures.paid, tip: tips, status: paymentStatusOf(figures) };
}

/**
 * Charges an appointment or records a walk-in sale: the lines' amounts from the one document
 * function, PRODUCT lines out of stock (SOLD movements), the payments sent with it. Few round trips
 * (issue 17's speed row): one read of all it checks, which takes the appointment's lock; the
 * products' locks; one stock move per product line; one statement writing the sale, its lines and
 * its payments, with the figures and status those payments give it (its first, so no recount).
 */
export async function createSale(tx: Queryable, actor: Actor, id: string, input: SaleInput): Promise<Sale> {
  const { tenantId } = actor;
  if (input.operationType === 'OPERATION_TYPE_UNSPECIFIED') throw unprocessable('/sale/operationType', 'invalid_operation_type', 'Say whether this charges an appointment or is a walk-in sale.');
  const appointmentId = input.appointmentId ?? input.referenceId ?? null;
  const charging = input.operationType === 'OPERATION_TYPE_APPOINTMENT_SALE';
  if (charging && !appointmentId) throw unprocessable('/sale/appointmentId', 'appointment_required', 'Choose the appointment to charge.');
  if (!charging && appointmentId) throw unprocessable('/sale/appointmentId', 'unexpected_appointment', 'A walk-in sale has no appointment.');
  const payments = input.payments ?? [];
  const context = await chargeContext(tx, tenantId, {
    appointmentId,
    userId: input.userId ?? null,
    actorId: actor.userId,
    ...(input.customer ? { customer: { id: input.customer.customerId ?? null } } : {}),
    serviceIds: input.lines.filter((line) => line.kind !== PRODUCT && line.itemId).map((line) => line.itemId!),
    methodIds: payments.map((payment) => payment.paymentMethodId),
  });
  if (!context) throw notFound();
  const { currency, appointment, pricesIncludeTax } = context;
  input.lines.forEach((line, index) => {
    if (inCurrency(line.unitPrice, currency, `/sale/lines/${index}/unitPrice`) < 0) {
      throw unprocessable(`/sale/lines/${index}/unitPrice/amount`, 'out_of_range', 'A price cannot be negative; refunds are made from the sale.');
    }
    if (!line.name.trim()) throw unprocessable(`/sale/lines/${index}/name`, 'required', 'Name the line.');
  });
  if (input.customer && !input.customer.name.trim()) throw unprocessable('/sale/customer/name', 'required', 'Name the customer.');
  if (input.discount?.amount) inCurrency(input.discount.amount, currency, '/sale/discount/amount');

  if (appointmentId) {
    if (!appointment || (actor.only && appointment.user_id !== actor.only)) throw unprocessable('/sale/appointmentId', 'unknown_appointment', 'This business has no such appointment.');
    if (!isBillable(appointment.status as string)) throw conflict('A cancelled or rejected appointment cannot be charged.', 'appointment_not_billable');
    if (context.appointmentHasLiveSale) throw conflict('This appointment already has a sale.', 'sale_exists_for_appointment');
  }
  const userId = input.userId ?? (appointment?.user_id as string | undefined) ?? actor.userId;
  if (!context.sellerIsMember || (actor.only && userId !== actor.only)) throw unprocessable('/sale/userId', 'unknown_user', 'Choose a member of this business.');
  let customer = input.customer ? { id: input.customer.customerId ?? null, name: input.customer.name.trim() } : null;
  if (!customer && appointment) {
    const snapshot = json<{ name?: string; lastName?: string } | null>(appointment.customer_snapshot);
    const name = [snapshot?.name, snapshot?.lastName].filter(Boolean).join(' ').trim();
    customer = { id: (appointment.customer_id as string | null) ?? null, name: name || '—' };
  }
  if (customer?.id && !context.customerExists) throw unprocessable('/sale/customer/customerId', 'unknown_customer', 'This business has no such customer.');

  const document = saleDocument(
    currency,
    input.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice.amount, taxPercentage: line.taxPercentage, discountPercentage: line.discountPercentage })),
    input.discount ? { percentage: input.discount.percentage, amount: input.discount.amount?.amount } : undefined,
    pricesIncludeTax,
  );

  // Items: services must be the business's; products from stock are locked (in id order) and moved
  // out through the ledger (the movements name the sale, written next).
  const items = await lockItems(tx, tenantId, input.lines.filter((line) => line.kind === PRODUCT && line.itemId).map((line) => line.itemId!));
  input.lines.forEach((line, index) => {
    if (!line.itemId) return;
    const known = line.kind === PRODUCT ? items.has(line.itemId) : context.services.has(line.itemId);
    if (!known) throw unprocessable(`/sale/lines/${index}/itemId`, 'unknown_item', 'This business has no such item.');
  });
  for (const [index, line] of input.lines.entries()) {
    if (line.kind !== PRODUCT || !line.itemId) continue;
    const moved = await moveStock(tx, tenantId, line.itemId, { delta: `-${formatScaled(document.lines[index]!.quantityThousandths, QUANTITY_SCALE)}`, reason: 'INVENTORY_MOVEMENT_REASON_SOLD', userId: actor.userId, saleId: id });
    if (!moved) throw unprocessable(`/sale/lines/${index}/quantity`, 'insufficient_stock', `There is not enough ${items.get(line.itemId)?.name ?? 'stock'} in stock.`);
  }
  const taken = paymentsOf(actor, id, document.totals.total, currency, context.methods, payments);

  const sale = await insertSale(
    tx,
    tenantId,
    {
      id,
      operationType: input.operationType,
      appointmentId,
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? null,
      userId,
      soldAt: input.soldAt ?? new Date().toISOString(),
      notes: input.notes?.trim() || null,
      currency,
      pricesIncludeTax,
      discountPercentage: input.discount?.percentage ?? null,
      discountAmount: input.discount?.amount?.amount ?? null,
      document,
      refundOfSaleId: null,
      search: [customer?.name ?? '', ...input.lines.map((line) => line.name)].join(' '),
      paymentStatus: taken.status,
      paid: taken.paid,
      tip: taken.tip,
    },
    input.lines.map((line) => ({
      kind: line.kind,
      itemId: line.itemId ?? null,
      name: line.name.trim(),
      taxPercentage: line.taxPercentage,
      discountPercentage: line.discountPercentage ?? 0,
      stockMoved: line.kind === PRODUCT && Boolean(line.itemId),
      refundOfPosition: null,
    })),
    taken.transactions,
  ).catch(saleInsertConflict);
  return toSale(sale);
}

/** The sale's row locked, with the state checks every correction shares. */
async function lockedForCorrection(tx: Queryable, tenantId: string, id: string, version: number): Promise<Row> {
  const row = await lockSale(tx, tenantId, id);
  if (!row) throw notFound('No sale has this id.');
  if (row.lifecycle !== 'SALE_LIFECYCLE_COMPLETED') throw conflict('This sale was voided.', 'sale_voided');
  if (row.refund_of_sale_id) throw conflict('A refund cannot be voided or refunded itself.', 'invalid_transition');
  if (Number(row.version) !== version) throw staleVersion();
  return row;
}

/** Voids a sale with nothing collected and no invoice: its products go back to stock. */
export async function voidSale(tx: Queryable, actor: Actor, id: string, version: number, reason: string | undefined): Promise<Sale> {
  const { tenantId } = actor;
  const row = await lockedForCorrection(tx, tenantId, id, version);
  if (row.invoice_id) throw conflict('This sale has an invoice: refund it instead, which rectifies the invoice.', 'sale_already_invoiced');
  if (Number(row.refunded_lines) > 0) throw conflict('This sale has refunds.', 'invalid_transition');
  if (await hasLiveTransactions(tx, tenantId, id)) throw conflict('Something was paid on this sale: refund it instead.', 'sale_has_payments');
  const lines = (await saleLines(tx, tenantId, [id])).filter((line) => line.stock_moved && line.item_id);
  await lockItems(tx, tenantId, lines.map((line) => line.item_id as string));
  for (const line of lines) {
    await moveStock(tx, tenantId, line.item_id as string, { delta: String(line.quantity), reason: 'INVENTORY_MOVEMENT_REASON_RETURNED', note: 'Sale voided', userId: actor.userId, saleId: id });
  }
  await markVoided(tx, tenantId, id, reason?.trim() || null);
  return saleOrThrow(tx, tenantId, id);
}

/**
 * Refunds lines of a sale: a refund sale (negative quantities, the same rates and discounts pro
 * rata), RETURNED movements for the products put back, REFUND transactions for the money given back.
 */
export async function refundSale(
  tx: Queryable,
  actor: Actor,
  id: string,
  input: SaleRefundInput,
): Promise<{ sale: Sale; refund: Sale; paymentTransactions: PaymentTransaction[] }> {
  const { tenantId } = actor;
  const row = await lockedForCorrection(tx, tenantId, id, input.version);
  const currency = row.currency as string;
  // A refund mirrors its sale: computed in the price mode the sale was charged in.
  const pricesIncludeTax = row.prices_include_tax !== false;
  const sold = await saleLines(tx, tenantId, [id]);
  const plan = refundDocument(
    currency,
    sold.map((line) => ({ position: Number(line.position), quantity: String(line.quantity), unitPrice: Number(line.unit_price), taxPercentage: String(line.tax_percentage), amount: Number(line.amount), discount: Number(line.discount), tax: Number(line.tax) })),
    refundedByLine(sold),
    input.lines,
    pricesIncludeTax,
  );
  const payments = input.payments ?? [];
  const methods = await paymentMethods(tx, tenantId, payments.map((payment) => payment.paymentMethodId));
  const amounts = payments.map((payment, index) => positive(payment.amount, currency, `/payments/${index}/amount`));
  const figures = await saleMoney(tx, tenantId, row);
  checkRefundMoney(figures, plan.document.totals.total, amounts.reduce((a, b) => a + b, 0), '/payments');

  const refundId = randomUUID();
  const byPosition = new Map(sold.map((line) => [Number(line.position), line]));
  await insertSale(
    tx,
    tenantId,
    {
      id: refundId,
      operationType: row.operation_type as string,
      appointmentId: null,
      customerId: (row.customer_id as string | null) ?? null,
      customerName: (row.customer_name as string | null) ?? null,
      userId: actor.userId,
      soldAt: new Date().toISOString(),
      notes: input.reason?.trim() || null,
      currency,
      pricesIncludeTax,
      discountPercentage: null,
      discountAmount: null,
      document: plan.document,
      refundOfSaleId: id,
      search: [row.customer_name ?? '', ...plan.lines.map((line) => byPosition.get(line.position)!.name)].join(' '),
      paymentStatus: 'SALE_STATUS_REFUNDED',
    },
    plan.lines.map((line) => {
      const original = byPosition.get(line.position)!;
      return {
        kind: original.kind as string,
        itemId: (original.item_id as string | null) ?? null,
        name: original.name as string,
        taxPercentage: String(original.tax_percentage),
        discountPercentage: String(original.discount_percentage),
        stockMoved: line.restock && Boolean(original.stock_moved),
        refundOfPosition: line.position,
      };
    }),
  );
  const restocked = plan.lines.filter((line) => line.restock && byPosition.get(line.position)!.stock_moved);
  await lockItems(tx, tenantId, restocked.map((line) => byPosition.get(line.position)!.item_id as string));
  for (const line of plan.lines) {
    const quantity = formatScaled(line.quantity, QUANTITY_SCALE);
    await addRefundedQuantity(tx, tenantId, id, line.position, quantity);
    if (restocked.includes(line)) {
      await moveStock(tx, tenantId, byPosition.get(line.position)!.item_id as string, { delta: quantity, reason: 'INVENTORY_MOVEMENT_REASON_RETURNED', note: 'Refund', userId: actor.userId, saleId: refundId });
    }
  }
  const transactionIds: string[] = [];
  let left = figures;
  for (const [index, payment] of payments.entries()) {
    const method = usableMethod(methods, payment.paymentMethodId, `/payments/${index}/paymentMethodId`);
    const of = payment.refundOfTransactionId ? await refundablePayment(tx, tenantId, id, payment.refundOfTransactionId, `/payments/${index}/refundOfTransactionId`) : undefined;
    checkRefundFits(left, amounts[index]!, `/payments/${index}/amount`, of);
    const transactionId = randomUUID();
    await insertTransaction(tx, tenantId, {
      id: transactionId,
      saleId: id,
      kind: 'PAYMENT_TRANSACTION_KIND_REFUND',
      amount: amounts[index]!,
      tipAmount: 0,
      tendered: null,
      change: null,
      currency,
      paymentMethodId: method.id,
      commissionPercentage: method.commission,
      commission: 0,
      status: COMPLETED,
      paidAt: new Date().toISOString(),
      refundOfTransactionId: payment.refundOfTransactionId ?? null,
      refundSaleId: refundId,
      notes: input.reason?.trim() || null,
      userId: actor.userId,
    });
    transactionIds.push(transactionId);
    left = { ...left, refunded: left.refunded + amounts[index]! };
  }
  await recomputeSale(tx, tenantId, row);
  await recomputeSale(tx, tenantId, (await lockSale(tx, tenantId, refundId))!);
  return {
    sale: await saleOrThrow(tx, tenantId, id),
    refund: await saleOrThrow(tx, tenantId, refundId),
    paymentTransactions: (await loadTransactions(tx, tenantId, transactionIds)).map(toPaymentTransaction),
  };
}

/** A COMPLETED payment of this sale that a refund goes back against, with what it collected and what was refunded of it. */
export async function refundablePayment(tx: Queryable, tenantId: string, saleId: string, paymentId: string, pointer: string): Promise<{ amount: number; refunded: number }> {
  const payment = await transactionRow(tx, tenantId, paymentId);
  if (!payment || payment.sale_id !== saleId || payment.kind !== 'PAYMENT_TRANSACTION_KIND_PAYMENT' || payment.status !== COMPLETED) {
    throw unprocessable(pointer, 'unknown_payment', 'Choose a completed payment of this sale.');
  }
  return { amount: Number(payment.amount), refunded: await refundedOfPayment(tx, tenantId, paymentId) };
}

export { inCurrency, positive, usableMethod };
