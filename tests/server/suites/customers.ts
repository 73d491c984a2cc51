// Customers: the business's customer list, searched by name, e-mail and phone digits (accent- and
// case-insensitive, on a trigram index), with CSV export/import and a GDPR export of one customer.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createCustomer,
  createCustomerTag,
  createService,
  deleteCustomer,
  exportCustomerData,
  exportCustomers,
  getCustomer,
  importCustomers,
  listCustomers,
  searchCustomers,
  updateCustomer,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { Customer, CustomerImportRow, CustomerInput, CustomerSort, CustomerTag, Tenant } from '../../../generated/types.gen.ts';
import type { Actor } from '../harness.ts';
import { fields, join, newTenant, ok, problem, raw, signUp, signUpOwner, weekdayHours, type TestServer } from '../harness.ts';

async function create(actor: Actor, tenant: Tenant, input: CustomerInput, key?: string): Promise<Customer> {
  const { customer } = await ok(
    createCustomer({ client: actor.client, path: { tenantId: tenant.id }, body: { customer: input }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) }),
    201,
  );
  return customer;
}

async function tag(actor: Actor, tenant: Tenant, name: string): Promise<CustomerTag> {
  return (await ok(createCustomerTag({ client: actor.client, path: { tenantId: tenant.id }, body: { tag: { name } } }), 201)).tag;
}

/** The writable fields of a customer as read, with the version, plus changes. */
const update = (actor: Actor, customer: Customer, changes: Partial<CustomerInput> & { version?: number } = {}) => {
  const writable: Record<string, unknown> = { ...customer };
  for (const key of ['id', 'tenantId', 'appointmentsCount', 'noShowCount', 'createdAt', 'updatedAt', 'marketingConsentAt', 'lastVisitDate']) delete writable[key];
  const body = { ...(writable as unknown as CustomerInput & { version: number }), ...changes };
  return updateCustomer({ client: actor.client, path: { tenantId: customer.tenantId, id: customer.id }, body: { customer: body } });
};

const list = (actor: Actor, tenant: Tenant, query: { limit?: number; offset?: number; q?: string; tagId?: string; sort?: CustomerSort } = {}) =>
  ok(listCustomers({ client: actor.client, path: { tenantId: tenant.id }, query }));

const search = (actor: Actor, tenant: Tenant, pattern: string) =>
  ok(searchCustomers({ client: actor.client, path: { tenantId: tenant.id, pattern } }));

const names = (page: { items: Array<{ name: string; lastName?: string }> }) => page.items.map((c) => [c.name, c.lastName ?? ''].join(' ').trim());

const lucia: CustomerInput = {
  name: 'Lucía',
  lastName: 'Peña García',
  phoneCountryCode: '+34',
  phoneNumber: '612345678',
  email: 'lucia.pena@example.com',
  birthday: '1990-04-12',
  notes: 'Alergia al amoniaco.',
  marketingConsent: true,
  taxId: '12345678z',
};

