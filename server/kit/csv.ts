/**
 * The one CSV writer of the product (RFC 4180, CRLF line ends). Every CSV the server writes goes
 * through it: customers (no byte-order mark: the SPA adds it when it saves the file,
 * src/features/customers/download.ts); the reports' streamed files (issue 20), which start with
 * CSV_BOM and are written in a dialect: en-US RFC 4180 with `,` and a decimal point, es-ES `;` with
 * a decimal comma (what Excel in Spain opens by double-click).
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or CR) as a formula, and which text
 * becomes a cell depends on the program: Excel in Spain splits on `;`, elsewhere on `,`, and a naive
 * reader on line breaks whatever the quotes say. So every field is quoted, and a `'` is put before
 * every place where any of those splits would start a cell with a formula character: the field's
 * start and each segment after a `,`, `;`, CR or LF inside it (spaces before the character
 * included). A segment that is only a signed number (+34, -5) is left as it is: no program runs it.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | boolean | null | undefined;

const SEPARATORS = new Set([',', ';', '\r', '\n']);
/** A segment a spreadsheet would run: optional spaces, then = + - @ tab or CR. */
const FORMULA_START = /^ *[=+\-@\t\r]/;
/** A plain signed number (a dial code, a negative amount, with decimals): not a formula. */
const SIGNED_NUMBER = /^ *[+-]?\d[\d ]*([.,]\d+)?$/;

function segmentAt(text: string, start: number): string {
  let end = start;
  while (end < text.length && !SEPARATORS.has(text[end]!)) end++;
  // A segment that starts with a CR is the CR itself (and what follows is the next segment).
  return end === start && start < text.length ? text[start]! : text.slice(start, end);
}

/** The text with a `'` before every cell start that would be read as a formula. */
export function neutraliseFormulas(text: string): string {
  let out = '';
  for (let i = 0; i <= text.length; i++) {
    if (i === 0 || SEPARATORS.has(text[i - 1]!)) {
      const segment = i === text.length ? '' : segmentAt(text, i);
      if (FORMULA_START.test(segment) && !SIGNED_NUMBER.test(segment)) out += "'";
    }
    if (i < text.length) out += text[i];
  }
  return out;
}

/** One field: neutralised, always quoted, inner quotes doubled. null and undefined are an empty field. */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : neutraliseFormulas(String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

/** The field separator: `,` (RFC 4180, en-US) or `;` (spreadsheets of decimal-comma locales, es-ES). */
export type CsvSeparator = ',' | ';';

/** One record, CRLF-terminated, its fields separated by `delimiter`. */
export function csvLine(values: readonly CsvValue[], delimiter: CsvSeparator = ','): string {
  return `${values.map(csvField).join(delimiter)}\r\n`;
}

/** UTF-8 byte-order mark: spreadsheets then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** A CSV dialect: its separator and how a decimal number is written. */
export interface CsvDialect {
  delimiter: ',' | ';';
  decimalComma: boolean;
}

/** es-ES: `;` with a decimal comma; en-US: RFC 4180. An explicit delimiter wins (a comma keeps the decimal point). */
export function csvDialect(locale: string | undefined, delimiter?: 'comma' | 'semicolon'): CsvDialect {
  const semicolon = delimiter ? delimiter === 'semicolon' : locale === 'es-ES';
  return { delimiter: semicolon ? ';' : ',', decimalComma: semicolon };
}

/** A decimal text ("-12.34") in the dialect ("-12,34" with a decimal comma), no thousands separator. */
export const csvDecimal = (text: string, dialect: CsvDialect): string => (dialect.decimalComma ? text.replace('.', ',') : text);

/** A whole document: the header, then each row. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>, separator: CsvSeparator = ','): string {
  const lines = [csvLine(header, separator)];
  for (const row of rows) lines.push(csvLine(row, separator));
  return lines.join('');
}

/**
 * A streamed CSV answer: a file to save, never cached, its chunks each followed by a turn of the event
 * loop. PGlite runs in this process and a page's statement resolves in a chain of promises: without
 * the turn, Node's http layer (which uncorks the socket in a nextTick that such a chain holds back) sent
 * nothing until a few pages later (first byte at 2.9-5.1 s for a year of sales under load), and no
 * other request was answered in between.
 */
export function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) {
  const body = Readable.from(
    (async function* () {
      for await (const chunk of chunks) {
        yield chunk;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })(),
  );
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
