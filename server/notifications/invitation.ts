/**
 * The invitation e-mail (issue 19): rendered when the outbox row leaves, from the invitation as it is
 * then (a revoked, accepted or expired one is dropped). In the invitation's language; it holds only
 * what Cita and the business control (the business's name, the role, the link), never text someone
 * typed for the invitee.
 */
import type { Queryable } from '../db/database.ts';
import { acceptUrl } from '../team/rules.ts';
import { formatWhen, mailLanguage } from './messages.ts';
import type { OutboxRow, RenderContext, Rendered } from './render.ts';

const WORDS = {
  en: {
    subject: (business: string) => `${business} invites you to join their team on Cita`,
    greeting: 'Hello,',
    lead: (business: string, role: string) => `${business} invites you to join their team on Cita as ${role}.`,
    roles: { TEAM_ROLE_ADMIN: 'an administrator', TEAM_ROLE_MEMBER: 'a team member' } as Record<string, string>,
    action: 'Accept the invitation',
    how: 'Open the link, then sign in or create your account with this e-mail address.',
    expires: (when: string) => `The invitation expires on ${when}.`,
    ignore: "If you weren't expecting it, you can ignore this e-mail.",
  },
  es: {
    subject: (business: string) => `${business} te invita a unirte a su equipo en Cita`,
    greeting: 'Hola:',
    lead: (business: string, role: string) => `${business} te invita a unirte a su equipo en Cita como ${role}.`,
    roles: { TEAM_ROLE_ADMIN: 'administrador', TEAM_ROLE_MEMBER: 'miembro del equipo' } as Record<string, string>,
    action: 'Aceptar la invitación',
    how: 'Abre el enlace e inicia sesión o crea tu cuenta con esta dirección de correo.',
    expires: (when: string) => `La invitación caduca el ${when}.`,
    ignore: 'Si no la esperabas, puedes ignorar este correo.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

export async function renderInvitation(tx: Queryable, row: OutboxRow, context: RenderContext): Promise<Rendered> {
  const { rows } = await tx.query<{ email: string; role: string; status: string; expires_at: Date; language: string; business_name: string; tenant_email: string; time_zone: string }>(
    `SELECT i.email, i.role, i.status, i.expires_at, i.language, t.business_name, t.email AS tenant_email, t.time_zone
       FROM invitations i JOIN tenants t ON t.id = i.tenant_id
      WHERE i.tenant_id = $1 AND i.id = $2 AND t.status <> 'TENANT_STATUS_DELETED'`,
    [row.tenant_id, row.invitation_id],
  );
  const invitation = rows[0];
  if (!invitation) return { drop: 'invitation_deleted' };
  if (invitation.status !== 'INVITATION_STATUS_PENDING') return { drop: 'invitation_not_pending' };
  const expiresAt = new Date(invitation.expires_at);
  if (expiresAt.getTime() <= Date.now()) return { drop: 'invitation_expired' };
  const language = mailLanguage(invitation.language);
  const words = WORDS[language];
  const business = invitation.business_name;
  const link = acceptUrl(context.publicUrl, language === 'es' ? 'es-ES' : 'en-US', row.invitation_id!, invitation.email);
  const lead = words.lead(business, words.roles[invitation.role] ?? words.roles.TEAM_ROLE_MEMBER!);
  const expires = words.expires(formatWhen(expiresAt, invitation.time_zone, language));
  const text = [`${words.greeting} ${lead}`, `${words.how}\n${link}`, expires, words.ignore].join('\n\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a">`,
    `<p>${escapeHtml(words.greeting)} ${escapeHtml(lead)}</p>`,
    `<p>${escapeHtml(words.how)}<br><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(expires)}</p>`,
    `<p>${escapeHtml(words.ignore)}</p>`,
    '</body></html>',
  ].join('');
  return {
    mail: {
      dedupeKey: row.dedupe_key,
      from: `"${business.replace(/["\\\r\n]/g, '')}" <${addressOf(context.from)}>`,
      replyTo: invitation.tenant_email,
      to: invitation.email,
      subject: words.subject(business),
      text,
      html,
      language: language === 'es' ? 'es-ES' : 'en-US',
    },
  };
}
