// Seed data for appointment distinctions: the labels each demo business tags and colours its
// appointments with, in its language. Runs before any appointment seed, which may use them.
// Idempotent: a distinction that already exists (same name, any case) is left as it is.

const DISTINCTIONS = {
  'es-ES': [
    { distinction: 'VIP', color: '#fab005', description: 'Clientas de confianza: ofrecer café y reservar el sillón junto a la ventana.' },
    { distinction: 'Primera visita', color: '#15aabf', description: 'Hacer diagnóstico capilar y rellenar la ficha antes de empezar.' },
    { distinction: 'Novia', color: '#e64980', description: 'Prueba de peinado y maquillaje; dejar margen de tiempo.' },
    { distinction: 'Alergia a tintes', color: '#f03e3e', description: 'Hacer prueba de sensibilidad 48 horas antes de colorear.' },
    { distinction: 'Reserva online', color: '#7048e8' },
  ],
  'en-US': [
    { distinction: 'VIP', color: '#fab005', description: 'Long-standing patients: greet by name, offer the quiet room.' },
    { distinction: 'First visit', color: '#15aabf', description: 'Medical history form and X-rays before the exam.' },
    { distinction: 'Anxious patient', color: '#7048e8', description: 'Explain each step; offer noise-cancelling headphones.' },
    { distinction: 'Insurance pre-approval', color: '#fd7e14', description: 'Check the pre-authorization number at check-in.' },
    { distinction: 'Follow-up', color: '#37b24d' },
  ],
};

const lower = (text) => text.toLocaleLowerCase();

/**
 * @param {{ call: (method: string, path: string, body?: unknown, token?: string) => Promise<any>, tenant: { id: string }, session: { token: string }, locale: 'es-ES' | 'en-US' }} demo
 * @returns {Promise<{ distinctions: number, byName: Map<string, { id: string, distinction: string, color: string }> }>}
 */
export async function seedDistinctions({ call, tenant, session, locale }) {
  const token = session.token;
  const base = `/v1/tenants/${tenant.id}/appointments/distinctions`;
  const existing = await call('GET', `${base}/list/?limit=200`, undefined, token);
  const byName = new Map(existing.items.map((item) => [lower(item.distinction), item]));
  let created = 0;
  for (const distinction of DISTINCTIONS[locale] ?? DISTINCTIONS['en-US']) {
    if (byName.has(lower(distinction.distinction))) continue;
    const { distinction: saved } = await call('POST', base, { distinction }, token);
    byName.set(lower(saved.distinction), saved);
    created += 1;
  }
  return { distinctions: created, byName };
}
