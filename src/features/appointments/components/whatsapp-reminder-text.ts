import type { Appointment } from '@generated/types.gen';
import { formatDateFull, formatTime, fromParts } from '~/lib/temporal';

/**
 * The reminder a business sends by hand through WhatsApp (wa.me) when the server has no provider for
 * it: written in the customer's language, whatever the screen's, so its words live here in both
 * languages (as the server's e-mail texts do) rather than in the screen's catalog.
 */
export type ReminderLanguage = 'en' | 'es';

export const reminderLanguage = (locale: string | null | undefined): ReminderLanguage => (locale?.toLowerCase().startsWith('es') ? 'es' : 'en');

const WORDS: Record<ReminderLanguage, (f: { businessName: string; name: string; when: string; services: string }) => string> = {
  en: (f) =>
    [`Hello${f.name ? ` ${f.name}` : ''}, this is a reminder of your appointment at ${f.businessName} on ${f.when}.`, f.services ? `Services: ${f.services}.` : '', 'See you soon!']
      .filter(Boolean)
      .join(' '),
  es: (f) =>
    [`Hola${f.name ? `, ${f.name}` : ''}: te recordamos tu cita en ${f.businessName} el ${f.when}.`, f.services ? `Servicios: ${f.services}.` : '', '¡Hasta pronto!']
      .filter(Boolean)
      .join(' '),
};

/** "Tuesday, November 23, 2027 at 10:30" / "martes, 23 de noviembre de 2027 a las 10:30". */
function when(appointment: Appointment, language: ReminderLanguage): string {
  const start = fromParts(appointment.startDate);
  return `${formatDateFull(start, language)}${language === 'es' ? ' a las ' : ' at '}${formatTime(start)}`;
}

/** The reminder's text for the customer of `appointment`. */
export function whatsAppReminderText(appointment: Appointment, businessName: string, language: ReminderLanguage): string {
  return WORDS[language]({
    businessName,
    name: appointment.customer.name,
    when: when(appointment, language),
    services: appointment.services.map((service) => service.name).join(', '),
  });
}

/**
 * The customer's number as wa.me wants it: international digits without "+" (E.164), from the dial
 * code and the national number; a national trunk 0 is left out, except in Italy. Null without a
 * usable number.
 */
export function whatsAppDigits(dialCode: string | null | undefined, number: string | null | undefined): string | null {
  const code = (dialCode ?? '').replace(/\D/g, '');
  let national = (number ?? '').replace(/\D/g, '');
  if (!code || !national) return null;
  if (code !== '39') national = national.replace(/^0+/, '');
  const digits = `${code}${national}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}
