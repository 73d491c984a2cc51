// Durability under SIGKILL: concurrent writes of the catalogue, of appointments and of money (money.ts: checkouts,
// payments, refunds, invoices issued) over HTTP, the server killed at seeded
// random moments and restarted, and after each restart every acknowledged write checked to be there
// exactly as acknowledged, and every unacknowledged one to be there whole or not at all.
/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON answers, of many shapes, are compared whole */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase, type OpenOptions } from '../../server/db/database.ts';
import { Api, type Recorded } from './api.ts';
import { checkMoneyDatabase, Till } from './money.ts';
import { prng } from './server-process.ts';

type Kind = 'customer' | 'service' | 'item' | 'appointment';

export interface Obj {
  kind: Kind;
  id: string;
  /** The object as last acknowledged (or as found after an unacknowledged write was resolved). */
  state: any;
  /** The worker that writes it (one write in flight per object at most). */
  owner: number;
  /** Inventory items: movements in the ledger. */
  movements: number;
  touched: boolean;
  /** Inventory items: a sale or refund moved the stock (state.quantity follows it; updatedAt is read on the next check). */
  refresh?: boolean;
}

/** A write that got no answer before the kill: applied whole or not at all, to be found out. */
interface Pending {
  kind: Kind;
  op: 'create' | 'update' | 'adjust';
  record: Recorded;
  obj?: Obj;
  /** The fields a create or update sets, to recognise it applied. */
  expect: Record<string, unknown>;
}

export interface CampaignStats {
  acknowledged: number;
  unanswered: number;
  /** Unanswered writes found applied after the restart (committed, answer lost). */
  appliedUnanswered: number;
  /** Unanswered writes sent again with their Idempotency-Key after the restart. */
  retriedWithKey: number;
  restartsMs: number[];
}

const KINDS: readonly Kind[] = ['customer', 'service', 'item', 'appointment'];
/** The share of the load's writes that are money writes (when the worker's objects allow one). */
const MONEY_SHARE = 0.35;
const SINGULAR: Record<Kind, string> = { customer: 'customer', service: 'service', item: 'inventoryItem', appointment: 'appointment' };
/** The field that names an object uniquely, to find an unanswered create (appointments carry it in their notes). */
const LABEL: Record<Kind, string> = { customer: 'name', service: 'name', item: 'name', appointment: 'notes' };

/**
 * Appointment slot `n` of the campaign: 30-minute steps from 00:00 to 20:00 on consecutive days from
 * Monday 2027-04-05 (no daylight-saving change for months), 25 minutes long. Every create and every
 * move takes a slot of its own, so no write of the load is refused as a double booking.
 */
function slot(n: number) {
  const day = new Date(Date.UTC(2027, 3, 5 + Math.floor(n / 40)));
  const minutes = (n % 40) * 30;
  const parts = (offset: number) => ({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hours: Math.floor((minutes + offset) / 60),
    minutes: (minutes + offset) % 60,
  });
  return { startDate: parts(0), endDate: parts(25) };
}

function fail(message: string, detail?: unknown): never {
  throw new Error(detail === undefined ? message : `${message}\n${JSON.stringify(detail, null, 1).slice(0, 3000)}`);
}

const sortedTags = (value: any) => [...((value as string[] | undefined) ?? [])].sort();

/** The object as known (an item whose stock a sale moved: its updatedAt is not known yet). */
function asKnown(obj: Obj, state: any): boolean {
  return obj.refresh ? isDeepStrictEqual({ ...state, updatedAt: undefined }, { ...obj.state, updatedAt: undefined }) : isDeepStrictEqual(state, obj.state);
}

/** The fields of `expected` as found in `actual` (tag ids compared as sets). */
function matches(actual: any, expected: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([field, value]) =>
    field === 'tagIds' ? isDeepStrictEqual(sortedTags(actual[field]), sortedTags(value)) : isDeepStrictEqual(actual[field], value),
  );
}

export class Campaign {
  readonly objects = new Map<string, Obj>();
  private pending: Pending[] = [];
  private serial = 0;
  private slots = 0;
  readonly stats: CampaignStats = { acknowledged: 0, unanswered: 0, appliedUnanswered: 0, retriedWithKey: 0, restartsMs: [] };
  /** The money writes (money.ts), on this campaign's items and appointments. */
  readonly till: Till;