export function customersSuite(server: () => TestServer) {
  describe('customers', () => {
    it('creates, reads, updates and deletes a customer with tags, consent date and version', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'cu-crud');
      const regular = await tag(owner, tenant, 'Regular');
      const curly = await tag(owner, tenant, 'Curly hair');
      const created = await create(owner, tenant, { ...lucia, tagIds: [regular.id] });
      expect(created).toMatchObject({
        tenantId: tenant.id,
        name: 'Lucía',
        lastName: 'Peña García',
        phoneCountryCode: '+34',
        phoneNumber: '612345678',
        email: 'lucia.pena@example.com',
        birthday: '1990-04-12',
        taxId: '12345678Z',
        tagIds: [regular.id],
        marketingConsent: true,
        remindersEnabled: true,
        appointmentsCount: 0,
        noShowCount: 0,
        version: 1,
      });
      expect(Date.parse(created.marketingConsentAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect((await ok(getCustomer({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }))).customer).toEqual(created);

      const { customer: changed } = await ok(update(owner, created, { lastName: 'Peña', tagIds: [curly.id, regular.id], marketingConsent: false }));
      expect(changed).toMatchObject({ lastName: 'Peña', version: 2, marketingConsent: false });
      expect(changed.tagIds.toSorted()).toEqual([curly.id, regular.id].toSorted());
      expect(changed.marketingConsentAt).toBeUndefined();
      // Giving consent again stamps the new date; keeping it keeps the date.
      const { customer: consented } = await ok(update(owner, changed, { marketingConsent: true }));
      expect(consented.marketingConsentAt).toBeDefined();
      const { customer: kept } = await ok(update(owner, consented, { notes: 'Otra nota.' }));
      expect(kept.marketingConsentAt).toBe(consented.marketingConsentAt);
      expect(kept.version).toBe(4);

      await ok(deleteCustomer({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 204);
      await problem(getCustomer({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      await problem(deleteCustomer({ client: owner.client, path: { tenantId: tenant.id, id: created.id } }), 404);
      expect((await list(owner, tenant)).total).toBe(0);
    });

    it('refuses what the contract refuses, naming the field', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cu-rules');
      const post = (customer: CustomerInput) => createCustomer({ client: owner.client, path: { tenantId: tenant.id }, body: { customer } });
      expect(fields(await problem(post({ name: '   ' }), 422))).toEqual(['/customer/name']);
      expect(fields(await problem(post({ name: 'Ana', phoneNumber: '612345678' }), 422))).toEqual(['/customer/phoneCountryCode']);
      expect(fields(await problem(post({ name: 'Ana', tagIds: [randomUUID()] }), 422))).toEqual(['/customer/tagIds']);
      expect(fields(await problem(post({ name: 'Ana', birthday: '2999-01-01' }), 422))).toEqual(['/customer/birthday']);
      const send = (customer: unknown) => raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/customers`, { token: owner.token, body: { customer } });
      expect(fields(await problem(send({ name: 'Ana', email: 'not-an-email' }), 400)).join()).toContain('email');
      expect(fields(await problem(send({ name: 'Ana', phoneCountryCode: '+34', phoneNumber: '61-23' }), 400)).join()).toContain('phoneNumber');
      expect(fields(await problem(send({ name: '' }), 400)).join()).toContain('name');
      const created = await create(owner, tenant, { name: 'Ana' });
      const put = raw(s.baseUrl, 'PUT', `/v1/tenants/${tenant.id}/customers/${created.id}`, { token: owner.token, body: { customer: { name: 'Ana' } } });
      expect(fields(await problem(put, 400)).join()).toContain('version');
      expect((await list(owner, tenant)).total).toBe(1);
    });

    it("answers 404 for another business's customers and to strangers; members read and write customers", async () => {
      const s = server();
      const a = await signUpOwner(s, 'cu-a');
      const b = await signUpOwner(s, 'cu-b');
      const customer = await create(a.owner, a.tenant, lucia);
      await problem(getCustomer({ client: b.owner.client, path: { tenantId: b.tenant.id, id: customer.id } }), 404);
      await problem(getCustomer({ client: b.owner.client, path: { tenantId: a.tenant.id, id: customer.id } }), 404);
      await problem(update(b.owner, { ...customer, tenantId: b.tenant.id }), 404);
      await problem(deleteCustomer({ client: b.owner.client, path: { tenantId: b.tenant.id, id: customer.id } }), 404);
      await problem(exportCustomerData({ client: b.owner.client, path: { tenantId: b.tenant.id, id: customer.id } }), 404);
      await problem(listCustomers({ client: b.owner.client, path: { tenantId: a.tenant.id } }), 404);
      expect((await list(b.owner, b.tenant, { q: 'pena' })).total).toBe(0);
      expect((await search(b.owner, b.tenant, 'pena')).total).toBe(0);
      expect((await ok(getCustomer({ client: a.owner.client, path: { tenantId: a.tenant.id, id: customer.id } }))).customer.name).toBe('Lucía');

      const member = await join(s, a.owner, a.tenant, 'TEAM_ROLE_MEMBER', 'cu-member');
      const mine = await create(member, a.tenant, { name: 'Javier', lastName: 'Martín' });
      await ok(update(member, customer, { notes: 'Cambiado por el equipo.' }));
      await ok(deleteCustomer({ client: member.client, path: { tenantId: a.tenant.id, id: mine.id } }), 204);
      expect(names(await list(member, a.tenant))).toEqual(['Lucía Peña García']);
    });

    it('answers 409 stale_version to an update based on an old read, changing nothing', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'cu-stale');
      const read = await create(owner, tenant, lucia);
      await ok(update(owner, read, { notes: 'Primera.' }));
      const stale = await problem(update(owner, read, { notes: 'Segunda.' }), 409);
      expect(stale.code).toBe('stale_version');
      const { customer } = await ok(getCustomer({ client: owner.client, path: { tenantId: tenant.id, id: read.id } }));
      expect(customer).toMatchObject({ notes: 'Primera.', version: 2 });
    });

    it('creates once per Idempotency-Key', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'cu-idem');
      const key = randomUUID();
      const first = await create(owner, tenant, lucia, key);
      const again = await create(owner, tenant, lucia, key);
      expect(again).toEqual(first);
      expect((await list(owner, tenant)).total).toBe(1);
      const reused = await problem(createCustomer({ client: owner.client, path: { tenantId: tenant.id }, body: { customer: { name: 'Otra' } }, headers: { 'Idempotency-Key': key } }), 422);
      expect(fields(reused)).toEqual(['Idempotency-Key']);
      expect((await list(owner, tenant)).total).toBe(1);
    });

    it('pages with a total, a stable order and bounded sizes; sorts and filters by tag', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cu-pages');
      const vip = await tag(owner, tenant, 'VIP');
      const created: Customer[] = [];
      for (const [name, lastName] of [['Ana', 'García'], ['Ana', 'García'], ['Ana', 'García'], ['Bruno', 'Álvarez'], ['Carmen', 'Zapata']] as const) {
        created.push(await create(owner, tenant, { name, lastName, ...(name === 'Carmen' || name === 'Bruno' ? { tagIds: [vip.id] } : {}) }));
      }
      const all = await list(owner, tenant, { limit: 200 });
      expect(all.total).toBe(5);
      expect(names(all)).toEqual(['Bruno Álvarez', 'Ana García', 'Ana García', 'Ana García', 'Carmen Zapata']);
      // Ties (three Ana García) come in id order, so pages never repeat or skip anyone.
      const twins = created.slice(0, 3).map((c) => c.id).toSorted();
      expect(all.items.slice(1, 4).map((c) => c.id)).toEqual(twins);
      const pages = [await list(owner, tenant, { limit: 2 }), await list(owner, tenant, { limit: 2, offset: 2 }), await list(owner, tenant, { limit: 2, offset: 4 })];
      expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
      expect(pages.every((p) => p.total === 5)).toBe(true);
      expect(pages.flatMap((p) => p.items.map((c) => c.id))).toEqual(all.items.map((c) => c.id));
      const beyond = await list(owner, tenant, { offset: 10 });
      expect(beyond).toEqual({ items: [], total: 5 });

      expect(names(await list(owner, tenant, { sort: 'name' }))).toEqual(['Ana García', 'Ana García', 'Ana García', 'Bruno Álvarez', 'Carmen Zapata']);
      expect(names(await list(owner, tenant, { sort: '-lastName' }))[0]).toBe('Carmen Zapata');
      expect((await list(owner, tenant, { sort: '-createdAt', limit: 1 })).items[0]!.id).toBe(created[4]!.id);
      const vips = await list(owner, tenant, { tagId: vip.id });
      expect(names(vips)).toEqual(['Bruno Álvarez', 'Carmen Zapata']);
      expect(vips.total).toBe(2);
      expect(names(await list(owner, tenant, { tagId: vip.id, q: 'carm' }))).toEqual(['Carmen Zapata']);

      const tooBig = raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/customers/list?limit=201`, { token: owner.token });
      expect(fields(await problem(tooBig, 400)).join()).toContain('limit');
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/customers/list?limit=0`, { token: owner.token }), 400);
      await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/customers/list?offset=-1`, { token: owner.token }), 400);
    });

    it('finds customers accent- and case-insensitively, by phone digits and e-mail, ranked', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'cu-search');
      const pena = await create(owner, tenant, lucia);
      await create(owner, tenant, { name: 'Javier', lastName: 'Martín', phoneCountryCode: '+34', phoneNumber: '623456789', email: 'javi@example.com' });
      await create(owner, tenant, { name: 'Penélope', lastName: 'Cruz' });
      await create(owner, tenant, { name: 'Carmen', lastName: 'Campeña' });
      await create(owner, tenant, { name: '50% off', lastName: 'Promo_x' });
      await create(owner, tenant, { name: 'Ana', lastName: 'Ocampo' });
      await create(owner, tenant, { name: 'Juliana', lastName: 'Becerra' });

      expect(names(await search(owner, tenant, 'pena'))).toEqual(['Lucía Peña García', 'Carmen Campeña']);
      expect(names(await search(owner, tenant, 'PEÑA'))).toEqual(['Lucía Peña García', 'Carmen Campeña']);
      expect((await search(owner, tenant, 'lucia garcia')).items.map((c) => c.id)).toEqual([pena.id]);
      expect(names(await search(owner, tenant, '612 345'))).toEqual(['Lucía Peña García']);
      expect(names(await search(owner, tenant, '+34 623-45'))).toEqual(['Javier Martín']);
      expect(names(await search(owner, tenant, 'javi@exam'))).toEqual(['Javier Martín']);
      expect(names(await search(owner, tenant, 'martin'))).toEqual(['Javier Martín']);
      // Names that start with the pattern come first.
      expect(names(await search(owner, tenant, 'cam'))).toEqual(['Carmen Campeña', 'Ana Ocampo']);
      // LIKE wildcards in the pattern are plain characters.
      expect(names(await search(owner, tenant, '50%'))).toEqual(['50% off Promo_x']);
      expect(names(await search(owner, tenant, '%'))).toEqual(['50% off Promo_x']);
      expect(names(await search(owner, tenant, '_'))).toEqual(['50% off Promo_x']);
      expect((await search(owner, tenant, 'zzz')).items).toEqual([]);
      // The list's free text uses the same search.
      expect(names(await list(owner, tenant, { q: 'garcía lucía' }))).toEqual(['Lucía Peña García']);
      // Sorted by relevance, the list ranks as the search does (A–Z by last name puts Becerra first);
      // without a search it sorts by last name.
      expect(names(await search(owner, tenant, 'ana'))).toEqual(['Ana Ocampo', 'Juliana Becerra']);
      expect(names(await list(owner, tenant, { q: 'ana' }))).toEqual(['Juliana Becerra', 'Ana Ocampo']);
      expect(names(await list(owner, tenant, { q: 'ana', sort: 'relevance' }))).toEqual(['Ana Ocampo', 'Juliana Becerra']);
      expect(names(await list(owner, tenant, { q: 'ana', sort: 'relevance', limit: 1, offset: 1 }))).toEqual(['Juliana Becerra']);
      expect((await list(owner, tenant, { sort: 'relevance' })).items.map((c) => c.lastName)).toEqual(
        (await list(owner, tenant, { sort: 'lastName' })).items.map((c) => c.lastName),
      );
    });

    it('searches on the trigram index of the folded search column, not a sequential scan', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cu-explain');
      // A business with 3,000 customers of varied names (inserted directly: the API would take minutes).
      await s.db.withSystem(async (tx) => {
        await tx.query(
          `INSERT INTO customers (tenant_id, name, last_name, email, phone_country_code, phone_number)
           SELECT $1,
                  (ARRAY['Lucía','Carmen','Javier','Ana','Pedro','María','José','Elena','Pablo','Sofía','Hugo','Marta'])[1 + g % 12] || ' ' || substr(md5(g::text), 1, 5),
                  (ARRAY['García','López','Peña','Martín','Sánchez','Gómez','Ruiz','Díaz','Moreno','Álvarez','Romero','Navarro'])[1 + (g / 12) % 12] || substr(md5(g::text || 'x'), 1, 4),
                  substr(md5(g::text || 'e'), 1, 10) || '@example.com', '+34', '6' || lpad((g * 7919 % 100000000)::text, 8, '0')
             FROM generate_series(1, 3000) g`,
          [tenant.id],
        );
        await tx.query('ANALYZE customers');
      });
      // customer_search runs this statement as the table owner (SECURITY DEFINER, pinned to the
      // transaction's tenant): under row-level security LIKE is not leakproof and could not use the index.
      const plan = await s.db.withSystem((tx) =>
        tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT c.id FROM customers c WHERE c.tenant_id = $1 AND c.search LIKE '%garcia%' AND c.search LIKE '%lucia%'`, [tenant.id]),
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('customers_search_idx');
      expect(text).not.toMatch(/Seq Scan/);
      // …and the API answers from it with the right rows and total.
      const expected = await s.db.withSystem((tx) =>
        tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM customers WHERE tenant_id = $1 AND cita_fold(name || ' ' || last_name) LIKE '%garcia%' AND cita_fold(name) LIKE '%lucia%'`, [tenant.id]),
      );
      const found = await list(owner, tenant, { q: 'García Lucía', limit: 200 });
      expect(found.total).toBe(expected.rows[0]!.n);
      expect(found.total).toBeGreaterThan(0);
      expect(found.items.every((c) => c.name.startsWith('Lucía') && c.lastName!.startsWith('García'))).toBe(true);
    }, 60_000);

    it('imports all rows or none, naming each failing cell; creates missing tags for managers only', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cu-import');
      await tag(owner, tenant, 'Regular');
      const good = (i: number): CustomerImportRow => ({ name: `Cliente${i}`, lastName: 'Import', phoneNumber: `6000000${String(i).padStart(2, '0')}`, email: `c${i}@example.com` });
      const rows: CustomerImportRow[] = Array.from({ length: 10 }, (_, i) => good(i));
      rows[3] = { ...rows[3]!, email: 'not-an-email', birthday: '31/02/1990' };
      rows[7] = { ...rows[7]!, name: '  ', marketingConsent: 'maybe' };
      const post = (body: { rows: CustomerImportRow[]; dryRun?: boolean }, actor: Actor = owner, key?: string) =>
        importCustomers({ client: actor.client, path: { tenantId: tenant.id }, body, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });

      const refused = await problem(post({ rows }), 422);
      expect(refused.code).toBe('import_invalid');
      expect(fields(refused).toSorted()).toEqual(['/rows/3/birthday', '/rows/3/email', '/rows/7/marketingConsent', '/rows/7/name']);
      expect(refused.detail).toMatch(/^2 of 10 rows/);
      expect((await list(owner, tenant)).total).toBe(0);

      rows[3] = good(3);
      rows[7] = { ...good(7), phoneNumber: '+44 7700 900123', birthday: '1985-12-01', marketingConsent: 'sí', tags: 'regular; Nueva etiqueta', notes: 'Línea 1,\n"línea 2"' };
      const preview = await ok(post({ rows, dryRun: true }));
      expect(preview).toEqual({ dryRun: true, imported: 0, createdTags: ['Nueva etiqueta'] });
      expect((await list(owner, tenant)).total).toBe(0);

      const key = randomUUID();
      expect(await ok(post({ rows }, owner, key))).toEqual({ dryRun: false, imported: 10, createdTags: ['Nueva etiqueta'] });
      // A retried request with the same key does not import twice.
      expect(await ok(post({ rows }, owner, key))).toEqual({ dryRun: false, imported: 10, createdTags: ['Nueva etiqueta'] });
      expect((await list(owner, tenant)).total).toBe(10);
      const [seven] = (await search(owner, tenant, 'cliente7')).items;
      const { customer } = await ok(getCustomer({ client: owner.client, path: { tenantId: tenant.id, id: seven!.id } }));
      expect(customer).toMatchObject({ phoneCountryCode: '+44', phoneNumber: '7700900123', birthday: '1985-12-01', marketingConsent: true, notes: 'Línea 1,\n"línea 2"' });
      expect(customer.tagIds).toHaveLength(2);
      const [zero] = (await search(owner, tenant, 'cliente0')).items;
      expect(zero).toMatchObject({ phoneCountryCode: '+1', phoneNumber: '600000000' });

      // A member may import, but not invent tags.
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'cu-import-member');
      const refusedTag = await problem(post({ rows: [{ name: 'Otra', tags: 'Desconocida' }, { name: 'Más', tags: 'Regular' }] }, member), 422);
      expect(fields(refusedTag)).toEqual(['/rows/0/tags']);
      expect(await ok(post({ rows: [{ name: 'Más', tags: 'Regular' }] }, member))).toMatchObject({ imported: 1, createdTags: [] });
      expect((await list(owner, tenant)).total).toBe(11);
      // The contract bounds the size of one import.
      await problem(raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/customers/import`, { token: owner.token, body: { rows: [] } }), 400);
    });

    it('imports 5,000 rows (over the 128 kB of other requests) in one request, still all or nothing; 413 above 4 MiB', { timeout: 120_000 }, async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cu-import-big');
      const post = (rows: CustomerImportRow[]) => importCustomers({ client: owner.client, path: { tenantId: tenant.id }, body: { rows } });
      const rows: CustomerImportRow[] = Array.from({ length: 5000 }, (_, i) => ({
        name: `Cliente${i}`,
        lastName: 'Importado Desde Otro Programa',
        phoneCountryCode: '+34',
        phoneNumber: `6${String(10_000_000 + i)}`,
        email: `cliente.numero.${i}@example.com`,
        notes: 'Importado del programa anterior.',
      }));
      expect(JSON.stringify({ rows }).length).toBeGreaterThan(128 * 1024);

      // One bad cell in the last row: nothing of the 4,999 good ones is written.
      const refused = await problem(post([...rows.slice(0, 4999), { ...rows[4999]!, email: 'not-an-email' }]), 422);
      expect(fields(refused)).toEqual(['/rows/4999/email']);
      expect((await list(owner, tenant)).total).toBe(0);

      expect(await ok(post(rows))).toEqual({ dryRun: false, imported: 5000, createdTags: [] });
      expect((await list(owner, tenant)).total).toBe(5000);
      expect((await search(owner, tenant, 'cliente4999')).items).toHaveLength(1);

      // More rows than the contract allows: 400 naming the list; a body above 4 MiB: 413, nothing read.
      const send = (body: unknown) => raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/customers/import`, { token: owner.token, body });
      expect(fields(await problem(send({ rows: [...rows, { name: 'Uno más' }] }), 400))).toContain('/rows');
      const huge = rows.map((row) => ({ ...row, notes: 'x'.repeat(1000) }));
      await problem(send({ rows: huge }), 413);
      expect((await list(owner, tenant)).total).toBe(5000);
    });

    it("lets another business's list answer while a 2,000-row import is written, and still imports all rows", { timeout: 120_000 }, async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'cu-import-busy');
      const other = await signUpOwner(s, 'cu-import-other');
      await create(other.owner, other.tenant, { name: 'Vecina' });
      const rows: CustomerImportRow[] = Array.from({ length: 2000 }, (_, i) => ({
        name: `Cliente${i}`,
        lastName: 'Importado Desde Otro Programa',
        phoneNumber: `6${String(10_000_000 + i)}`,
        email: `cliente.numero.${i}@example.com`,
        tags: i % 2 ? 'Importada' : '',
      }));
      let done = false;
      const importing = ok(importCustomers({ client: owner.client, path: { tenantId: tenant.id }, body: { rows }, headers: { 'Idempotency-Key': randomUUID() } })).finally(() => {
        done = true;
      });
      // The other business keeps reading its list while the import runs: it must get answers before
      // the import is over, not wait for the whole import (PGlite has one connection).
      let answeredDuringImport = 0;
      while (!done) {
        expect(names(await list(other.owner, other.tenant))).toEqual(['Vecina']);
        if (!done) answeredDuringImport++;
      }
      expect(await importing).toEqual({ dryRun: false, imported: 2000, createdTags: ['Importada'] });
      expect(answeredDuringImport).toBeGreaterThanOrEqual(3);
      expect((await list(owner, tenant)).total).toBe(2000);
      const [tagged] = (await search(owner, tenant, 'cliente1999')).items;
      expect(tagged!.tagIds).toHaveLength(1);
    });

    it('exports the customers as CSV, quoting what needs it, and filtered by tag', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'cu-export');
      const vip = await tag(owner, tenant, 'VIP');
      await create(owner, tenant, { ...lucia, notes: 'Dice "hola", siempre', tagIds: [vip.id] });
      await create(owner, tenant, { name: 'Javier', lastName: 'Martín' });
      await create(owner, tenant, { name: '=cmd()', lastName: 'Zeta' });
      // Anyone can create this name through the public booking page; Excel in Spain splits on `;`.
      await create(owner, tenant, { name: "Ana;=cmd|' /C calc'!A0", lastName: 'Zulu' });
      const file = await ok(exportCustomers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(file.mediaType).toBe('text/csv');
      expect(file.fileName).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.count).toBe(4);
      const lines = file.csv.split('\r\n');
      // Every field quoted (server/kit/csv.ts): a `;` inside a field never starts a cell.
      expect(lines[0]).toBe('"name","lastName","phoneCountryCode","phoneNumber","email","birthday","taxId","marketingConsent","marketingConsentAt","tags","notes","createdAt"');
      expect(lines[1]).toMatch(/^"Javier","Martín","","","","","","false","","","","\d{4}-/);
      expect(lines[2]).toMatch(/^"Lucía","Peña García","\+34","612345678","lucia\.pena@example\.com","1990-04-12","12345678Z","true","\d{4}-.*","VIP","Dice ""hola"", siempre",/);
      expect(lines[3]).toMatch(/^"'=cmd\(\)","Zeta",/);
      expect(lines[4]).toMatch(/^"Ana;'=cmd\|' \/C calc'!A0","Zulu",/);
      expect(lines[5]).toBe('');
      const vips = await ok(exportCustomers({ client: owner.client, path: { tenantId: tenant.id }, query: { tagId: vip.id } }));
      expect(vips.count).toBe(1);
    });

    it("exports one customer's data as JSON (GDPR)", async () => {
      const { owner, tenant } = await signUpOwner(server(), 'cu-gdpr');
      const vip = await tag(owner, tenant, 'VIP');
      const customer = await create(owner, tenant, { ...lucia, tagIds: [vip.id] });
      const data = await ok(exportCustomerData({ client: owner.client, path: { tenantId: tenant.id, id: customer.id } }));
      expect(data.customer).toEqual(customer);
      expect(data.business).toMatchObject({ id: tenant.id, name: tenant.businessName });
      expect(data.tags).toEqual([{ name: 'VIP', color: vip.color }]);
      expect(data.serviceObjects).toEqual([]);
      expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
      await problem(exportCustomerData({ client: owner.client, path: { tenantId: tenant.id, id: randomUUID() } }), 404);
    });

    it("exports to a member only the customer's appointments their calendar shows, in the API's shape", async () => {
      const s = server();
      const owner = await signUp(s, 'cu-gdpr-visibility');
      const tenant = await newTenant(owner, { opening_hours: weekdayHours() });
      const customer = await create(owner, tenant, lucia);
      const { service } = await ok(
        createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: { name: 'Corte', durationMinutes: 45, price: { amount: 2500, currency: 'EUR' } } } }),
        201,
      );
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'cu-gdpr-visibility-member');
      const book = async (actor: Actor, day: number, notes: string) =>
        (
          await ok(
            createAppointment({
              client: actor.client,
              path: { tenantId: tenant.id, userId: actor.userId },
              body: {
                appointment: {
                  customerId: customer.id,
                  services: [{ id: service.id }],
                  startDate: { year: 2030, month: 3, day, hours: 10, minutes: 0 },
                  endDate: { year: 2030, month: 3, day, hours: 10, minutes: 45 },
                  notes,
                },
              },
            }),
            201,
          )
        ).appointment;
      const theirs = await book(member, 5, 'Nota del miembro.');
      const teammates = await book(owner, 6, 'Nota privada de la dueña.');
      const exported = (actor: Actor) => ok(exportCustomerData({ client: actor.client, path: { tenantId: tenant.id, id: customer.id } }));

      // Calendars are not shared: the member sees their own appointment only, as the calendar shows it.
      const data = await exported(member);
      expect(data.appointments.map((a) => a.id)).toEqual([theirs.id]);
      expect(data.appointments[0]).toMatchObject({ id: theirs.id, userId: member.userId, notes: 'Nota del miembro.', status: theirs.status, startDate: theirs.startDate });
      expect(JSON.stringify(data)).not.toContain('Nota privada de la dueña.');
      // The API's shape, not the table's columns.
      for (const appointment of data.appointments) expect(Object.keys(appointment).filter((key) => /_/.test(key))).toEqual([]);
      expect(data.appointments[0]).not.toHaveProperty('customer_id');
      expect(data.appointments[0]).toHaveProperty('services');

      // The owner sees both; so does the member once the business shares calendars.
      expect((await exported(owner)).appointments.map((a) => a.id).toSorted()).toEqual([theirs.id, teammates.id].toSorted());
      await ok(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { membersSeeTeamCalendars: true } } }));
      expect((await exported(member)).appointments.map((a) => a.id).toSorted()).toEqual([theirs.id, teammates.id].toSorted());
    });
  });
}
