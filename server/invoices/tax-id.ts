/**
 * Spanish tax identification numbers (NIF) with their check character, as the AEAT defines them:
 * - DNI: 8 digits and a letter, TRWAGMYFPDXBNJZSQVHLCKE[number mod 23];
 * - NIE: X, Y or Z (read as 0, 1, 2) then 7 digits and the same letter;
 * - NIF of people without a DNI (K, L, M): the letter, 7 digits and the DNI letter of the 7 digits;
 * - CIF (entities): a letter (A-H, J, N, P-S, U-W), 7 digits and a control character: a digit
 *   (A, B, E, H: companies), a letter J-I (N, P, Q, R, S, W: public bodies, non-residents), or either.
 * Pure: no I/O. Spaces, dots and dashes are ignored and letters may be lower case.
 */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

export type SpanishTaxIdKind = 'DNI' | 'NIE' | 'NIF_KLM' | 'CIF';

/** The NIF as printed on an invoice: upper case, without separators (and without an ES prefix). */
export function normalizeTaxId(value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  return compact.startsWith('ES') && compact.length === 11 ? compact.slice(2) : compact;
}

function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23]!;
}

function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The kind of a valid Spanish NIF, or null when it is not one (wrong shape or wrong check character). */
export function spanishTaxIdKind(value: string): SpanishTaxIdKind | null {
  const id = normalizeTaxId(value);
  let m = /^(\d{8})([A-Z])$/.exec(id);
  if (m) return dniLetter(m[1]!) === m[2] ? 'DNI' : null;
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (m) return dniLetter(`${'XYZ'.indexOf(m[1]!)}${m[2]}`) === m[3] ? 'NIE' : null;
  m = /^([KLM])(\d{7})([A-Z])$/.exec(id);
  if (m) return dniLetter(m[2]!) === m[3] ? 'NIF_KLM' : null;
  m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (m) {
    const [, first, digits, control] = m as unknown as [string, string, string, string];
    const digit = cifControlDigit(digits);
    const asLetter = CIF_CONTROL_LETTERS[digit]!;
    const letterOnly = 'NPQRSW'.includes(first) || digits.startsWith('00');
    const digitOnly = 'ABEH'.includes(first);
    if (letterOnly) return control === asLetter ? 'CIF' : null;
    if (digitOnly) return control === String(digit) ? 'CIF' : null;
    return control === String(digit) || control === asLetter ? 'CIF' : null;
  }
  return null;
}

export const isValidSpanishTaxId = (value: string): boolean => spanishTaxIdKind(value) !== null;

/**
 * Whether a customer's tax id can go on an invoice of an issuer in `issuerCountry`: for a Spanish
 * customer (or one with no country, of a Spanish issuer) a valid NIF; a foreign VAT number (two
 * letters then 2-13 characters) is taken as written.
 */
export function acceptableCustomerTaxId(value: string, customerCountry: string | undefined, issuerCountry: string): boolean {
  const id = normalizeTaxId(value);
  const country = customerCountry ?? issuerCountry;
  if (country === 'ES') return isValidSpanishTaxId(id);
  return /^[A-Z0-9]{2,32}$/.test(id);
}