  constructor(
    readonly api: Api,
    readonly tenantId: string,
    readonly tagIds: string[],
    readonly seed: number,
    /** The professional whose calendar the appointments are booked in. */
    readonly userId: string,
  ) {
    this.till = new Till(api, tenantId, { mine: (worker, kind) => this.mine(worker, kind), item: (id) => this.objects.get(id) }, this.stats);
  }

  private collection(kind: Kind) {
    const collections: Record<Kind, string> = { customer: 'customers', service: 'services', item: 'inventory', appointment: `users/${this.userId}/appointments` };
    return `/v1/tenants/${this.tenantId}/${collections[kind]}`;
  }

  private path(kind: Kind, id?: string) {
    return `${this.collection(kind)}${id ? `/${id}` : ''}`;
  }

  private listPath(kind: Kind) {
    const lists: Record<Kind, string> = { customer: 'customers/list', service: 'services', item: 'inventory/list/', appointment: `users/${this.userId}/appointments` };
    return `/v1/tenants/${this.tenantId}/${lists[kind]}`;
  }

  /** Any customer and service of the campaign (appointments may book another worker's: they are never deleted). */
  private anyOf(kind: Kind, pick: <T>(list: readonly T[]) => T): Obj | undefined {
    const all = [...this.objects.values()].filter((obj) => obj.kind === kind);
    return all.length === 0 ? undefined : pick(all);
  }

  private mine(worker: number, kind: Kind): Obj[] {
    return [...this.objects.values()].filter((obj) => obj.kind === kind && obj.owner === worker);
  }

  private adopt(kind: Kind, state: any, worker: number, movements = 0): Obj {
    const obj: Obj = { kind, id: state.id, state, owner: worker, movements, touched: true };
    this.objects.set(obj.id, obj);
    return obj;
  }

  /**
   * Before the load (no kill): each worker's first stocked item, two walk-in sales of it, each with its
   * draft invoice, the first issued, so that every kind of money write (payments, refunds, issues,
   * refunds of invoiced sales) is open from the first round and the series and chain are never empty.
   */
  async stockUp(workers: number): Promise<void> {
    for (let worker = 0; worker < workers; worker += 1) {
      const random = prng(this.seed * 1000 + worker);
      const inventoryItem = { name: `r0w${worker}n${(this.serial += 1)}`, quantity: 10 };
      this.adopt('item', (await this.api.ok('POST', this.path('item'), 201, { body: { inventoryItem } })).inventoryItem, worker, 1);
      for (const op of ['checkout', 'draft', 'issue', 'checkout', 'draft'] as const) {
        if ((await this.till.write(worker, random, op)) !== 'acknowledged') fail(`The ${op} before the load was not acknowledged`);
      }
    }
  }

