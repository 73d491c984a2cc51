import { normalizeTaxId, spanishTaxIdKind } from '../invoices/tax-id.ts';

/**
 * A supplier's NIF read off a receipt by OCR, checked with the one check-character code
 * (server/invoices/tax-id.ts) and repaired when one character was misread. Pure.
 *
 * What a reader confuses on a printed ticket: a letter and the digit it looks like (O/Q/D and 0,
 * I/L and 1, Z and 2, S and 5, G and 6, T and 7, B and 8), and one digit for a close one. The check
 * character decides: a DNI (8 digits and a letter) whose letter disagrees with its digits is
 * repaired when exactly one reading of one character makes it valid, trying first the letter (the
 * computed letter when the printed one looks like it, or whatever it is when it is not a letter at
 * all), then each digit. Two or more valid readings are ambiguous: nothing is repaired.
 */

const LOOKS_LIKE_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', T: '7', B: '8' };
const LOOKS_LIKE_LETTER: Record<string, string[]> = {
  '0': ['O', 'Q', 'D'],
  '1': ['I', 'L', 'T'],
  '2': ['Z'],
  '5': ['S'],
  '6': ['G'],
  '7': ['T'],
  '8': ['B'],
};
/** Digits a reader mistakes for one another. */
const CLOSE_DIGITS: Record<string, string> = {
  '0': '869',
  '1': '74',
  '2': '7',
  '3': '858',
  '4': '1',
  '5': '63',
  '6': '508',
  '7': '12',
  '8': '3609',
  '9': '80',
};
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

export interface TaxIdReading {
  /** The id, normalised (upper case, no separators). */
  value: string;
  valid: boolean;
  /** True when one misread character was corrected by the checksum. */
  repaired: boolean;
}

/** Digits read as letters inside a run of digits (O → 0, S → 5…). */
const asDigits = (text: string) => text.replace(/[OQDILZSGTB]/g, (c) => LOOKS_LIKE_DIGIT[c]!);

/** The letter that looks like `printed` and is `wanted`, or `wanted` when `printed` is no letter (a digit, a symbol). */
function letterMatches(printed: string, wanted: string): boolean {
  if (!/[A-Z]/.test(printed)) return true;
  if (printed === wanted) return true;
  const similar: Record<string, string> = { O: 'QD', Q: 'O', D: 'O', C: 'G', G: 'C', E: 'F', F: 'E', P: 'R', R: 'P', H: 'N', N: 'HM', M: 'N', V: 'Y', Y: 'V', K: 'X', X: 'K', J: 'I', I: 'J', L: 'I' };
  return (similar[printed] ?? '').includes(wanted);
}

/**
 * Reads a candidate tax id as printed. Valid as is → itself. A DNI-shaped id (8 digits, with digits
 * perhaps read as letters, and a ninth character) → the one valid repair if there is exactly one.
 * Anything else → `valid: false` and the text as read.
 */
export function readSupplierTaxId(printed: string): TaxIdReading {
  const value = normalizeTaxId(printed);
  if (spanishTaxIdKind(value)) return { value, valid: true, repaired: false };
  if (value.length !== 9) return { value, valid: false, repaired: false };
  // An entity (CIF) or NIE whose first letter is right and whose digits were read as letters.
  if (/^[A-HJNP-SUVWXYZKLM]/.test(value)) {
    const fixed = value[0]! + asDigits(value.slice(1, 8)) + value[8]!;
    if (fixed !== value && spanishTaxIdKind(fixed)) return { value: fixed, valid: true, repaired: true };
    // The CIF control digit read as a letter, or a letter misread.
    const candidates = new Set<string>();
    const last = value[8]!;
    for (const option of [LOOKS_LIKE_DIGIT[last], ...(LOOKS_LIKE_LETTER[last] ?? [])]) {
      if (option && spanishTaxIdKind(fixed.slice(0, 8) + option)) candidates.add(fixed.slice(0, 8) + option);
    }
    if (candidates.size === 1) return { value: [...candidates][0]!, valid: true, repaired: true };
  }
  // A DNI: 8 digits (some perhaps read as letters) and the check letter.
  const digits = asDigits(value.slice(0, 8));
  if (!/^\d{8}$/.test(digits)) return { value, valid: false, repaired: false };
  const printedLetter = value[8]!;
  const computed = DNI_LETTERS[Number(digits) % 23]!;
  if (printedLetter === computed) return { value: digits + computed, valid: true, repaired: digits !== value.slice(0, 8) };
  // 1. The letter misread (or read as a digit): the digits decide it.
  if (letterMatches(printedLetter, computed)) return { value: digits + computed, valid: true, repaired: true };
  // 2. One digit misread: the one close digit that agrees with the printed letter.
  const found: string[] = [];
  for (let i = 0; i < 8; i++) {
    for (const alternative of CLOSE_DIGITS[digits[i]!] ?? '') {
      const candidate = digits.slice(0, i) + alternative + digits.slice(i + 1);
      if (DNI_LETTERS[Number(candidate) % 23] === printedLetter) found.push(candidate + printedLetter);
    }
  }
  if (found.length === 1) return { value: found[0]!, valid: true, repaired: true };
  return { value, valid: false, repaired: false };
}
