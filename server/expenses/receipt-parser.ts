import type { DateOrder } from '../../common/regions.ts';
import { currencyExponent } from '../../common/money/index.ts';
import { readSupplierTaxId } from './tax-id-repair.ts';

/**
 * Reads the fields of an expense from the text of a receipt (what the OCR recognised, line by line,
 * each with its confidence). Pure: no I/O, no OCR; unit-tested with Spanish and US ticket texts.
 *
 * Amounts are read as printed ("1.234,56", "1,234.56", "121,00", "12.10", "$ 8.50") into integer
 * minor units of the business's currency; the date follows the business's country's day/month order
 * (an unambiguous date wins either way); tax lines are base and tax per rate ("IVA 21% 100,00 21,00",
 * "BASE IMPONIBLE 10% 50,00 / CUOTA 5,00", "Sales Tax 8.875% 1.78" beside a "Subtotal"); a
 * withholding is "IRPF/Retención 15% …". Each field gets a confidence: the OCR's for its line, lowered
 * when it was a guess and raised when the sums agree with the total.
 */

export interface OcrLine {
  text: string;
  /** 0..100 as tesseract reports it. */
  confidence: number;
}

export interface ParsedTaxLine {
  /** Thousandths of a percent, as common/money carries rates: 21 % = 21000, New York's 8.875 % = 8875. */
  rateMilli: number;
  base: number;
  tax: number;
}

export interface ParsedReceipt {
  supplier?: string;
  supplierTaxId?: string;
  taxIdRepaired?: boolean;
  invoiceNumber?: string;
  /** YYYY-MM-DD */
  date?: string;
  taxLines: ParsedTaxLine[];
  withholdingRateMilli?: number;
  withholding?: number;
  total?: number;
  confidence: Partial<Record<'supplier' | 'supplierTaxId' | 'supplierInvoiceNumber' | 'date' | 'taxLines' | 'withholding' | 'amount', number>>;
}

export interface ParseOptions {
  dateOrder: DateOrder;
  currency: string;
}

const clamp = (n: number) => Math.max(0, Math.min(1, Math.round(n * 100) / 100));
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

