import { createHash } from 'node:crypto';
import { findRegion, type DateOrder } from '../../common/regions.ts';
import type { CustomerImportRow, CustomerInput } from '../../generated/types.gen.ts';
import { unprocessable, type FieldError } from '../problem.ts';

/**
 * The customers domain's pure rules: no database, no Fastify (unit-tested in rules.test.ts).
 * - a customer's input beyond its schema; the words of a search;
 * - tags: the palette new tags take their colour from;
 * - CSV export and import (beyond SPEC). The SPA parses the file (papaparse) and maps its columns;
 *   the server receives each row as text and checks every cell here, so that one answer lists every
 *   failing cell (/rows/{index}/{field}) and nothing is half-imported. The import is then written in
 *   short chunks (nextChunkSize; server/customers/handlers/import.ts).
 */

/** The schema cannot say these: 422 naming the field. */
export function checkInput(input: CustomerInput, today: string): void {
  if (!input.name.trim()) throw unprocessable('/customer/name', 'blank', 'Enter a name.');
  if (input.phoneNumber && !input.phoneCountryCode) {
    throw unprocessable('/customer/phoneCountryCode', 'country_code_required', 'Choose the country of the phone number.');
  }
  if (input.birthday && (input.birthday > today || input.birthday < '1900-01-01')) {
    throw unprocessable('/customer/birthday', 'out_of_range', 'The birthday cannot be in the future.');
  }
}

/**
 * The words of a search: each must occur in the folded search text (name, last name, e-mail, phone
 * digits). A pattern made of phone characters only ("+34 612-34") is one term of its digits.
 */
export function searchTerms(pattern: string | undefined): string[] {
  const text = (pattern ?? '').trim();
  if (!text) return [];
  if (/^[\d\s()+\-./]+$/.test(text) && /\d/.test(text)) return [text.replace(/\D/g, '')];
  return text.split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Colours given to tags created without one, in turn (Mantine's palette, shade 6). */
export const TAG_PALETTE = ['#2f9e44', '#1c7ed6', '#ae3ec9', '#f76707', '#e03131', '#0c8599', '#f59f00', '#6741d9', '#d6336c', '#5c940d'];

/** The colour of a new tag when the business has `count` tags. */
export const tagColorFor = (count: number): string => TAG_PALETTE[count % TAG_PALETTE.length]!;

/** The most rows one import takes (CustomerImport.rows maxItems in the contract). */
export const MAX_IMPORT_ROWS = 5000;
/**
 * The body limit of importCustomers alone (the rest of the API keeps 128 kB): 5,000 rows of a usual
 * customer file (about 150 bytes each as JSON) fit several times over; above it, 413. Checked after
 * authentication, as for uploads, so an anonymous caller cannot make the server read 4 MiB.
 */
export const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** The columns of the export, in order (also the names the import's mapping suggests). */
export const EXPORT_COLUMNS = [
  'name',
  'lastName',
  'phoneCountryCode',
  'phoneNumber',
  'email',
  'birthday',
  'taxId',
  'marketingConsent',
  'marketingConsentAt',
  'tags',
  'notes',
  'createdAt',
] as const;

/** A cleaned, valid import row, ready to insert. */
export interface ImportedCustomer {
  name: string;
  lastName: string | null;
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  email: string | null;
  birthday: string | null;
  taxId: string | null;
  marketingConsent: boolean;
  notes: string | null;
  tags: string[];
}

/** International dial codes recognised at the start of a number written as +CC… or 00CC… (longest first). */
const DIAL_CODES = [
  '1', '7', '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90',
  '91', '92', '212', '213', '216', '351', '352', '353', '354', '355', '356', '357', '358', '359', '370', '371', '372',
  '376', '380', '381', '385', '386', '420', '421', '502', '503', '504', '505', '506', '507', '591', '593', '595', '598', '971', '972',
].sort((a, b) => b.length - a.length);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'sí', 'si', 's', 'x', 'ok']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '']);

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * YYYY-MM-DD (or YYYY/MM/DD), or a date with the year last in the order of the business's country:
 * day first (DMY: 03/04/2026 is 3 April), month first (MDY, the United States: 4 March). Where dates
 * are written year first (YMD), a year-last date is not guessed.
 */
