/** Phone numbers are shown as the dial code followed by the digits in groups of three (SPEC §5). */

/** Keeps only the digits: '+34 612-345-678' → '34612345678'. */
export function normalizePhoneDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/** '+34', '612345678' → '+34 612 345 678'; a 1-2 digit remainder stays at the end; no digits → ''. */
export function formatPhone(dialCode: string | null | undefined, number: string | null | undefined): string {
  const digits = normalizePhoneDigits(number);
  if (!digits) return '';
  const groups = digits.match(/\d{1,3}/g) ?? [];
  const code = normalizePhoneDigits(dialCode);
  return [code ? `+${code}` : '', ...groups].filter(Boolean).join(' ');
}
