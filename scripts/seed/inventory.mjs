// Demo inventory: hair products for Peluquería Ana (es-ES, EUR), dental supplies for Bright Smile
// Dental (en-US, USD). A few sit at or below their low-stock threshold, so the list badges and the
// sidebar count show; each has a received delivery and some use in its stock ledger.
// Safe to run again: products whose SKU already exists are left as they are.

const R = (reason) => `INVENTORY_MOVEMENT_REASON_${reason}`;

const PRODUCTS = {
  'es-ES': [
    { name: 'Champú reparador 500 ml', sku: 'CH-REP-500', category: 'Champús', unit: 'INVENTORY_UNIT_PIECE', quantity: 14, minQuantity: 5, cost: 850, price: 1895, supplier: 'Distribuciones Capilares Madrid S.L.', moves: [[6, 'RECEIVED', 'Pedido 2026-118'], [-2, 'SOLD', 'Venta en mostrador']] },
    { name: 'Acondicionador hidratante 500 ml', sku: 'AC-HID-500', category: 'Acondicionadores', unit: 'INVENTORY_UNIT_PIECE', quantity: 9, minQuantity: 4, cost: 790, price: 1750, supplier: 'Distribuciones Capilares Madrid S.L.' },
    { name: 'Mascarilla nutritiva 250 ml', sku: 'MA-NUT-250', category: 'Tratamientos', unit: 'INVENTORY_UNIT_PIECE', quantity: 2, minQuantity: 3, cost: 1100, price: 2400, supplier: 'Cosmética Profesional Iberia', moves: [[-1, 'DAMAGED', 'Bote roto al desembalar']] },
    { name: 'Tinte permanente 6.0 rubio oscuro', sku: 'TI-60', category: 'Coloración', unit: 'INVENTORY_UNIT_PIECE', quantity: 18, minQuantity: 6, cost: 420, supplier: 'Cosmética Profesional Iberia' },
    { name: 'Tinte permanente 8.1 rubio claro ceniza', sku: 'TI-81', category: 'Coloración', unit: 'INVENTORY_UNIT_PIECE', quantity: 4, minQuantity: 6, cost: 420, supplier: 'Cosmética Profesional Iberia' },
    { name: 'Oxidante en crema 20 vol.', sku: 'OX-20-1000', category: 'Coloración', unit: 'INVENTORY_UNIT_LITRE', quantity: 0.75, minQuantity: 1, cost: 690, supplier: 'Distribuciones Capilares Madrid S.L.', moves: [[-0.25, 'OTHER', 'Consumo en coloraciones de la semana']] },
    { name: 'Laca fijación fuerte 400 ml', sku: 'LA-FF-400', category: 'Acabado', unit: 'INVENTORY_UNIT_PIECE', quantity: 11, minQuantity: 4, cost: 510, price: 1290, supplier: 'Distribuciones Capilares Madrid S.L.' },
    { name: 'Cera mate 75 ml', sku: 'CE-MA-75', category: 'Acabado', unit: 'INVENTORY_UNIT_PIECE', quantity: 7, minQuantity: 3, cost: 480, price: 1450, supplier: 'Barber Supply España' },
    { name: 'Aceite de argán 100 ml', sku: 'AR-100', category: 'Tratamientos', unit: 'INVENTORY_UNIT_PIECE', quantity: 6, minQuantity: 2, cost: 900, price: 2200, supplier: 'Cosmética Profesional Iberia' },
    { name: 'Guantes de nitrilo talla M (caja de 100)', sku: 'GU-NIT-M', category: 'Consumibles', unit: 'INVENTORY_UNIT_PIECE', quantity: 1, minQuantity: 2, cost: 690, supplier: 'Suministros Higiénicos Centro' },
  ],
  'en-US': [
    { name: 'Nitrile exam gloves, size M (box of 100)', sku: 'GLV-NIT-M', category: 'Infection control', unit: 'INVENTORY_UNIT_PIECE', quantity: 24, minQuantity: 10, cost: 899, supplier: 'Henry Dental Supply', moves: [[12, 'RECEIVED', 'PO 4471'], [-4, 'OTHER', 'Used this week']] },
    { name: 'Earloop face masks, level 3 (box of 50)', sku: 'MSK-L3', category: 'Infection control', unit: 'INVENTORY_UNIT_PIECE', quantity: 6, minQuantity: 8, cost: 1250, supplier: 'Henry Dental Supply' },
    { name: 'Prophy paste, mint, medium grit (200 cups)', sku: 'PRO-MINT-M', category: 'Hygiene', unit: 'INVENTORY_UNIT_PIECE', quantity: 3, minQuantity: 2, cost: 3450, supplier: 'Patterson Dental' },
    { name: 'Fluoride varnish 5% (50 unit doses)', sku: 'FLV-5-50', category: 'Hygiene', unit: 'INVENTORY_UNIT_PIECE', quantity: 1, minQuantity: 2, cost: 6200, supplier: 'Patterson Dental', moves: [[-1, 'DAMAGED', 'Expired lot discarded']] },
    { name: 'Composite resin A2 syringe 4 g', sku: 'CMP-A2-4G', category: 'Restorative', unit: 'INVENTORY_UNIT_PIECE', quantity: 9, minQuantity: 4, cost: 2890, supplier: 'Patterson Dental' },
    { name: 'Lidocaine 2% with epinephrine (50 cartridges)', sku: 'LID-2-50', category: 'Anesthetics', unit: 'INVENTORY_UNIT_PIECE', quantity: 5, minQuantity: 2, cost: 5400, supplier: 'Henry Dental Supply' },
    { name: 'Alginate impression material', sku: 'ALG-454', category: 'Impressions', unit: 'INVENTORY_UNIT_GRAM', quantity: 1250, minQuantity: 500, cost: 3, supplier: 'Patterson Dental' },
    { name: 'Sensitive-teeth toothpaste 4 oz', sku: 'TP-SENS-4', category: 'Retail', unit: 'INVENTORY_UNIT_PIECE', quantity: 18, minQuantity: 6, cost: 310, price: 899, supplier: 'Henry Dental Supply' },
    { name: 'Electric toothbrush replacement heads (3-pack)', sku: 'TB-HEAD-3', category: 'Retail', unit: 'INVENTORY_UNIT_PIECE', quantity: 4, minQuantity: 5, cost: 1200, price: 2499, supplier: 'Henry Dental Supply' },
    { name: 'Whitening strips, 14-day kit', sku: 'WHT-14', category: 'Retail', unit: 'INVENTORY_UNIT_PIECE', quantity: 10, minQuantity: 3, cost: 1650, price: 3999, supplier: 'Patterson Dental' },
  ],
};