export function parseImportDate(text: string, order: DateOrder): string | undefined {
  let year: number, month: number, day: number;
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const yearLast = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (yearFirst) [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
  else if (yearLast && order !== 'YMD') {
    const [a, b] = [Number(yearLast[1]), Number(yearLast[2])];
    [year, month, day] = order === 'MDY' ? [Number(yearLast[3]), a, b] : [Number(yearLast[3]), b, a];
  } else return undefined;
  if (!validDate(year, month, day)) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Splits "Regular; Curly hair, VIP" into distinct names (case-insensitive). */
export function splitTagNames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of text.split(/[;,|]/)) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}

export interface ImportContext {
  /** The order dates are written in the business's country (common/regions.ts). */
  dateOrder: DateOrder;
  /** Dial code for numbers without one, e.g. '+34'. */
  defaultDialCode: string;
  /** Today, YYYY-MM-DD, in the business's zone: birthdays cannot be later. */
  today: string;
}

/** Checks one row; pushes an error per failing cell (field /rows/{index}/{column}). */
export function checkImportRow(row: CustomerImportRow, index: number, context: ImportContext, errors: FieldError[]): ImportedCustomer | undefined {
  const before = errors.length;
  const fail = (column: keyof CustomerImportRow, code: string, message: string) =>
    errors.push({ field: `/rows/${index}/${column}`, code, message });
  const text = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

  const name = text(row.name);
  if (!name) fail('name', 'required', 'Enter a name.');
  else if (name.length > 100) fail('name', 'too_long', 'At most 100 characters.');
  const lastName = text(row.lastName);
  if (lastName.length > 100) fail('lastName', 'too_long', 'At most 100 characters.');

  const email = text(row.email).toLowerCase();
  if (email && (email.length > 254 || !EMAIL.test(email))) fail('email', 'invalid_email', 'Not a valid e-mail address.');

  let phoneCountryCode: string | null = null;
  let phoneNumber: string | null = null;
  const rawNumber = text(row.phoneNumber);
  const rawCode = text(row.phoneCountryCode);
  if (rawCode && !/^\+?\d{1,4}$/.test(rawCode)) fail('phoneCountryCode', 'invalid_country_code', 'Not a dial code such as +34.');
  if (rawNumber) {
    let digits = rawNumber.replace(/\D/g, '');
    let code = rawCode ? rawCode.replace(/\D/g, '') : '';
    if (!code && /^(\+|00)/.test(rawNumber)) {
      if (rawNumber.startsWith('00')) digits = digits.slice(2);
      const match = DIAL_CODES.find((candidate) => digits.startsWith(candidate));
      if (match) {
        code = match;
        digits = digits.slice(match.length);
      }
    } else if (code && /^(\+|00)/.test(rawNumber)) {
      if (rawNumber.startsWith('00')) digits = digits.slice(2);
      if (digits.startsWith(code)) digits = digits.slice(code.length);
    }
    if (!code) code = context.defaultDialCode.replace(/\D/g, '');
    if (/[a-z]/i.test(rawNumber) || digits.length < 4 || digits.length > 15) fail('phoneNumber', 'invalid_phone', 'Not a valid phone number.');
    phoneCountryCode = `+${code}`;
    phoneNumber = digits;
  }

  const birthdayText = text(row.birthday);
  let birthday: string | null = null;
  if (birthdayText) {
    const parsed = parseImportDate(birthdayText, context.dateOrder);
    if (!parsed) fail('birthday', 'invalid_date', 'Not a valid date (use YYYY-MM-DD).');
    else if (parsed > context.today || parsed < '1900-01-01') fail('birthday', 'out_of_range', 'The birthday cannot be in the future.');
    else birthday = parsed;
  }

  const taxId = text(row.taxId).toUpperCase();
  if (taxId.length > 30) fail('taxId', 'too_long', 'At most 30 characters.');

  const consentText = text(row.marketingConsent).toLowerCase();
  let marketingConsent = false;
  if (TRUE_WORDS.has(consentText)) marketingConsent = true;
  else if (!FALSE_WORDS.has(consentText)) fail('marketingConsent', 'invalid_boolean', 'Use yes or no.');

  const notes = (row.notes ?? '').trim();
  if (notes.length > 2000) fail('notes', 'too_long', 'At most 2000 characters.');

  const tags = splitTagNames(row.tags ?? '');
  if (tags.some((tag) => tag.length > 40)) fail('tags', 'too_long', 'A tag name has at most 40 characters.');
  if (tags.length > 50) fail('tags', 'too_many', 'At most 50 tags.');

  if (errors.length > before) return undefined;
  return {
    name,
    lastName: lastName || null,
    phoneCountryCode,
    phoneNumber,
    email: email || null,
    birthday,
    taxId: taxId || null,
    marketingConsent,
    notes: notes || null,
    tags,
  };
}

