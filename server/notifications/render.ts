import type { Queryable } from '../db/database.ts';
import { LIVE_STATUSES } from '../appointments/events.ts';
import { signCancelToken } from './cancel-token.ts';
import { buildIcs } from './ics.ts';
import { renderInvitation } from './invitation.ts';
import { renderInvoiceMail } from './invoice-mail.ts';
import { MAIL_WORDS, formatCutoff, formatWhen, mailLanguage, type MailFacts } from './messages.ts';
import type { OutgoingMail } from './transport.ts';
import { e164, type OutgoingSms, type OutgoingWhatsApp } from './phone.ts';
import { smsReminderText, whatsAppLanguage, whatsAppReminderParameters } from './reminder-text.ts';
import { renderStaffNotice } from '../staff-notifications/mail.ts';

/** An outbox row as the worker leases it. */
export interface OutboxRow {
  tenant_id: string;
  id: string;
  dedupe_key: string;
  kind: 'reminder' | 'confirmation' | 'cancellation' | 'invoice' | 'staff_notice' | 'invitation';
  channel: string;
  /** A staff notice's notification (staff_notifications). */
  notification_id?: string | null;
  /** Null for an invitation or an invoice e-mail. */
  appointment_id: string | null;
  /** The invitation of an invitation e-mail (kind 'invitation'), else null. */
  invitation_id?: string | null;
  starts_at: Date;
  /** An invoice message: the invoice and the address it goes to (no appointment). */
  invoice_id?: string | null;
  recipient?: string | null;
  minutes_before: number | null;
  sequence: number;
  /** The appointment's link_version (its customer) the message was scheduled for. */
  link_version: number;
  attempts: number;
}

export interface RenderContext {
  /** The server secret that signs the cancellation link (lazyServerSecret). */
  secret: () => Promise<string>;
  /** The address customers open the SPA at (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** MAIL_FROM. */
  from: string;
}