/** Seeds the inventory of one demo business through the API (owner session). */
export async function seedInventory({ call, tenant, session, locale }) {
  const products = PRODUCTS[locale] ?? PRODUCTS['en-US'];
  const currency = tenant.currency?.currencyCode ?? (locale === 'es-ES' ? 'EUR' : 'USD');
  const base = `/v1/tenants/${tenant.id}/inventory`;
  let created = 0;
  for (const product of products) {
    const { items } = await call('GET', `${base}/list/?q=${encodeURIComponent(product.sku)}&limit=5`, undefined, session.token);
    if (items.some((item) => item.sku === product.sku)) continue;
    const { moves = [], cost, price, ...fields } = product;
    // Opening stock before the ledger's movements, so that the stock ends at `quantity`.
    const opening = moves.reduce((stock, [delta]) => stock - delta, product.quantity);
    const { inventoryItem } = await call(
      'POST',
      base,
      {
        inventoryItem: {
          ...fields,
          quantity: Math.round(opening * 1000) / 1000,
          ...(cost !== undefined ? { cost: { amount: cost, currency } } : {}),
          ...(price !== undefined ? { price: { amount: price, currency } } : {}),
        },
      },
      session.token,
    );
    for (const [delta, reason, note] of moves) {
      await call('POST', `${base}/${inventoryItem.id}/adjustments`, { delta, reason: R(reason), note }, session.token);
    }
    created += 1;
  }
  return { created };
}