  /** One worker's writes until `stopped()`: each worker owns its objects, so at most one write per object is in flight. */
  private async worker(round: number, worker: number, stopped: () => boolean): Promise<void> {
    const random = prng(this.seed * 1000 + round * 37 + worker);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const word = () => `${pick(['Ana', 'Luis', 'Eva', 'Noé', 'Íñigo', 'Zoë'])}-${Math.floor(random() * 1e6)}`;
    while (!stopped()) {
      if (random() < MONEY_SHARE) {
        const outcome = await this.till.write(worker, random);
        if (outcome === 'unanswered') {
          this.stats.unanswered += 1;
          return; // the server is gone: this worker's round ends
        }
        if (outcome !== 'skipped') {
          this.stats.acknowledged += 1;
          if (outcome === 'gone') return;
          continue;
        }
      }
      const customers = this.mine(worker, 'customer');
      const services = this.mine(worker, 'service');
      const items = this.mine(worker, 'item');
      const appointments = this.mine(worker, 'appointment');
      const customer = this.anyOf('customer', pick);
      const service = this.anyOf('service', pick);
      const booking = customer && service && random() < 0.25;
      const dice = random();
      const keyed = random() < 0.75;
      const key = keyed ? `k-${randomUUID()}` : undefined;
      const name = `r${round}w${worker}n${(this.serial += 1)}`;
      let pending: Pending;
      if (booking && (dice < 0.5 || appointments.length === 0)) {
        const appointment = { customerId: customer.id, services: [{ id: service.id }], ...slot((this.slots += 1)), notes: name, reminders: [], allowOutsideHours: true };
        const record = await this.api.send('POST', this.path('appointment'), { body: { appointment }, key });
        pending = { kind: 'appointment', op: 'create', record, expect: { notes: name, startDate: appointment.startDate, endDate: appointment.endDate, userId: this.userId } };
      } else if (booking) {
        const obj = pick(appointments);
        const moved = slot((this.slots += 1));
        const appointment = {
          customerId: obj.state.customer.id,
          services: obj.state.services.map((line: { id: string }) => ({ id: line.id })),
          ...moved,
          notes: obj.state.notes,
          reminders: [],
          allowOutsideHours: true,
          version: obj.state.version,
        };
        const record = await this.api.send('PUT', this.path('appointment', obj.id), { body: { appointment } });
        pending = { kind: 'appointment', op: 'update', record, obj, expect: { ...moved, version: obj.state.version + 1 } };
      } else if (dice < 0.25 || (dice < 0.45 && customers.length === 0)) {
        const tagIds = this.tagIds.filter(() => random() < 0.5);
        const customer = { name, lastName: word(), notes: `Notes ${word()}`, tagIds };
        const record = await this.api.send('POST', this.path('customer'), { body: { customer }, key });
        pending = { kind: 'customer', op: 'create', record, expect: customer };
      } else if (dice < 0.45) {
        const obj = pick(customers);
        const tagIds = this.tagIds.filter(() => random() < 0.5);
        const customer = { name: obj.state.name, lastName: word(), notes: `Changed ${word()}`, tagIds, version: obj.state.version };
        const record = await this.api.send('PUT', this.path('customer', obj.id), { body: { customer } });
        pending = { kind: 'customer', op: 'update', record, obj, expect: { lastName: customer.lastName, notes: customer.notes, tagIds, version: obj.state.version + 1 } };
      } else if (dice < 0.55 || (dice < 0.65 && services.length === 0)) {
        const service = { name, durationMinutes: 5 * (1 + Math.floor(random() * 24)), price: { amount: Math.floor(random() * 10_000), currency: 'EUR' } };
        const record = await this.api.send('POST', this.path('service'), { body: { service }, key });
        pending = { kind: 'service', op: 'create', record, expect: service };
      } else if (dice < 0.65) {
        const obj = pick(services);
        const service = { name: obj.state.name, durationMinutes: obj.state.durationMinutes, price: { amount: Math.floor(random() * 10_000), currency: 'EUR' }, version: obj.state.version };
        const record = await this.api.send('PUT', this.path('service', obj.id), { body: { service } });
        pending = { kind: 'service', op: 'update', record, obj, expect: { price: service.price, version: obj.state.version + 1 } };
      } else if (dice < 0.75 || items.length === 0) {
        const quantity = Math.floor(random() * 20);
        const inventoryItem = { name, quantity };
        const record = await this.api.send('POST', this.path('item'), { body: { inventoryItem }, key });
        pending = { kind: 'item', op: 'create', record, expect: inventoryItem };
      } else {
        const obj = pick(items);
        const delta = obj.state.quantity >= 1 && random() < 0.3 ? -1 : 1 + Math.floor(random() * 5);
        const body = { delta, reason: delta > 0 ? 'INVENTORY_MOVEMENT_REASON_RECEIVED' : 'INVENTORY_MOVEMENT_REASON_CORRECTION' };
        const record = await this.api.send('POST', `${this.path('item', obj.id)}/adjustments`, { body, key });
        pending = { kind: 'item', op: 'adjust', record, obj, expect: { quantity: obj.state.quantity + delta } };
      }
      const { answer } = pending.record;
      if (!answer) {
        this.pending.push(pending);
        this.stats.unanswered += 1;
        return; // the server is gone: this worker's round ends
      }
      if (answer.status >= 300) fail(`An answered write failed: ${pending.record.method} ${pending.record.path} → ${answer.status}`, answer.body);
      this.stats.acknowledged += 1;
      this.acknowledge(pending, answer.body, worker);
    }
  }

  private acknowledge(pending: Pending, body: any, worker: number) {
    const state = body[SINGULAR[pending.kind]];
    if (!matches(state, pending.expect)) fail('The answer does not carry what was written', { expect: pending.expect, state });
    if (pending.op === 'create') this.adopt(pending.kind, state, worker, pending.kind === 'item' && state.quantity > 0 ? 1 : 0);
    else {
      const obj = pending.obj!;
      obj.state = state;
      obj.touched = true;
      if (pending.op === 'adjust') obj.movements += 1;
    }
  }

