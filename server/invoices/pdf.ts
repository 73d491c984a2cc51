import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { Address, Invoice, InvoiceCustomer, InvoiceIssuer } from '../../generated/types.gen.ts';
import { exponentOf, fromMinorUnits } from '../../common/money/index.ts';

/**
 * Invoice PDFs (pdfmake 0.3 on the server, issue 17). Roboto is embedded from pdfmake's own package
 * (it covers € ñ á º); pdfmake may fetch no URL at all and read no file but those four fonts, so
 * nothing a user typed into an invoice can make it fetch or read anything. Text in the invoice's
 * language; the AEAT validation QR when the invoice has a VERI*FACTU record.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('pdfmake/package.json')), 'build', 'fonts', 'Roboto');
const FONTS = {
  normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
  bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
  italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
  bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
};
const ALLOWED_FILES = new Set(Object.values(FONTS));

interface PdfMakeServer {
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  setFonts(fonts: Record<string, Record<string, string>>): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
}
const printer = pdfmake as unknown as PdfMakeServer;
printer.setUrlAccessPolicy(() => false);
printer.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
printer.setFonts({ Roboto: FONTS });

type Language = 'en-US' | 'es-ES';
const WORDS = {
  'en-US': {
    INVOICE_KIND_STANDARD: 'Invoice',
    INVOICE_KIND_SIMPLIFIED: 'Simplified invoice',
    INVOICE_KIND_CREDIT_NOTE: 'Corrective invoice',
    draft: 'DRAFT (not a valid invoice)',
    voided: 'VOIDED',
    number: 'Number',
    issueDate: 'Issue date',
    operationDate: 'Operation date',
    dueDate: 'Due date',
    issuer: 'From',
    customer: 'Bill to',
    taxId: 'Tax ID',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    tax: 'Tax',
    discount: 'Disc.',
    amount: 'Amount',
    base: 'Taxable base',
    rate: 'Rate',
    taxAmount: 'Tax',
    subtotal: 'Subtotal',
    totalTax: 'Total tax',
    withholding: (p: string) => `Income tax withheld (${p} %)`,
    total: 'Total',
    exempt: 'Exempt',
    rectifies: (n: string, d: string) => `Corrects invoice ${n} of ${d}`,
    method: { SUBSTITUTION: 'by substitution', DIFFERENCES: 'by differences' },
    reason: 'Reason',
    verifactu: 'Invoice verifiable at the Spanish Tax Agency (VERI*FACTU)',
    pricesIncludeTax: 'Unit prices include tax.',
  },
  'es-ES': {
    INVOICE_KIND_STANDARD: 'Factura',
    INVOICE_KIND_SIMPLIFIED: 'Factura simplificada',
    INVOICE_KIND_CREDIT_NOTE: 'Factura rectificativa',
    draft: 'BORRADOR (no es una factura válida)',
    voided: 'ANULADA',
    number: 'Número',
    issueDate: 'Fecha de expedición',
    operationDate: 'Fecha de la operación',
    dueDate: 'Vencimiento',
    issuer: 'Emisor',
    customer: 'Destinatario',
    taxId: 'NIF',
    description: 'Concepto',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    tax: 'IVA',
    discount: 'Dto.',
    amount: 'Importe',
    base: 'Base imponible',
    rate: 'Tipo',
    taxAmount: 'Cuota',
    subtotal: 'Base imponible total',
    totalTax: 'Cuota total',
    withholding: (p: string) => `Retención IRPF (${p} %)`,
    total: 'Total',
    exempt: 'Exenta',
    rectifies: (n: string, d: string) => `Rectifica la factura ${n} de ${d}`,
    method: { SUBSTITUTION: 'por sustitución', DIFFERENCES: 'por diferencias' },
    reason: 'Motivo',
    verifactu: 'Factura verificable en la sede electrónica de la AEAT (VERI*FACTU)',
    pricesIncludeTax: 'Los precios unitarios incluyen impuestos.',
  },
} as const;

const money = (amount: number, currency: string, language: Language) => {
  const digits = exponentOf(currency);
  const decimals = digits.ok ? digits.value : 2;
  return new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    fromMinorUnits(amount, currency) as unknown as number,
  );
};
const number = (value: number, language: Language) => new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
const date = (isoDate: string | undefined, language: Language) => (isoDate ? (language === 'es-ES' ? isoDate.split('-').reverse().join('/') : isoDate) : '');
const addressLines = (address: Address | null | undefined) =>
  address ? [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), [address.region, address.country].filter(Boolean).join(', ')].filter(Boolean) : [];

function party(title: string, p: InvoiceIssuer | InvoiceCustomer, taxIdLabel: string) {
  const name = 'businessName' in p ? [p.legalName ?? p.businessName, ...(p.legalName && p.legalName !== p.businessName ? [p.businessName] : [])] : [p.name];
  return {
    stack: [
      { text: title, style: 'label' },
      ...name.map((text, i) => ({ text, bold: i === 0 })),
      ...(p.taxId ? [`${taxIdLabel}: ${p.taxId}`] : []),
      ...addressLines(p.address),
      ...(p.email ? [p.email] : []),
    ],
  };
}

/** The document of an invoice (also the admin invoices': the same shape). */
export function invoiceDocument(invoice: Invoice) {
  const language: Language = invoice.language === 'es-ES' ? 'es-ES' : 'en-US';
  const w = WORDS[language];
  const m = (amount: number) => money(amount, invoice.currency, language);
  const title = w[invoice.kind as keyof typeof w] as string;
  const numberText = invoice.displayNumber ?? w.draft;
  const exemptions = invoice.lines.filter((l) => l.exemption).map((l) => `${l.exemption!.code}: ${l.exemption!.reason}`);
  const body: object[] = [
    {
      columns: [
        { text: title, style: 'title' },
        {
          alignment: 'right',
          stack: [
            { text: `${w.number}: ${numberText}`, bold: true },
            ...(invoice.issueDate ? [`${w.issueDate}: ${date(invoice.issueDate, language)}`] : []),
            ...(invoice.operationDate ? [`${w.operationDate}: ${date(invoice.operationDate, language)}`] : []),
            ...(invoice.dueDate ? [`${w.dueDate}: ${date(invoice.dueDate, language)}`] : []),
            ...(invoice.status === 'INVOICE_STATUS_VOIDED' ? [{ text: w.voided, color: '#b00020', bold: true }] : []),
          ],
        },
      ],
    },
    { text: ' ' },
    { columns: [party(w.issuer, invoice.issuer, w.taxId), party(w.customer, invoice.customer, w.taxId)] },
    { text: ' ' },
  ];
  if (invoice.rectification) {
    const r = invoice.rectification;
    body.push({ text: `${w.rectifies(r.displayNumber, date(r.issueDate, language))}, ${w.method[r.method]} (${r.reason})`, bold: true });
    if (r.description) body.push({ text: `${w.reason}: ${r.description}` });
    body.push({ text: ' ' });
  }
  body.push({
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
      body: [
        [w.description, w.quantity, w.unitPrice, w.discount, w.tax, w.amount].map((text) => ({ text, style: 'th' })),
        ...invoice.lines.map((l) => [
          l.description,
          { text: number(l.quantity, language), alignment: 'right' },
          { text: m(l.unitPrice.amount), alignment: 'right' },
          { text: l.discountPercentage ? `${number(l.discountPercentage, language)} %` : '', alignment: 'right' },
          { text: l.exemption ? `${w.exempt} (${l.exemption.code})` : `${number(l.taxPercentage, language)} %`, alignment: 'right' },
          { text: m(l.lineTotal.amount), alignment: 'right' },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
  });
  body.push({ text: ' ' });
  body.push({
    columns: [
      {
        width: '*',
        table: {
          headerRows: 1,
          body: [
            [w.base, w.rate, w.taxAmount].map((text) => ({ text, style: 'th' })),
            ...invoice.taxBreakdown.map((b) => [
              { text: m(b.base.amount), alignment: 'right' },
              { text: b.exemption ? `${w.exempt} (${b.exemption})` : `${number(b.taxPercentage, language)} %`, alignment: 'right' },
              { text: m(b.tax.amount), alignment: 'right' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        width: 'auto',
        table: {
          body: [
            [w.subtotal, { text: m(invoice.totals.subtotal.amount), alignment: 'right' }],
            [w.totalTax, { text: m(invoice.totals.tax.amount), alignment: 'right' }],
            ...(invoice.withholding
              ? [[w.withholding(number(invoice.withholding.percentage, language)), { text: `−${m(invoice.withholding.amount.amount)}`, alignment: 'right' }]]
              : []),
            [{ text: w.total, bold: true }, { text: m(invoice.totals.total.amount), alignment: 'right', bold: true }],
          ],
        },
        layout: 'noBorders',
      },
    ],
  });
  if (invoice.pricesIncludeTax) body.push({ text: w.pricesIncludeTax, style: 'small', margin: [0, 6, 0, 0] });
  for (const text of exemptions) body.push({ text, style: 'small' });
  if (invoice.notes) body.push({ text: invoice.notes, margin: [0, 10, 0, 0] });
  const qr = invoice.fiscalRecord?.qrUrl;
  if (qr) {
    body.push({ text: ' ' });
    body.push({ columns: [{ qr, fit: 90, width: 'auto' }, { text: w.verifactu, style: 'small', margin: [10, 30, 0, 0] }] });
  }
  return {
    info: { title: invoice.displayNumber ?? `${title} (${w.draft})`, subject: title, creator: 'Cita', producer: 'Cita' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { title: { fontSize: 18, bold: true }, label: { fontSize: 8, color: '#555555' }, th: { bold: true, fontSize: 8 }, small: { fontSize: 7, color: '#444444' } },
    content: body,
  };
}

/** Renders the invoice as PDF bytes. */
export async function invoicePdf(invoice: Invoice): Promise<Buffer> {
  return printer.createPdf(invoiceDocument(invoice)).getBuffer();
}