/** The message (an e-mail, or a reminder by SMS or WhatsApp), or why it is not to be sent (the row is then `dropped` or `skipped`). */
export type Rendered = { mail: OutgoingMail } | { sms: OutgoingSms } | { whatsapp: OutgoingWhatsApp } | { drop: string } | { skip: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

export function cancellationUrl(context: RenderContext, language: 'en' | 'es', token: string): string {
  return `${context.publicUrl}${language === 'es' ? '/es-ES' : ''}/cancel-appointments?token=${token}`;
}

/**
 * Renders a row from the appointment as it is now (read as the owner: the worker crosses tenants).
 * A reminder or confirmation whose appointment is gone, no longer live or at another time is dropped
 * (the appointment handlers drop those rows too; this closes the race with a leased row). `secret` is
 * the link-signing secret already loaded: loading it inside `tx` could wait on `tx` itself (PGlite).
 */
export async function renderMessage(tx: Queryable, row: OutboxRow, context: RenderContext, secret: string): Promise<Rendered> {
  if (row.kind === 'invoice') return renderInvoiceMail(tx, row, context);
  if (row.kind === 'staff_notice') {
    const mail = await renderStaffNotice(tx, { tenant_id: row.tenant_id, notification_id: row.notification_id ?? null, dedupe_key: row.dedupe_key }, context);
    return mail ? { mail } : { drop: 'notification_deleted' };
  }
  if (row.kind === 'invitation') return renderInvitation(tx, row, context);
  const appointmentId = row.appointment_id!;
  const { rows } = await tx.query<{
    status: string;
    start_at: Date;
    end_at: Date;
    customer: { name?: string; email?: string; phoneCountryCode?: string; phoneNumber?: string } | null;
    business_name: string;
    tenant_email: string;
    time_zone: string;
    /** The customer's language, else the business's. */
    locale: string;
    cutoff: number;
    link_version: number;
    /** False: the name is what someone typed on the public booking page (customers.name_confirmed). */
    name_confirmed: boolean;
    /** The customer heard from this appointment before (an earlier confirmation for the same link version). */
    told_before: boolean;
  }>(
    `SELECT a.status, a.start_at, a.end_at, a.customer_snapshot AS customer, t.business_name, t.email AS tenant_email,
            t.time_zone, coalesce(c.language, t.locale) AS locale, t.cancellation_cutoff_minutes AS cutoff, a.link_version,
            c.name_confirmed IS NOT FALSE AS name_confirmed,
            EXISTS (SELECT 1 FROM outbox o WHERE o.tenant_id = a.tenant_id AND o.appointment_id = a.id AND o.kind = 'confirmation'
                       AND o.link_version = $3 AND o.sequence < $4) AS told_before
       FROM appointments a JOIN tenants t ON t.id = a.tenant_id
       LEFT JOIN customers c ON c.tenant_id = a.tenant_id AND c.id = a.customer_id
      WHERE a.tenant_id = $1 AND a.id = $2`,
    [row.tenant_id, appointmentId, row.link_version, row.sequence],
  );
  const appointment = rows[0];
  if (!appointment) return { drop: 'appointment_deleted' };
  // Scheduled for the previous customer: the address (and the link) are now another customer's.
  if (Number(appointment.link_version) !== Number(row.link_version)) return { drop: 'customer_changed' };
  const startAt = new Date(appointment.start_at);
  const endAt = new Date(appointment.end_at);
  if (row.kind !== 'cancellation') {
    if (!LIVE_STATUSES.includes(appointment.status)) return { drop: 'appointment_not_live' };
    if (startAt.getTime() !== new Date(row.starts_at).getTime()) return { drop: 'appointment_moved' };
    if (startAt.getTime() <= Date.now()) return { drop: 'appointment_started' };
  }
  // A reminder by SMS or WhatsApp goes to the customer's phone (E.164); every other message is an e-mail.
  const phoneChannel = row.channel === 'REMINDER_CHANNEL_SMS' || row.channel === 'REMINDER_CHANNEL_WHATSAPP';
  if (row.channel !== 'REMINDER_CHANNEL_EMAIL' && !(phoneChannel && row.kind === 'reminder')) return { skip: 'unsupported_channel' };
  const phone = phoneChannel ? e164(appointment.customer?.phoneCountryCode, appointment.customer?.phoneNumber) : null;
  const to = appointment.customer?.email?.trim();
  if (phoneChannel ? !phone : !to) return { skip: 'no_recipient' };

  const { rows: services } = await tx.query<{ name: string }>(
    `SELECT name FROM appointment_services WHERE tenant_id = $1 AND appointment_id = $2 ORDER BY position`,
    [row.tenant_id, appointmentId],
  );
  const language = mailLanguage(appointment.locale);
  const words = MAIL_WORDS[language];
  const cutoffMs = appointment.cutoff * 60_000;
  const canCancel = row.kind !== 'cancellation' && startAt.getTime() - cutoffMs > Date.now();
  // Only what the business controls goes to an address nobody confirmed: a name typed on the public
  // booking page (anyone may type any text and any address there) is left out until a team member
  // changes it; the business name, the catalogue's service names, the time and the link stay.
  const customerName = appointment.name_confirmed ? (appointment.customer?.name ?? '') : '';
  const facts: MailFacts = {
    businessName: appointment.business_name,
    customerName,
    when: formatWhen(startAt, appointment.time_zone, language),
    services: services.map((s) => s.name).join(', '),
    cancelUrl: canCancel
      ? cancellationUrl(context, language, signCancelToken(secret, { tenantId: row.tenant_id, appointmentId: appointmentId, startAt, linkVersion: Number(row.link_version) }))
      : null,
    cutoff: formatCutoff(appointment.cutoff, language),
  };
  if (phone) {
    return row.channel === 'REMINDER_CHANNEL_SMS'
      ? { sms: { to: phone, body: smsReminderText(language, facts) } }
      : { whatsapp: { to: phone, language: whatsAppLanguage(language), parameters: whatsAppReminderParameters(facts) } };
  }
  if (!to) return { skip: 'no_recipient' };
  // A later confirmation tells of a change, except the first one to a new customer (link version > 1).
  const firstToNewCustomer = Number(row.link_version) > 1 && !appointment.told_before;
  const variant = row.kind === 'confirmation' && row.sequence > 0 && !firstToNewCustomer ? 'change' : row.kind;
  const paragraphs = [
    `${words.greeting(facts)} ${words.lead[variant](facts)}`,
    `${words.whenLabel}: ${facts.when}${facts.services ? `\n${words.servicesLabel}: ${facts.services}` : ''}`,
    ...(facts.cancelUrl ? [`${words.cancelIntro(facts)}\n${facts.cancelUrl}`] : []),
    words.calendarNote,
    words.signature(facts),
  ];
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a">`,
    `<p>${escapeHtml(words.greeting(facts))} ${escapeHtml(words.lead[variant](facts))}</p>`,
    `<p><strong>${escapeHtml(words.whenLabel)}:</strong> ${escapeHtml(facts.when)}`,
    facts.services ? `<br><strong>${escapeHtml(words.servicesLabel)}:</strong> ${escapeHtml(facts.services)}` : '',
    '</p>',
    facts.cancelUrl
      ? `<p>${escapeHtml(words.cancelIntro(facts))}<br><a href="${escapeHtml(facts.cancelUrl)}">${escapeHtml(words.cancelAction)}</a></p>`
      : '',
    `<p>${escapeHtml(words.calendarNote)}</p>`,
    `<p>${escapeHtml(words.signature(facts)).replace(/\n/g, '<br>')}</p>`,
    '</body></html>',
  ].join('');
  const method = row.kind === 'cancellation' ? 'CANCEL' : 'REQUEST';
  const ics = buildIcs(method, [
    {
      uid: `${appointmentId}@cita`,
      sequence: row.sequence,
      start: startAt,
      end: endAt,
      stamp: new Date(),
      summary: facts.services ? `${facts.services} · ${facts.businessName}` : facts.businessName,
      description: paragraphs.slice(1, -1).join('\n\n'),
      ...(facts.cancelUrl ? { url: facts.cancelUrl } : {}),
      organizer: { name: appointment.business_name, email: addressOf(context.from) },
      attendee: { name: customerName || to, email: to },
    },
  ]);
  return {
    mail: {
      dedupeKey: row.dedupe_key,
      from: `"${appointment.business_name.replace(/["\\\r\n]/g, '')}" <${addressOf(context.from)}>`,
      replyTo: appointment.tenant_email,
      to,
      subject: words.subject[variant](facts),
      text: paragraphs.join('\n\n'),
      html,
      language: language === 'es' ? 'es-ES' : 'en-US',
      ics: { method, content: ics },
    },
  };
}
