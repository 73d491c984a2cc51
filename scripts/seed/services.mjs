// Seed data for the catalogue: a realistic set of services per demo business, and its payment
// methods (the defaults a new business starts with, plus the one each business also takes).
// Idempotent: what already exists (same name, any case) is left as it is.

const SERVICES = {
  'es-ES': [
    { name: 'Corte de señora', category: 'Corte', durationMinutes: 45, price: 2800, description: 'Lavado, corte a tijera y secado.', color: '#e64980' },
    { name: 'Corte de caballero', category: 'Corte', durationMinutes: 30, price: 1600, description: 'Corte a máquina o tijera, con lavado.', color: '#228be6' },
    { name: 'Corte infantil', category: 'Corte', durationMinutes: 20, price: 1200, description: 'Para menores de 12 años.', color: '#15aabf' },
    { name: 'Tinte completo', category: 'Color', durationMinutes: 90, price: 4500, bufferMinutes: 10, description: 'Coloración de raíz a puntas, lavado y peinado.', color: '#7950f2' },
    { name: 'Retoque de raíz', category: 'Color', durationMinutes: 60, price: 3200, bufferMinutes: 10, color: '#be4bdb' },
    { name: 'Mechas balayage', category: 'Color', durationMinutes: 150, price: 8500, bufferMinutes: 15, description: 'Aclarado a mano alzada con matizado.', color: '#fab005' },
    { name: 'Peinado de fiesta', category: 'Peinado', durationMinutes: 60, price: 3500, description: 'Recogido o ondas para eventos.', color: '#fd7e14' },
    { name: 'Lavado y secado', category: 'Peinado', durationMinutes: 30, price: 1500, color: '#40c057' },
    { name: 'Tratamiento de keratina', category: 'Tratamientos', durationMinutes: 120, price: 9000, bufferMinutes: 15, onlineBookable: false, color: '#12b886' },
    { name: 'Arreglo de barba', category: 'Barbería', durationMinutes: 20, price: 1000, active: false, description: 'Temporalmente no disponible.', color: '#868e96' },
  ],
  // Dental care is exempt from New York sales tax: 0 % on each service (the clinic's 8.875 % is its products').
  'en-US': [
    { name: 'New patient exam', category: 'Check-ups', durationMinutes: 60, price: 15000, description: 'Full exam with X-rays and a treatment plan.', taxPercentage: 0, color: '#228be6' },
    { name: 'Routine check-up', category: 'Check-ups', durationMinutes: 30, price: 9500, taxPercentage: 0, color: '#15aabf' },
    { name: 'Teeth cleaning', category: 'Hygiene', durationMinutes: 45, price: 12000, bufferMinutes: 10, description: 'Scaling and polishing by our hygienist.', taxPercentage: 0, color: '#40c057' },
    { name: 'Deep cleaning (per quadrant)', category: 'Hygiene', durationMinutes: 60, price: 22500, bufferMinutes: 10, taxPercentage: 0, color: '#12b886' },
    { name: 'Tooth-colored filling', category: 'Restorative', durationMinutes: 60, price: 18000, bufferMinutes: 10, onlineBookable: false, taxPercentage: 0, color: '#fab005' },
    { name: 'Crown consultation', category: 'Restorative', durationMinutes: 30, price: 0, description: 'Free consultation before a crown or bridge.', taxPercentage: 0, color: '#fd7e14' },
    { name: 'In-office whitening', category: 'Cosmetic', durationMinutes: 90, price: 45000, bufferMinutes: 15, description: 'One-visit whitening with a take-home kit.', taxPercentage: 0, color: '#7950f2' },
    { name: 'Emergency visit', category: 'Urgent care', durationMinutes: 30, price: 12500, onlineBookable: false, taxPercentage: 0, color: '#fa5252' },
    { name: 'Night guard fitting', category: 'Restorative', durationMinutes: 45, price: 35000, active: false, description: 'Paused while our lab partner changes.', taxPercentage: 0, color: '#868e96' },
  ],
};

const PAYMENT_METHODS = {
  'es-ES': [
    { name: 'Efectivo', kind: 'PAYMENT_METHOD_KIND_CASH', isDefault: true, sortOrder: 0 },
    { name: 'Tarjeta', kind: 'PAYMENT_METHOD_KIND_CARD', sortOrder: 1, commissionPercentage: 0.5, notes: 'Datáfono del mostrador.' },
    { name: 'Bizum', kind: 'PAYMENT_METHOD_KIND_BIZUM', sortOrder: 2, notes: 'Al móvil del salón.' },
  ],
  'en-US': [
    { name: 'Cash', kind: 'PAYMENT_METHOD_KIND_CASH', isDefault: true, sortOrder: 0 },
    { name: 'Card', kind: 'PAYMENT_METHOD_KIND_CARD', sortOrder: 1, commissionPercentage: 2.9, notes: 'Front-desk terminal.' },
    { name: 'Bank transfer', kind: 'PAYMENT_METHOD_KIND_TRANSFER', sortOrder: 2, notes: 'For insurance reimbursements and payment plans.' },
  ],
};

const lower = (text) => text.toLocaleLowerCase();

/**
 * @param {{ call: (method: string, path: string, body?: unknown, token?: string) => Promise<any>, tenant: { id: string, currency: { currencyCode: string } }, session: { token: string }, locale: 'es-ES' | 'en-US' }} demo
 */
export async function seedServices({ call, tenant, session, locale }) {
  const token = session.token;
  const base = `/v1/tenants/${tenant.id}`;

  const existing = await call('GET', `${base}/services?limit=200`, undefined, token);
  const names = new Set(existing.items.map((service) => lower(service.name)));
  let created = 0;
  for (const { price, ...service } of SERVICES[locale] ?? SERVICES['en-US']) {
    if (names.has(lower(service.name))) continue;
    // The tax rate is the business's unless the list gives one (the dental clinic's services are exempt); prices include it.
    // Bookable online unless the list says otherwise (the booking page shows these).
    await call('POST', `${base}/services`, { service: { onlineBookable: true, ...service, price: { amount: price, currency: tenant.currency.currencyCode }, taxIncluded: true } }, token);
    created += 1;
  }

  const methods = await call('GET', `${base}/payment-methods?limit=200`, undefined, token);
  const byName = new Map(methods.items.map((method) => [lower(method.name), method]));
  for (const method of PAYMENT_METHODS[locale] ?? PAYMENT_METHODS['en-US']) {
    const found = byName.get(lower(method.name));
    if (!found) {
      await call('POST', `${base}/payment-methods`, { paymentMethod: method }, token);
    } else if ((method.notes && !found.notes) || (method.commissionPercentage ?? 0) !== found.commissionPercentage) {
      // The defaults a business starts with, completed with the demo's details.
      await call('PUT', `${base}/payment-methods/${found.id}`, { paymentMethod: { ...method, isDefault: found.isDefault || Boolean(method.isDefault), version: found.version } }, token);
    }
  }
  return { services: created };
}
