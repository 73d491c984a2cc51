// Seed data for service objects: what some customers bring, in the business's language, with a
// photo on a few (a small picture made here with sharp, uploaded through POST /v1/assets).
// Idempotent: a customer who already has objects is left alone.
import sharp from 'sharp';

const OBJECTS = {
  'es-ES': [
    {
      name: 'Peluca de pelo natural',
      kind: 'Peluca',
      brand: 'Hairdo',
      model: 'Bob corto',
      identifier: 'HD-22817',
      notes: 'Lavar con champú sin sulfatos; secar al aire.',
      attributes: [
        { key: 'Color', value: 'Castaño chocolate' },
        { key: 'Largo', value: '30 cm' },
      ],
      photo: { caption: 'Vista frontal', color: { r: 110, g: 70, b: 45 } },
    },
    { name: 'Extensiones de queratina', kind: 'Extensiones', brand: 'Euro SoCap', identifier: 'ESC-7741', attributes: [{ key: 'Mechones', value: '120' }] },
    {
      name: 'Postizo de moño',
      kind: 'Postizo',
      notes: 'Para la boda de junio; prueba de peinado en mayo.',
      attributes: [{ key: 'Color', value: 'Rubio ceniza' }],
      photo: { caption: 'Recogido de prueba', color: { r: 214, g: 190, b: 140 } },
    },
    { name: 'Plancha GHD de la clienta', kind: 'Herramienta', brand: 'ghd', model: 'Platinum+', identifier: 'SN 4521-88', notes: 'Revisar el cable: se calienta en la base.' },
  ],
  'en-US': [
    {
      name: 'Night guard',
      kind: 'Oral appliance',
      brand: 'ClearGuard',
      identifier: 'NG-20931',
      notes: 'Clean with cold water only; bring it to every check-up.',
      attributes: [
        { key: 'Arch', value: 'Upper' },
        { key: 'Material', value: 'Hard acrylic' },
      ],
      photo: { caption: 'Upper guard', color: { r: 190, g: 215, b: 235 } },
    },
    { name: 'Invisalign aligners', kind: 'Aligners', brand: 'Invisalign', model: 'Comprehensive', identifier: 'IA-553812', attributes: [{ key: 'Current tray', value: '14 of 28' }] },
    { name: 'Retainer', kind: 'Retainer', brand: 'Essix', notes: 'Lower retainer cracked at the left canine.', photo: { caption: 'Crack detail', color: { r: 230, g: 230, b: 220 } } },
    { name: 'Partial denture', kind: 'Prosthesis', identifier: 'PD-7781', attributes: [{ key: 'Teeth', value: '35, 36' }] },
  ],
};

async function picture({ r, g, b }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="rgb(${r},${g},${b})"/><circle cx="400" cy="300" r="180" fill="rgba(255,255,255,0.35)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function seedServiceObjects({ call, tenant, session, locale }) {
  const objects = OBJECTS[locale] ?? OBJECTS['en-US'];
  const { items: customers } = await call('GET', `/v1/tenants/${tenant.id}/customers/list?limit=4`, undefined, session.token);
  let added = 0;
  for (const [index, customer] of customers.entries()) {
    const base = `/v1/tenants/${tenant.id}/customers/${customer.id}/service_objects`;
    const { total } = await call('GET', `${base}/list?limit=1`, undefined, session.token);
    if (total > 0) continue;
    for (const { photo, ...object } of objects.slice(index % 2 === 0 ? 0 : 2, index % 2 === 0 ? 2 : 4)) {
      const photos = [];
      if (photo) {
        const bytes = await picture(photo.color);
        const { asset } = await call(
          'POST',
          '/v1/assets',
          { tenantId: tenant.id, payload: bytes.toString('base64'), mimeType: 'image/jpeg', fileName: `${object.name}.jpg` },
          session.token,
        );
        photos.push({ assetId: asset.id, caption: photo.caption });
      }
      await call('POST', base, { serviceObject: { ...object, photos } }, session.token);
      added += 1;
    }
  }
  return { added };
}
