import type { MessageDescriptor } from 'react-intl';
import type { AppLocale } from '~/lib/locale';
import type { OnlineBookingRequest } from '@generated/types.gen';
import { normalizePhoneDigits } from '~/lib/phone';
import { m } from './messages';

/** The customer's details as typed on the booking page. */
export interface DetailsValues {
  name: string;
  lastName: string;
  /** ISO country of the phone's dial code ('ES'). */
  phoneCountry: string;
  phoneDialCode: string;
  phoneNumber: string;
  email: string;
  privacyConsent: boolean;
  marketingConsent: boolean;
  notes: string;
  /** The honeypot: people never see it, so it stays empty. */
  website: string;
}

export type DetailsField = 'name' | 'lastName' | 'phoneNumber' | 'phoneDialCode' | 'email' | 'privacyConsent' | 'notes';
export type DetailsErrors = Partial<Record<DetailsField, { message: MessageDescriptor; values?: Record<string, number> }>>;

/** The contract's limits (PersonName, PhoneNumber, Email, notes). */
export const LIMITS = { name: 100, phoneMin: 4, phoneMax: 15, email: 254, notes: 500 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields' problems in the order they appear (empty: ready to send). */
export function validateDetails(values: DetailsValues): DetailsErrors {
  const errors: DetailsErrors = {};
  const tooLong = (max: number) => ({ message: m.tooLong, values: { max } });
  if (!values.name.trim()) errors.name = { message: m.nameRequired };
  else if (values.name.trim().length > LIMITS.name) errors.name = tooLong(LIMITS.name);
  if (!values.lastName.trim()) errors.lastName = { message: m.lastNameRequired };
  else if (values.lastName.trim().length > LIMITS.name) errors.lastName = tooLong(LIMITS.name);
  const digits = normalizePhoneDigits(values.phoneNumber);
  if (digits.length < LIMITS.phoneMin || digits.length > LIMITS.phoneMax || /[^\d\s().-]/.test(values.phoneNumber.trim())) errors.phoneNumber = { message: m.phoneInvalid };
  const email = values.email.trim();
  if (!EMAIL.test(email) || email.length > LIMITS.email) errors.email = { message: m.emailInvalid };
  if (values.notes.length > LIMITS.notes) errors.notes = tooLong(LIMITS.notes);
  if (!values.privacyConsent) errors.privacyConsent = { message: m.privacyRequired };
  return errors;
}

/** The POST body of createOnlineBooking. */
export function toBookingRequest(
  values: DetailsValues,
  choice: { serviceIds: string[]; memberId: string; startAt: string; language: AppLocale },
): OnlineBookingRequest {
  const notes = values.notes.trim();
  return {
    serviceIds: choice.serviceIds,
    ...(choice.memberId ? { userId: choice.memberId } : {}),
    startAt: choice.startAt,
    customer: {
      name: values.name.trim(),
      lastName: values.lastName.trim(),
      phoneCountryCode: values.phoneDialCode,
      phoneNumber: normalizePhoneDigits(values.phoneNumber),
      email: values.email.trim(),
    },
    language: choice.language,
    privacyConsent: true,
    marketingConsent: values.marketingConsent,
    ...(notes ? { notes } : {}),
    ...(values.website ? { website: values.website } : {}),
  };
}

/** The server's field pointers ('/customer/email') → the form's fields. */
export function fieldOfPointer(pointer: string): DetailsField | undefined {
  const path = pointer.replace(/^#?\//, '');
  const map: Record<string, DetailsField> = {
    'customer/name': 'name',
    'customer/lastName': 'lastName',
    'customer/phoneNumber': 'phoneNumber',
    'customer/phoneCountryCode': 'phoneDialCode',
    'customer/email': 'email',
    privacyConsent: 'privacyConsent',
    notes: 'notes',
  };
  return map[path];
}
