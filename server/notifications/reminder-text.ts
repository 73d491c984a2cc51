/**
 * The words of a reminder sent to a phone (SMS text, WhatsApp template parameters), in the two
 * languages of Cita. Like the e-mails, only what the business controls goes in: its name, the time,
 * the catalogue's service names and the cancellation link; never a name typed on the booking page.
 */
import type { MailLanguage } from './messages.ts';

export interface PhoneReminderFacts {
  businessName: string;
  /** Already formatted in the business's time zone and the customer's language. */
  when: string;
  services: string;
  cancelUrl: string | null;
}

const SMS: Record<MailLanguage, (f: PhoneReminderFacts) => string> = {
  en: (f) =>
    [
      `Reminder: your appointment at ${f.businessName} is on ${f.when}.`,
      f.services ? `Services: ${f.services}.` : '',
      f.cancelUrl ? `Can't make it? Cancel here: ${f.cancelUrl}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  es: (f) =>
    [
      `Recordatorio: tu cita en ${f.businessName} es el ${f.when}.`,
      f.services ? `Servicios: ${f.services}.` : '',
      f.cancelUrl ? `¿No puedes venir? Cancélala aquí: ${f.cancelUrl}` : '',
    ]
      .filter(Boolean)
      .join(' '),
};

/** The SMS text of a reminder. */
export function smsReminderText(language: MailLanguage, facts: PhoneReminderFacts): string {
  return SMS[language](facts);
}

/** The WhatsApp template's language code for the customer's language. */
export const whatsAppLanguage = (language: MailLanguage) => (language === 'es' ? 'es_ES' : 'en_US');

/**
 * The reminder template's body parameters, in order: {{1}} the business's name, {{2}} the date and
 * time (README: "Reminders by SMS and WhatsApp" has the template to register).
 */
export const whatsAppReminderParameters = (facts: PhoneReminderFacts): string[] => [facts.businessName, facts.when];