  /** Runs `workers` writers until `kill()` resolves (the kill happens inside it), then waits for them all. */
  async load(round: number, workers: number, kill: () => Promise<void>): Promise<void> {
    let stop = false;
    const running = Array.from({ length: workers }, (_, worker) => this.worker(round, worker, () => stop));
    const killing = kill().then(() => {
      stop = true;
    });
    const results = await Promise.allSettled([...running, killing]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  /**
   * After a restart: finds out what became of each unanswered write. It must be there whole or not
   * at all; a write sent with an Idempotency-Key is then sent again with it, and must apply exactly
   * once (the first answer if it had committed, a first application otherwise).
   */
  async resolve(): Promise<void> {
    const lists = new Map<Kind, any[]>();
    const list = async (kind: Kind) => {
      if (!lists.has(kind)) lists.set(kind, await this.api.listAll(this.listPath(kind)));
      return lists.get(kind)!;
    };
    for (const pending of this.pending) {
      const { record } = pending;
      const label = LABEL[pending.kind];
      const worker = pending.obj?.owner ?? Number(/w(\d+)n/.exec(String(pending.expect[label]))![1]);
      let found: any;
      if (pending.op === 'create') {
        const name = pending.expect[label] as string;
        const named = (await list(pending.kind)).filter((item) => item[label] === name);
        if (named.length > 1) fail(`An unanswered create left ${named.length} objects named ${name}`, named);
        if (named.length === 1) {
          found = (await this.api.ok('GET', this.path(pending.kind, named[0].id), 200))[SINGULAR[pending.kind]];
          if (!matches(found, pending.expect)) fail('An unanswered create is there only in part', { expect: pending.expect, found });
        }
      } else {
        const obj = pending.obj!;
        const state = (await this.api.ok('GET', this.path(obj.kind, obj.id), 200))[SINGULAR[obj.kind]];
        const known = obj.state;
        if (!asKnown(obj, state)) {
          if (!matches(state, pending.expect)) {
            fail(`An unanswered ${pending.op} is there only in part (or something else changed the ${obj.kind})`, { before: known, expect: pending.expect, state });
          }
          found = state;
        }
      }
      if (found) this.stats.appliedUnanswered += 1;

      if (record.key) {
        const answer = await this.api.ok(record.method, record.path, 201, { body: record.body, key: record.key });
        const state = answer[SINGULAR[pending.kind]];
        if (found && (state.id !== found.id || (pending.op === 'adjust' && state.quantity !== found.quantity))) {
          fail(`A ${pending.op} retried with its Idempotency-Key after the kill applied twice`, { before: found, retried: state });
        }
        this.acknowledge(pending, answer, worker);
        this.stats.retriedWithKey += 1;
      } else if (found) {
        this.acknowledge(pending, { [SINGULAR[pending.kind]]: found }, worker);
      }
    }
    this.pending = [];
    await this.till.resolve();
  }

  /**
   * Every object written in this round (`all`: every object) is exactly as last acknowledged, the
   * ledger of each item adds up to its stock, and the lists hold exactly the known objects.
   */
  async verify(all = false): Promise<void> {
    for (const obj of this.objects.values()) {
      if (!all && !obj.touched) continue;
      const state = (await this.api.ok('GET', this.path(obj.kind, obj.id), 200))[SINGULAR[obj.kind]];
      const known = obj.state;
      if (!asKnown(obj, state)) fail(`An acknowledged ${obj.kind} is not as acknowledged`, { acknowledged: known, found: state });
      obj.state = state;
      obj.refresh = false;
      if (obj.kind === 'item') {
        const movements = await this.api.listAll(`${this.path('item', obj.id)}/movements`);
        const sum = movements.reduce((total, movement) => total + Number(movement.delta), 0);
        if (movements.length !== obj.movements || sum !== Number(state.quantity)) {
          fail('The stock disagrees with its ledger', { item: state, expectedMovements: obj.movements, movements });
        }
      }
      obj.touched = false;
    }
    for (const kind of KINDS) {
      const listed = new Set((await this.api.listAll(this.listPath(kind))).map((item) => item.id as string));
      const known = new Set([...this.objects.values()].filter((obj) => obj.kind === kind).map((obj) => obj.id));
      if (!isDeepStrictEqual(listed, known)) {
        fail(`The ${kind} list does not hold exactly the acknowledged objects`, {
          extra: [...listed].filter((id) => !known.has(id)),
          missing: [...known].filter((id) => !listed.has(id)),
        });
      }
    }
    await this.till.verify(all);
  }
}

/**
 * Opens the database as the next process would (PGlite: takes over the lock of the killed process,
 * recovers from its WAL) and checks what must hold whatever was interrupted: every stock equals its
 * ledger, no idempotency key without its stored answer, no stored answer without its object, and
 * the money invariants (checkMoneyDatabase: no half sale, no number gap, the fiscal chain verifies).
 */
export async function checkDatabase(
  options: OpenOptions,
  tenantId: string,
): Promise<{ customers: number; services: number; items: number; appointments: number; sales: number; issued: number }> {
  const db = await openDatabase(options);
  try {
    return await db.withSystem(async (tx) => {
      const ledger = await tx.query(
        `SELECT i.id, i.quantity, coalesce(sum(m.delta), 0) AS ledger
           FROM inventory_items i LEFT JOIN inventory_movements m ON m.tenant_id = i.tenant_id AND m.item_id = i.id
          WHERE i.tenant_id = $1 GROUP BY i.id, i.quantity HAVING i.quantity <> coalesce(sum(m.delta), 0)`,
        [tenantId],
      );
      if (ledger.rows.length > 0) fail('Stock that disagrees with its movements ledger', ledger.rows);
      const unanswered = await tx.query(`SELECT key, operation FROM idempotency_keys WHERE tenant_id = $1 AND response_status IS NULL`, [tenantId]);
      if (unanswered.rows.length > 0) fail('Idempotency keys without their answer', unanswered.rows);
      const orphans = await tx.query(
        `SELECT k.key, k.operation FROM idempotency_keys k
          WHERE k.tenant_id = $1 AND (NOT EXISTS (
            SELECT 1 FROM customers c WHERE c.tenant_id = k.tenant_id AND c.id::text = k.response_body->'customer'->>'id'
            UNION ALL SELECT 1 FROM services s WHERE s.tenant_id = k.tenant_id AND s.id::text = k.response_body->'service'->>'id'
            UNION ALL SELECT 1 FROM inventory_items i WHERE i.tenant_id = k.tenant_id AND i.id::text = k.response_body->'inventoryItem'->>'id'
            UNION ALL SELECT 1 FROM appointments a WHERE a.tenant_id = k.tenant_id AND a.id::text = k.response_body->'appointment'->>'id'
            UNION ALL SELECT 1 FROM sales s WHERE s.tenant_id = k.tenant_id AND s.id::text = k.response_body->'sale'->>'id'
            UNION ALL SELECT 1 FROM payment_transactions t WHERE t.tenant_id = k.tenant_id AND t.id::text = k.response_body->'paymentTransaction'->>'id'
            UNION ALL SELECT 1 FROM invoices v WHERE v.tenant_id = k.tenant_id AND v.id::text = k.response_body->'invoice'->>'id')
             OR (k.response_body->'refund' IS NOT NULL AND NOT EXISTS (
               SELECT 1 FROM sales r WHERE r.tenant_id = k.tenant_id AND r.id::text = k.response_body->'refund'->>'id' AND r.refund_of_sale_id::text = k.response_body->'sale'->>'id')))`,
        [tenantId],
      );
      if (orphans.rows.length > 0) fail('Stored answers whose object is not there', orphans.rows);
      // Every appointment has its service lines (written in the same transaction).
      const lineless = await tx.query(
        `SELECT a.id FROM appointments a WHERE a.tenant_id = $1
            AND NOT EXISTS (SELECT 1 FROM appointment_services x WHERE x.tenant_id = a.tenant_id AND x.appointment_id = a.id)`,
        [tenantId],
      );
      if (lineless.rows.length > 0) fail('Appointments without their services', lineless.rows);
      const money = await checkMoneyDatabase(tx, tenantId);
      const { rows } = await tx.query<{ customers: number; services: number; items: number; appointments: number }>(
        `SELECT (SELECT count(*)::int FROM customers WHERE tenant_id = $1) AS customers,
                (SELECT count(*)::int FROM services WHERE tenant_id = $1) AS services,
                (SELECT count(*)::int FROM inventory_items WHERE tenant_id = $1) AS items,
                (SELECT count(*)::int FROM appointments WHERE tenant_id = $1) AS appointments`,
        [tenantId],
      );
      return { ...rows[0]!, ...money };
    });
  } finally {
    await db.close();
  }
}

/** The PID written in PGlite's lock file, if there is one. */
export function lockHolder(dataDir: string): number | undefined {
  const path = `${dataDir}.lock`;
  return existsSync(path) ? Number.parseInt(readFileSync(path, 'utf8'), 10) : undefined;
}
