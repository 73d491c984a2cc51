/**
 * The e-mails' words, in the two languages of Cita. Server-side strings (the SPA's catalogs are for
 * the screens): one typed dictionary, so a missing translation is a type error.
 */
export type MailLanguage = 'en' | 'es';

export interface MailFacts {
  businessName: string;
  /** Empty when the name is not to be written (typed on the public booking page: see render.ts). */
  customerName: string;
  /** Date and time already formatted in the business's time zone and the customer's language. */
  when: string;
  services: string;
  cancelUrl: string | null;
  /** How long before the start the link stops cancelling, already phrased ("2 hours"). */
  cutoff: string;
}

interface MailWords {
  subject: { confirmation: (f: MailFacts) => string; change: (f: MailFacts) => string; reminder: (f: MailFacts) => string; cancellation: (f: MailFacts) => string };
  greeting: (f: MailFacts) => string;
  lead: { confirmation: (f: MailFacts) => string; change: (f: MailFacts) => string; reminder: (f: MailFacts) => string; cancellation: (f: MailFacts) => string };
  whenLabel: string;
  servicesLabel: string;
  cancelIntro: (f: MailFacts) => string;
  cancelAction: string;
  calendarNote: string;
  signature: (f: MailFacts) => string;
  hours: (n: number) => string;
  minutes: (n: number) => string;
}

export const MAIL_WORDS: Record<MailLanguage, MailWords> = {
  en: {
    subject: {
      confirmation: (f) => `Your appointment at ${f.businessName}: ${f.when}`,
      change: (f) => `Your appointment at ${f.businessName} has moved: ${f.when}`,
      reminder: (f) => `Reminder: your appointment at ${f.businessName}, ${f.when}`,
      cancellation: (f) => `Cancelled: your appointment at ${f.businessName}, ${f.when}`,
    },
    greeting: (f) => (f.customerName ? `Hello ${f.customerName},` : 'Hello,'),
    lead: {
      confirmation: (f) => `your appointment at ${f.businessName} is booked.`,
      change: (f) => `your appointment at ${f.businessName} has a new time.`,
      reminder: (f) => `this is a reminder of your appointment at ${f.businessName}.`,
      cancellation: (f) => `your appointment at ${f.businessName} has been cancelled.`,
    },
    whenLabel: 'When',
    servicesLabel: 'Services',
    cancelIntro: (f) => `Can't make it? You can cancel online up to ${f.cutoff} before the start:`,
    cancelAction: 'Cancel the appointment',
    calendarNote: 'The attached calendar file adds it to your calendar (or updates it).',
    signature: (f) => `See you soon,\n${f.businessName}`,
    hours: (n) => (n === 1 ? '1 hour' : `${n} hours`),
    minutes: (n) => (n === 1 ? '1 minute' : `${n} minutes`),
  },
  es: {
    subject: {
      confirmation: (f) => `Tu cita en ${f.businessName}: ${f.when}`,
      change: (f) => `Tu cita en ${f.businessName} ha cambiado de hora: ${f.when}`,
      reminder: (f) => `Recordatorio: tu cita en ${f.businessName}, ${f.when}`,
      cancellation: (f) => `Cancelada: tu cita en ${f.businessName}, ${f.when}`,
    },
    greeting: (f) => (f.customerName ? `Hola, ${f.customerName}:` : 'Hola:'),
    lead: {
      confirmation: (f) => `tu cita en ${f.businessName} está reservada.`,
      change: (f) => `tu cita en ${f.businessName} tiene una nueva hora.`,
      reminder: (f) => `te recordamos tu cita en ${f.businessName}.`,
      cancellation: (f) => `tu cita en ${f.businessName} se ha cancelado.`,
    },
    whenLabel: 'Cuándo',
    servicesLabel: 'Servicios',
    cancelIntro: (f) => `¿No puedes venir? Puedes cancelarla en línea hasta ${f.cutoff} antes del inicio:`,
    cancelAction: 'Cancelar la cita',
    calendarNote: 'El archivo de calendario adjunto la añade a tu calendario (o la actualiza).',
    signature: (f) => `Hasta pronto,\n${f.businessName}`,
    hours: (n) => (n === 1 ? '1 hora' : `${n} horas`),
    minutes: (n) => (n === 1 ? '1 minuto' : `${n} minutos`),
  },
};

export function mailLanguage(locale: string | null | undefined): MailLanguage {
  return locale?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** "Monday, November 23, 2026 at 09:30" / "lunes, 23 de noviembre de 2026, 09:30" in the business's zone: times are written one way, HH:mm (SPEC §9), as on the booking page. */
export function formatWhen(instant: Date, timeZone: string, language: MailLanguage): string {
  const locale = language === 'es' ? 'es-ES' : 'en-US';
  const date = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full' }).format(instant);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  return `${date}${language === 'es' ? ',' : ' at'} ${time}`;
}

export function formatCutoff(minutes: number, language: MailLanguage): string {
  const words = MAIL_WORDS[language];
  return minutes % 60 === 0 ? words.hours(minutes / 60) : words.minutes(minutes);
}
