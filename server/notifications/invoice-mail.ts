import type { Queryable } from '../db/database.ts';
import { toInvoice } from '../invoices/mappers.ts';
import { invoicePdf } from '../invoices/pdf.ts';
import { loadInvoice } from '../invoices/repository.ts';
import type { OutboxRow, RenderContext, Rendered } from './render.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

const WORDS = {
  es: {
    subject: (number: string, business: string) => `Factura ${number} de ${business}`,
    body: (number: string, business: string) => `Hola:\n\nLe enviamos adjunta la factura ${number}.\n\nGracias,\n${business}`,
  },
  en: {
    subject: (number: string, business: string) => `Invoice ${number} from ${business}`,
    body: (number: string, business: string) => `Hello,\n\nPlease find attached invoice ${number}.\n\nThank you,\n${business}`,
  },
} as const;

/**
 * An invoice e-mail (sendInvoice queued it): the invoice as issued, in its customer's language, with
 * its PDF attached, to the address recorded when it was sent. Only what the business controls is in
 * the text (its name and the invoice number); a voided invoice is no longer sent.
 */
export async function renderInvoiceMail(tx: Queryable, row: OutboxRow, context: RenderContext): Promise<Rendered> {
  if (!row.invoice_id) return { drop: 'invoice_deleted' };
  const stored = await loadInvoice(tx, row.tenant_id, row.invoice_id);
  if (!stored) return { drop: 'invoice_deleted' };
  if (stored.status !== 'INVOICE_STATUS_ISSUED') return { drop: 'invoice_not_issued' };
  const to = row.recipient?.trim();
  if (!to) return { skip: 'no_recipient' };
  const invoice = toInvoice(stored, 0);
  const language = invoice.language === 'es-ES' ? 'es' : 'en';
  const words = WORDS[language];
  const business = invoice.issuer.businessName;
  const number = invoice.displayNumber ?? '';
  const text = words.body(number, business);
  const pdf = await invoicePdf(invoice);
  return {
    mail: {
      dedupeKey: row.dedupe_key,
      from: `"${business.replace(/["\\\r\n]/g, '')}" <${addressOf(context.from)}>`,
      ...(invoice.issuer.email ? { replyTo: invoice.issuer.email } : {}),
      to,
      subject: words.subject(number, business),
      text,
      html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">${text
        .split('\n\n')
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('')}</body></html>`,
      language: invoice.language,
      attachments: [{ filename: `${number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`, content: pdf, contentType: 'application/pdf' }],
    },
  };
}