/** An amount as printed, in minor units, or undefined. "1.234,56" | "1,234.56" | "121,00" | "12.10" | "-3,50" | "1234". */
export function parseAmount(token: string, exponent: number): number | undefined {
  let text = token.replace(/[€$£\s]|EUR|USD/gi, '');
  const negative = /^-/.test(text) || /-$/.test(text);
  text = text.replace(/^-|-$/g, '');
  if (!/^\d[\d.,']*$/.test(text)) return undefined;
  const lastSep = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  let whole = text;
  let fraction = '';
  if (lastSep >= 0) {
    const tail = text.slice(lastSep + 1);
    // A separator followed by exactly `exponent` digits (2 for EUR/USD) is the decimal one.
    if (exponent > 0 && tail.length === exponent) {
      whole = text.slice(0, lastSep);
      fraction = tail;
    } else if (tail.length === 3) {
      whole = text; // "1.234" thousands
    } else {
      return undefined;
    }
  }
  whole = whole.replace(/[.,']/g, '');
  if (!/^\d{1,10}$/.test(whole)) return undefined;
  const minor = Number(whole) * 10 ** exponent + (fraction ? Number(fraction.padEnd(exponent, '0')) : 0);
  return negative ? -minor : minor;
}

/** Every money-like token of a line with the text index where it starts (percentages excluded). */
function amountsIn(line: string, exponent: number): Array<{ value: number; index: number }> {
  const found: Array<{ value: number; index: number }> = [];
  const re = /-?\d{1,3}(?:[.,' ]\d{3})*(?:[.,]\d{1,2})?-?(?!\s*%)(?![\d%])/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const raw = m[0].trim();
    // A bare integer is a quantity or a code, not money, unless the currency has no decimals.
    if (exponent > 0 && !/[.,]\d{2}-?$/.test(raw)) continue;
    const value = parseAmount(raw.replace(/ /g, ''), exponent);
    if (value !== undefined) found.push({ value, index: m.index });
  }
  return found;
}

/** The percentages of a line, in basis points. */
function percentsIn(line: string): number[] {
  const out: number[] = [];
  const re = /(\d{1,2}(?:[.,]\d{1,3})?)\s*%/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const milli = Math.round(Number(m[1]!.replace(',', '.')) * 1000);
    if (milli >= 0 && milli <= 100_000) out.push(milli);
  }
  return out;
}

const MONTHS: Record<string, number> = {
  ENE: 1, JAN: 1, FEB: 2, MAR: 3, ABR: 4, APR: 4, MAY: 5, JUN: 6, JUL: 7, AGO: 8, AUG: 8, SEP: 9, SET: 9, OCT: 10, NOV: 11, DIC: 12, DEC: 12,
};

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 2000 || year > 2099) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first date of a line: numeric (order from the country, unless only one order fits) or with a month name. */
export function findDate(line: string, order: DateOrder): { date: string; certain: boolean } | undefined {
  const folded = fold(line);
  let m = /(?<!\d)(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/.exec(folded);
  if (m) {
    const date = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (date) return { date, certain: true };
  }
  m = /(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/.exec(folded);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = Number(m[3]);
    const dmy = isoDate(year, b, a);
    const mdy = isoDate(year, a, b);
    if (dmy && !mdy) return { date: dmy, certain: true };
    if (mdy && !dmy) return { date: mdy, certain: true };
    const date = order === 'MDY' ? mdy : dmy;
    if (date) return { date, certain: a === b };
  }
  // "20 nov 2026", "20 de noviembre de 2026", "Nov 20, 2026"
  m = /\b(\d{1,2})\s*(?:DE\s+)?([A-Z]{3})[A-Z]*\.?\s*(?:DE\s+)?(20\d{2})\b/.exec(folded);
  if (m && MONTHS[m[2]!]) {
    const date = isoDate(Number(m[3]), MONTHS[m[2]!]!, Number(m[1]));
    if (date) return { date, certain: true };
  }
  m = /\b([A-Z]{3})[A-Z]*\.?\s+(\d{1,2}),?\s+(20\d{2})\b/.exec(folded);
  if (m && MONTHS[m[1]!]) {
    const date = isoDate(Number(m[3]), MONTHS[m[1]!]!, Number(m[2]));
    if (date) return { date, certain: true };
  }
  return undefined;
}

const NOT_A_SUPPLIER = /FACTURA|TICKET|SIMPLIFICADA|RECEIPT|INVOICE|N\.?I\.?F|C\.?I\.?F|FECHA|DATE|TEL|PHONE|WWW|HTTP|@|^C\/|CALLE|AVDA|AVENIDA|PLAZA|STREET|\bST\b|\bAVE\b|CLIENTE|CUSTOMER|GRACIAS|THANK|WELCOME|BIENVENID|^\W*$/;
const COMPANY_SUFFIX = /\b(S\.?L\.?U?|S\.?A\.?|S\.?C\.?|S\.?COOP|INC|LLC|LTD|CORP|CO)\.?$/;

function findSupplier(lines: OcrLine[]): { value: string; confidence: number } | undefined {
  const head = lines.slice(0, 6);
  const candidates = head.filter((line) => {
    const folded = fold(line.text);
    return (folded.match(/[A-Z]/g) ?? []).length >= 3 && !NOT_A_SUPPLIER.test(folded) && !/\d{5}/.test(folded);
  });
  const withSuffix = candidates.find((line) => COMPANY_SUFFIX.test(fold(line.text).trim()));
  const chosen = withSuffix ?? candidates[0];
  if (!chosen) return undefined;
  const value = chosen.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return { value, confidence: clamp((chosen.confidence / 100) * (withSuffix ? 0.95 : 0.75)) };
}

const TAX_ID_TOKEN = /\b([A-Z0-9]{1,2}[-.\s]?\d[\dOQDILZSGTB.\-\s]{5,9}[A-Z0-9])\b/g;

function findTaxId(lines: OcrLine[], supplierIndex: number): { value: string; repaired: boolean; confidence: number } | undefined {
  const scored: Array<{ value: string; repaired: boolean; confidence: number }> = [];
  lines.forEach((line, index) => {
    const folded = fold(line.text);
    const labelled = /N\.?\s?I\.?\s?F|C\.?\s?I\.?\s?F|\bDNI\b|\bNIE\b|VAT|TAX ID|EIN/.test(folded);
    // Only the issuer's id (near the top) unless labelled; the customer's id comes later.
    if (!labelled && index > supplierIndex + 4) return;
    const afterLabel = labelled ? folded.replace(/.*?(N\.?\s?I\.?\s?F|C\.?\s?I\.?\s?F|DNI|NIE)\s*[.:]?\s*/, '') : folded;
    for (const m of afterLabel.matchAll(TAX_ID_TOKEN)) {
      const token = m[1]!.replace(/[-.\s]/g, '');
      if (token.length < 9 || token.length > 11) continue;
      const reading = readSupplierTaxId(token);
      if (!reading.valid) continue;
      const base = (line.confidence / 100) * (labelled ? 1 : 0.8) * (reading.repaired ? 0.7 : 1);
      scored.push({ value: reading.value, repaired: reading.repaired, confidence: clamp(base) });
    }
  });
  return scored.sort((a, b) => b.confidence - a.confidence)[0];
}

function findInvoiceNumber(lines: OcrLine[]): { value: string; confidence: number } | undefined {
  const re = /(?:FACTURA(?:\s+SIMPLIFICADA)?|FRA\.?|TICKET|INVOICE|RECEIPT|RECIBO)\s*(?:N\.?\s*[º°O2]\.?(?=\s)|N\.?\s*[º°O]\.?|NUM\.?|NUMERO|NO\.?|NUMBER|#)?\s*[:#]?\s*([A-Z0-9][A-Z0-9\-/.]{1,40})/;
  const bare = /^\s*(?:N\.?\s*[º°O]\.?|NUM\.?|NUMERO|#)\s*(?:DE\s+)?(?:FACTURA|TICKET|DOC\.?)?\s*[:#]?\s*([A-Z0-9][A-Z0-9\-/.]{1,40})/;
  for (const line of lines) {
    const folded = fold(line.text);
    const m = re.exec(folded) ?? bare.exec(folded);
    if (!m) continue;
    const value = m[1]!.replace(/[.]$/, '');
    if (!/\d/.test(value)) continue;
    // A date is not the number.
    if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(value)) continue;
    // Recover the original case from the line.
    const start = folded.indexOf(value);
    const original = start >= 0 ? line.text.slice(start, start + value.length) : value;
    return { value: original.slice(0, 64), confidence: clamp(line.confidence / 100) };
  }
  return undefined;
}

const TOTAL_LINE = /\b(TOTAL|IMPORTE|A PAGAR|AMOUNT DUE|BALANCE DUE|GRAND TOTAL)\b/;
const NOT_TOTAL = /SUB\s*-?\s*TOTAL|TOTAL\s+(IVA|BASE|IMPUESTOS?|TAX|CUOTA|ITEMS?|ARTICULOS|UNIDADES|ART)|BASE|CAMBIO|CHANGE|ENTREGADO|EFECTIVO|CASH|TENDERED/;

function findTotal(lines: OcrLine[], exponent: number): { value: number; confidence: number } | undefined {
  let best: { value: number; confidence: number; rank: number } | undefined;
  lines.forEach((line) => {
    const folded = fold(line.text);
    if (!TOTAL_LINE.test(folded) || NOT_TOTAL.test(folded) || /%/.test(folded)) return;
    const amounts = amountsIn(line.text, exponent);
    if (amounts.length === 0) return;
    const value = amounts[amounts.length - 1]!.value;
    const rank = /TOTAL A PAGAR|IMPORTE TOTAL|GRAND TOTAL|AMOUNT DUE|BALANCE DUE|TOTAL FACTURA/.test(folded) ? 3 : /\bTOTAL\b/.test(folded) ? 2 : 1;
    // The last, highest-ranked total wins (a ticket repeats it after the tax table).
    if (!best || rank > best.rank || (rank === best.rank && value >= best.value)) best = { value, confidence: clamp(line.confidence / 100), rank };
  });
  return best && { value: best.value, confidence: best.confidence };
}

/** base × rate, rounded half up, in minor units. */
const taxOf = (base: number, rateMilli: number) => Math.round((base * rateMilli) / 100_000);
const agrees = (base: number, tax: number, rateMilli: number) => Math.abs(taxOf(base, rateMilli) - tax) <= Math.max(2, Math.round(base * 0.0005));

function findTaxLines(lines: OcrLine[], exponent: number): { lines: ParsedTaxLine[]; confidence: number; withholding?: { rateMilli?: number; amount: number; confidence: number } } {
  const byRate = new Map<number, { base?: number; tax?: number; confidence: number }>();
  let withholding: { rateMilli?: number; amount: number; confidence: number } | undefined;
  let subtotal: number | undefined;
  let looseTax: { amount: number; confidence: number } | undefined;
  let looseBase: number | undefined;
  for (const line of lines) {
    const folded = fold(line.text);
    const amounts = amountsIn(line.text, exponent).map((a) => Math.abs(a.value));
    const percents = percentsIn(line.text);
    const conf = line.confidence / 100;
    if (/IRPF|RETENCION|RET\.|WITHHOLDING/.test(folded)) {
      if (amounts.length > 0) withholding = { rateMilli: percents[0], amount: amounts[amounts.length - 1]!, confidence: conf };
      continue;
    }
    if (/SUB\s*-?\s*TOTAL/.test(folded) && amounts.length > 0) {
      subtotal = amounts[amounts.length - 1];
      continue;
    }
    const isTax = /\bIVA\b|I\.V\.A|\bVAT\b|\bTAX\b|IMPUESTO|CUOTA|\bIGIC\b/.test(folded);
    const isBase = /BASE|IMPONIBLE|NETO|\bNET\b/.test(folded);
    if (percents.length === 0) {
      if (isBase && !isTax && amounts.length === 1) looseBase = amounts[0];
      else if (isTax && !isBase && amounts.length >= 1 && !/TOTAL/.test(folded)) looseTax = { amount: amounts[amounts.length - 1]!, confidence: conf };
      else if (/TOTAL\s+(IVA|CUOTA|TAX)/.test(folded) && amounts.length >= 1) looseTax = { amount: amounts[amounts.length - 1]!, confidence: conf };
      continue;
    }
    if (!isTax && !isBase && !/^\s*\d{1,2}(?:[.,]\d+)?\s*%/.test(line.text)) continue; // "-10% discount" lines, items
    const rateMilli = percents[0]!;
    const entry = byRate.get(rateMilli) ?? { confidence: conf };
    entry.confidence = Math.min(entry.confidence, conf);
    if (amounts.length >= 2) {
      // "rate base tax [total]": the pair that agrees with the rate, else the first two.
      let pair: [number, number] | undefined;
      for (let i = 0; i < amounts.length && !pair; i++) {
        for (let j = 0; j < amounts.length && !pair; j++) {
          if (i !== j && agrees(amounts[i]!, amounts[j]!, rateMilli)) pair = [amounts[i]!, amounts[j]!];
        }
      }
      const [base, tax] = pair ?? [amounts[0]!, amounts[1]!];
      entry.base = base;
      entry.tax = tax;
      if (!pair) entry.confidence *= 0.6;
    } else if (amounts.length === 1) {
      if (isBase && !isTax) entry.base = amounts[0];
      else entry.tax = amounts[0];
    }
    byRate.set(rateMilli, entry);
  }
  // One rate printed with only its tax ("IVA 21% 21,00") and the base on its own line or as the subtotal.
  if (byRate.size === 1) {
    const entry = [...byRate.values()][0]!;
    entry.base ??= looseBase ?? subtotal;
    if (entry.tax === undefined && looseTax) entry.tax = looseTax.amount;
  }
  // A US receipt: "Subtotal 20.00 / Tax 1.78" without a rate printed.
  if (byRate.size === 0 && looseTax && (subtotal ?? looseBase) !== undefined) {
    const base = (subtotal ?? looseBase)!;
    // The rate it implies, to two decimals (a guess: the printed rate, when there is one, has its own).
    if (base > 0) byRate.set(Math.round((looseTax.amount / base) * 10000) * 10, { base, tax: looseTax.amount, confidence: looseTax.confidence * 0.8 });
  }
  const result: ParsedTaxLine[] = [];
  let confidence = 1;
  for (const [rateMilli, entry] of byRate) {
    let { base, tax } = entry;
    let c = entry.confidence;
    if (base === undefined && tax !== undefined && rateMilli > 0) {
      base = Math.round((tax * 100_000) / rateMilli);
      c *= 0.6;
    }
    if (tax === undefined && base !== undefined) {
      tax = taxOf(base, rateMilli);
      c *= 0.6;
    }
    if (base === undefined || tax === undefined) continue;
    if (!agrees(base, tax, rateMilli)) c *= 0.6;
    result.push({ rateMilli, base, tax });
    confidence = Math.min(confidence, c);
  }
  result.sort((a, b) => b.rateMilli - a.rateMilli);
  return { lines: result, confidence: result.length > 0 ? confidence : 0, ...(withholding ? { withholding } : {}) };
}

export function parseReceipt(input: OcrLine[], options: ParseOptions): ParsedReceipt {
  const exponent = currencyExponent(options.currency) ?? 2;
  const lines = input.map((line) => ({ text: line.text.replace(/\s+/g, ' ').trim(), confidence: line.confidence })).filter((line) => line.text !== '');
  const out: ParsedReceipt = { taxLines: [], confidence: {} };

  const supplier = findSupplier(lines);
  if (supplier) {
    out.supplier = supplier.value;
    out.confidence.supplier = supplier.confidence;
  }
  const supplierIndex = supplier ? lines.findIndex((line) => line.text === supplier.value) : 0;
  const taxId = findTaxId(lines, Math.max(0, supplierIndex));
  if (taxId) {
    out.supplierTaxId = taxId.value;
    out.taxIdRepaired = taxId.repaired;
    out.confidence.supplierTaxId = taxId.confidence;
  }
  const number = findInvoiceNumber(lines);
  if (number) {
    out.invoiceNumber = number.value;
    out.confidence.supplierInvoiceNumber = number.confidence;
  }
  for (const line of lines) {
    const found = findDate(line.text, options.dateOrder);
    if (found) {
      out.date = found.date;
      out.confidence.date = clamp((line.confidence / 100) * (found.certain ? 1 : 0.85));
      break;
    }
  }
  const taxes = findTaxLines(lines, exponent);
  out.taxLines = taxes.lines;
  if (taxes.lines.length > 0) out.confidence.taxLines = clamp(taxes.confidence);
  if (taxes.withholding) {
    out.withholding = taxes.withholding.amount;
    if (taxes.withholding.rateMilli !== undefined) out.withholdingRateMilli = taxes.withholding.rateMilli;
    out.confidence.withholding = clamp(taxes.withholding.confidence);
  }
  const total = findTotal(lines, exponent);
  if (total) {
    out.total = total.value;
    out.confidence.amount = total.confidence;
  }
  // The sums agree with the total: both readings confirm each other.
  if (out.taxLines.length > 0) {
    const computed = out.taxLines.reduce((sum, line) => sum + line.base + line.tax, 0) - (out.withholding ?? 0);
    if (out.total === undefined) {
      out.total = computed;
      out.confidence.amount = clamp((out.confidence.taxLines ?? 0) * 0.7);
    } else if (computed === out.total) {
      out.confidence.amount = clamp(Math.max(out.confidence.amount ?? 0, 0.9));
      out.confidence.taxLines = clamp(Math.max(out.confidence.taxLines ?? 0, 0.9));
    } else {
      out.confidence.taxLines = clamp((out.confidence.taxLines ?? 0) * 0.6);
    }
  }
  return out;
}