/** A checked import: the rows to write (when no errors), the tags to create, every failing cell. */
export interface ImportPlan {
  customers: ImportedCustomer[];
  /** The business's tags, by lower-case name. */
  existingTags: ReadonlyMap<string, string>;
  /** Names of the tags to create, as first written. */
  createdTags: string[];
  errors: FieldError[];
}

/**
 * Checks every row of an import against the business's tags (pure). A member (`mayCreateTags`
 * false) naming a tag that does not exist fails the row (`unknown_tag`).
 */
export function planImport(
  rows: readonly CustomerImportRow[],
  context: ImportContext,
  tags: ReadonlyArray<{ id: string; name: string }>,
  mayCreateTags: boolean,
): ImportPlan {
  const errors: FieldError[] = [];
  const checked = rows.map((row, index) => checkImportRow(row, index, context, errors));
  const existingTags = new Map(tags.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const missing = new Map<string, string>();
  checked.forEach((customer, index) => {
    for (const name of customer?.tags ?? []) {
      if (existingTags.has(name.toLowerCase())) continue;
      if (!mayCreateTags) {
        errors.push({ field: `/rows/${index}/tags`, code: 'unknown_tag', message: `There is no tag "${name}"; ask an owner or administrator to create it.` });
      } else if (!missing.has(name.toLowerCase())) missing.set(name.toLowerCase(), name);
    }
  });
  const customers = errors.length > 0 ? [] : (checked as ImportedCustomer[]);
  return { customers, existingTags, createdTags: [...missing.values()], errors };
}

/**
 * The size of an import's write transactions: each holds the database (PGlite has one connection)
 * for about `targetMs`, so that other businesses' requests wait at most that long for a chunk, and
 * each chunk waits until the database is idle (at most `maxWaitMs`: the import still progresses under
 * constant load). The first chunk has `first` rows; each next one is scaled by how long the last took.
 */
export const IMPORT_CHUNK = { first: 50, min: 10, max: 1000, targetMs: 50, maxWaitMs: 250 } as const;

/** The rows of the next chunk, after one of `size` rows took `tookMs` inside its transaction. */
export function nextChunkSize(size: number, tookMs: number): number {
  const scaled = tookMs > 0 ? Math.round((size * IMPORT_CHUNK.targetMs) / tookMs) : IMPORT_CHUNK.max;
  // At most double at a time: one fast chunk (a warm cache) does not make the next one huge.
  return Math.min(IMPORT_CHUNK.max, 2 * size, Math.max(IMPORT_CHUNK.min, scaled));
}

/**
 * The import's reading of the business: the date order and the dial code of its country (a business
 * created before the country was asked: those of its language), today.
 */
export function importContext(business: { today: string; locale: string; country: string | null; dialCode: string | null }): ImportContext {
  const region = findRegion(business.country);
  const us = business.locale === 'en-US';
  return {
    dateOrder: region?.dateOrder ?? (us ? 'MDY' : 'DMY'),
    defaultDialCode: business.dialCode ?? region?.dialCode ?? (us ? '+1' : '+34'),
    today: business.today,
  };
}

/** A customer id derived from (tenant, Idempotency-Key, row): the same row of a retried import gets the same id. */
export function importRowId(tenantId: string, key: string, index: number): string {
  const hex = createHash('sha256').update(`${tenantId}\n${key}\n${index}`).digest('hex');
  // An RFC 9562 version 8 (custom) UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
