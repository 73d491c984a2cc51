// Seed data for customers: a few tags and ~30 realistic customers per demo business, in its language.
// Idempotent: tags that exist (same name, any case) are reused, and customers are only added when the
// business has none yet (the list is never read whole: one page of one customer tells).

const TAGS = {
  'es-ES': [
    { name: 'Clienta habitual', color: '#2f9e44', description: 'Viene al menos una vez al mes.' },
    { name: 'Pelo rizado', color: '#ae3ec9', description: 'Corte en seco y productos para rizos.' },
    { name: 'Alergias', color: '#e03131', description: 'Revisar las notas antes de aplicar productos.' },
    { name: 'VIP', color: '#f59f00' },
    { name: 'Novia 2026', color: '#d6336c', description: 'Pruebas de peinado para la boda.' },
  ],
  'en-US': [
    { name: 'Regular', color: '#2f9e44', description: 'Comes every six months for a check-up.' },
    { name: 'Anxious patient', color: '#1c7ed6', description: 'Explain each step; offer breaks.' },
    { name: 'Allergies', color: '#e03131', description: 'Check the notes before any treatment.' },
    { name: 'Insurance', color: '#0c8599', description: 'Bills go through their insurer.' },
    { name: 'Orthodontics', color: '#6741d9' },
  ],
};

const FIRST = {
  'es-ES': ['Lucía', 'Carmen', 'María', 'Laura', 'Ana', 'Marta', 'Elena', 'Sofía', 'Paula', 'Irene', 'Cristina', 'Nuria', 'Pilar', 'Rocío', 'Beatriz', 'Javier', 'Pablo', 'Sergio', 'Álvaro', 'Raúl'],
  'en-US': ['Emily', 'Olivia', 'Ava', 'Sophia', 'Madison', 'Abigail', 'Grace', 'Chloe', 'Hannah', 'Natalie', 'Michael', 'James', 'Daniel', 'Ethan', 'Ryan', 'Tyler', 'Brandon', 'Kevin', 'Jason', 'Justin'],
};
const LAST = {
  'es-ES': ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Peña'],
  'en-US': ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker'],
};
const NOTES = {
  'es-ES': ['Prefiere cita por la mañana.', 'Alergia al amoniaco: usar tintes sin amoniaco.', 'Le gusta el flequillo corto.', 'Siempre pide café con leche.', 'Cuero cabelludo sensible.', ''],
  'en-US': ['Prefers morning appointments.', 'Allergic to latex: use nitrile gloves.', 'Needs a reminder the day before.', 'Sensitive to cold on lower molars.', 'Pays with FSA card.', ''],
};
// Valid Spanish NIFs: 8 digits and the control letter (digits mod 23).
const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const nif = (n) => `${String(n).padStart(8, '0')}${NIF_LETTERS[n % 23]}`;

const fold = (text) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** 30 customers, deterministic (the same each run), with tags, notes, consent and birthdays. */
export function customersFor(locale, tagIds) {
  const first = FIRST[locale] ?? FIRST['en-US'];
  const last = LAST[locale] ?? LAST['en-US'];
  const notes = NOTES[locale] ?? NOTES['en-US'];
  const spanish = locale === 'es-ES';
  return Array.from({ length: 30 }, (_, i) => {
    const name = first[(i * 7) % first.length];
    const lastName = spanish ? `${last[i % last.length]} ${last[(i * 3 + 5) % last.length]}` : last[i % last.length];
    const phoneNumber = spanish ? `6${String(10_000_000 + i * 1_234_567).slice(-8)}` : `${[415, 628, 510, 650][i % 4]}555${String(100 + i * 37).padStart(4, '0').slice(-4)}`;
    const tags = [];
    if (i % 3 === 0) tags.push(tagIds[0]);
    if (i % 5 === 1) tags.push(tagIds[1]);
    if (i % 7 === 2) tags.push(tagIds[2]);
    if (i % 11 === 3) tags.push(tagIds[3]);
    if (i === 4) tags.push(tagIds[4]);
    return {
      name,
      lastName,
      phoneCountryCode: spanish ? '+34' : '+1',
      phoneNumber,
      ...(i % 4 === 3 ? {} : { email: `${fold(name)}.${fold(lastName.split(' ')[0])}${i}@example.com` }),
      ...(i % 3 === 1 ? { birthday: `${1965 + ((i * 7) % 40)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}` } : {}),
      ...(notes[i % notes.length] ? { notes: notes[i % notes.length] } : {}),
      ...(spanish && i % 6 === 0 ? { taxId: nif(50_123_456 + i) } : {}),
      tagIds: tags.filter(Boolean),
      marketingConsent: i % 2 === 0,
    };
  });
}

export async function seedCustomers({ call, tenant, session, locale }) {
  const token = session.token;
  const base = `/v1/tenants/${tenant.id}`;
  const lang = TAGS[locale] ? locale : 'en-US';

  const existing = await call('GET', `${base}/customers/tags/list/?limit=200`, undefined, token);
  const byName = new Map(existing.items.map((tag) => [fold(tag.name), tag.id]));
  const tagIds = [];
  for (const tag of TAGS[lang]) {
    let id = byName.get(fold(tag.name));
    if (!id) id = (await call('POST', `${base}/customers/tags`, { tag }, token)).tag.id;
    tagIds.push(id);
  }

  const page = await call('GET', `${base}/customers/list?limit=1`, undefined, token);
  if (page.total > 0) return { customers: 0, tags: tagIds.length };
  let created = 0;
  for (const customer of customersFor(lang, tagIds)) {
    await call('POST', `${base}/customers`, { customer }, token);
    created += 1;
  }
  return { customers: created, tags: tagIds.length };
}
