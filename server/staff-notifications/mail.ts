import type { StaffNotificationKind } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { formatWhen, mailLanguage, type MailLanguage } from '../notifications/messages.ts';
import type { OutgoingMail } from '../notifications/transport.ts';
import { loadNotice } from './repository.ts';

/** The words of the team's e-mails (issue 18), in both languages of Cita. */
const WORDS: Record<MailLanguage, { subject: Record<StaffNotificationKind, (who: string, when: string) => string>; open: string; someone: string; off: string }> = {
  en: {
    subject: {
      STAFF_NOTIFICATION_BOOKED: (who, when) => `New online booking: ${who}, ${when}`,
      STAFF_NOTIFICATION_CANCELLED: (who, when) => `Cancelled online: ${who}, ${when}`,
      STAFF_NOTIFICATION_RESCHEDULED: (who, when) => `Moved online: ${who}, now ${when}`,
    },
    open: 'Open the appointment',
    someone: 'A customer',
    off: 'The owner can turn these e-mails off in Settings.',
  },
  es: {
    subject: {
      STAFF_NOTIFICATION_BOOKED: (who, when) => `Nueva reserva online: ${who}, ${when}`,
      STAFF_NOTIFICATION_CANCELLED: (who, when) => `Cancelada online: ${who}, ${when}`,
      STAFF_NOTIFICATION_RESCHEDULED: (who, when) => `Cambiada online: ${who}, ahora ${when}`,
    },
    open: 'Abrir la cita',
    someone: 'Un cliente',
    off: 'El propietario puede desactivar estos correos en Ajustes.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail of a staff notification to its person, in their language; null when it is gone. */
export async function renderStaffNotice(
  tx: Queryable,
  row: { tenant_id: string; notification_id: string | null; dedupe_key: string },
  context: { publicUrl: string; from: string },
): Promise<OutgoingMail | null> {
  if (!row.notification_id) return null;
  const notice = await loadNotice(tx, row.tenant_id, row.notification_id);
  if (!notice) return null;
  const language = mailLanguage(notice.locale);
  const words = WORDS[language];
  const when = formatWhen(new Date(notice.starts_at), notice.time_zone, language);
  const subject = words.subject[notice.kind](notice.customer_name || words.someone, when);
  const url = `${context.publicUrl}${language === 'es' ? '/es-ES' : ''}/appointments/${notice.appointment_id}?userId=${notice.member_user_id}`;
  const address = /<([^>]+)>\s*$/.exec(context.from)?.[1] ?? context.from.trim();
  return {
    dedupeKey: row.dedupe_key,
    from: `"Cita · ${notice.business_name.replace(/["\\\r\n]/g, '')}" <${address}>`,
    to: notice.email,
    subject,
    text: [`${subject}.`, `${words.open}: ${url}`, words.off].join('\n\n'),
    html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(subject)}.</p><p><a href="${escapeHtml(url)}">${escapeHtml(words.open)}</a></p><p style="color:#666">${escapeHtml(words.off)}</p></body></html>`,
    language: language === 'es' ? 'es-ES' : 'en-US',
  };
}
