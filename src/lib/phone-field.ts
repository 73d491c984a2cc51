import * as z from 'zod';
import { zPhoneCountryCode, zPhoneNumber } from '@generated/zod.gen';
import { defineMessages } from 'react-intl';
import type { FieldIssueMessages } from './form-issues.ts';
import { normalizePhoneDigits } from './phone.ts';

/**
 * A phone form field: the country's dial code plus the national number as typed ('612 345 678').
 * Sent to the API as phoneCountryCode ('+34') and phoneNumber (digits only), or not at all when empty.
 */

export interface PhoneValue {
  countryCode: string;
  number: string;
}

/** Dial code offered first: Spain for Spanish, the US for English (US). */
export function defaultDialCode(locale: string): string {
  return locale.toLowerCase().startsWith('en-us') ? '+1' : '+34';
}

/**
 * The national digits of what was typed. A number pasted with its international prefix
 * ('+34 612 345 678', '0034 612…') loses the prefix when it is the selected country's.
 */
export function nationalDigits(value: PhoneValue): string {
  const text = value.number.trim();
  const digits = normalizePhoneDigits(text);
  const code = normalizePhoneDigits(value.countryCode);
  if (code && (text.startsWith('+') || text.startsWith('00'))) {
    const international = text.startsWith('00') ? digits.slice(2) : digits;
    if (international.startsWith(code)) return international.slice(code.length);
  }
  return digits;
}

export const phoneFieldMessages = defineMessages({
  country: { id: 'form.phone.country', defaultMessage: 'Choose the country of this phone number.' },
  number: { id: 'form.phone.number', defaultMessage: 'Enter between 4 and 15 digits, without the country code.' },
});

/** The schema of a phone field: empty, or a valid dial code plus 4-15 digits (zPhoneCountryCode, zPhoneNumber). */
export const phoneFieldSchema = z
  .object({ countryCode: z.string(), number: z.string() })
  .superRefine((value, ctx) => {
    const digits = nationalDigits(value);
    if (!value.number.trim()) return;
    if (!zPhoneCountryCode.safeParse(value.countryCode).success) {
      ctx.addIssue({ code: 'custom', path: ['countryCode'], params: { reason: 'phone_country' } });
    }
    if (/[^\d\s().+-]/.test(value.number) || !zPhoneNumber.safeParse(digits).success) {
      ctx.addIssue({ code: 'custom', path: ['number'], params: { reason: 'phone_number' } });
    }
  });

/** The field messages of a phone field named `name` in a form. */
export function phoneIssueMessages(name: string): FieldIssueMessages {
  return {
    [`${name}.countryCode`]: { '*': phoneFieldMessages.country },
    [`${name}.number`]: { '*': phoneFieldMessages.number },
  };
}

/** Form value → API fields; {} when no number was typed. */
export function phoneToApi(value: PhoneValue): { phoneCountryCode?: string; phoneNumber?: string } {
  const digits = nationalDigits(value);
  if (!digits) return {};
  return { phoneCountryCode: value.countryCode, phoneNumber: digits };
}

/** API fields → form value, with the locale's dial code when none is stored. */
export function phoneFromApi(
  phoneCountryCode: string | null | undefined,
  phoneNumber: string | null | undefined,
  locale: string,
): PhoneValue {
  return { countryCode: phoneCountryCode || defaultDialCode(locale), number: phoneNumber ?? '' };
}
