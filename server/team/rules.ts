/**
 * The team's pure rules (issue 19): which language an invitation e-mail is written in, what an
 * invitation that cannot be accepted is (each has its own page in the SPA), and how a removal
 * treats the member's appointments ahead.
 */
import type { Locale } from '../../generated/types.gen.ts';

export const INVITATION_DAYS = 7;
/** Expired invitations stay on the team screen this long, so they can be sent again. */
export const EXPIRED_INVITATIONS_SHOWN_DAYS = 30;

const LOCALES: readonly Locale[] = ['en-US', 'es-ES'];
const asLocale = (value: string | null | undefined): Locale | null =>
  value ? (LOCALES.find((l) => l.toLowerCase() === value.toLowerCase()) ?? (value.toLowerCase().startsWith('es') ? 'es-ES' : value.toLowerCase().startsWith('en') ? 'en-US' : null)) : null;

/**
 * The invitee's language: their account's when they have one (they chose it), else what the inviter
 * picked on the form, else the business's.
 */
export function invitationLanguage(accountLocale: string | null | undefined, chosen: string | null | undefined, businessLocale: string | null | undefined): Locale {
  return asLocale(accountLocale) ?? asLocale(chosen) ?? asLocale(businessLocale) ?? 'en-US';
}

export type InvitationRefusal = 'invitation_expired' | 'invitation_revoked' | 'invitation_used';

/**
 * Why an invitation the caller may see cannot be accepted (null: it can). `acceptedByCaller` with a
 * membership is the idempotent replay, handled before this.
 */
export function acceptRefusal(invitation: { status: string; expired: boolean }): InvitationRefusal | null {
  switch (invitation.status) {
    case 'INVITATION_STATUS_ACCEPTED':
      return 'invitation_used';
    case 'INVITATION_STATUS_REVOKED':
      return 'invitation_revoked';
    case 'INVITATION_STATUS_EXPIRED':
      return 'invitation_expired';
    case 'INVITATION_STATUS_PENDING':
      return invitation.expired ? 'invitation_expired' : null;
    default:
      return 'invitation_revoked';
  }
}

export const REFUSAL_MESSAGES: Record<InvitationRefusal, string> = {
  invitation_expired: 'This invitation has expired; ask the business to send it again.',
  invitation_revoked: 'This invitation was withdrawn by the business.',
  invitation_used: 'This invitation was already used.',
};

/** The status the team screen shows: a pending invitation past its expiry is expired. */
export function shownInvitationStatus(status: string, expiresAt: Date, now: Date): string {
  return status === 'INVITATION_STATUS_PENDING' && expiresAt.getTime() <= now.getTime() ? 'INVITATION_STATUS_EXPIRED' : status;
}

export type RemovalPlan = { keep: true } | { keep: false; to: string };

/** What to do with a removed member's appointments ahead; a string is the refusal's code. */
export function removalPlan(removed: string, futureAppointments: 'keep' | 'reassign' | undefined, reassignTo: string | undefined): RemovalPlan | 'reassign_to_required' | 'reassign_to_self' {
  if (futureAppointments !== 'reassign') return { keep: true };
  if (!reassignTo) return 'reassign_to_required';
  if (reassignTo === removed) return 'reassign_to_self';
  return { keep: false, to: reassignTo };
}

/** The accept link of an invitation e-mail, in its language (es-ES under /es-ES). */
export function acceptUrl(publicUrl: string, language: Locale, invitationId: string, email: string): string {
  return `${publicUrl}${language === 'es-ES' ? '/es-ES' : ''}/invitations/${invitationId}?email=${encodeURIComponent(email)}`;
}
