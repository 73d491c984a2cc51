import { describe, expect, it } from 'vitest';
import { acceptRefusal, acceptUrl, invitationLanguage, removalPlan, shownInvitationStatus } from './rules.ts';

describe('team rules', () => {
  it("writes the invitation in the invitee's account language first, then the chosen one, then the business's", () => {
    expect(invitationLanguage('es-ES', 'en-US', 'en-US')).toBe('es-ES');
    expect(invitationLanguage(null, 'es-ES', 'en-US')).toBe('es-ES');
    expect(invitationLanguage(undefined, undefined, 'es-ES')).toBe('es-ES');
    expect(invitationLanguage(undefined, undefined, 'fr-FR')).toBe('en-US');
  });

  it('tells expired, revoked and used invitations apart', () => {
    expect(acceptRefusal({ status: 'INVITATION_STATUS_PENDING', expired: false })).toBeNull();
    expect(acceptRefusal({ status: 'INVITATION_STATUS_PENDING', expired: true })).toBe('invitation_expired');
    expect(acceptRefusal({ status: 'INVITATION_STATUS_REVOKED', expired: true })).toBe('invitation_revoked');
    expect(acceptRefusal({ status: 'INVITATION_STATUS_ACCEPTED', expired: false })).toBe('invitation_used');
  });

  it('shows a pending invitation past its expiry as expired', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(shownInvitationStatus('INVITATION_STATUS_PENDING', new Date('2026-11-25T11:59:59Z'), now)).toBe('INVITATION_STATUS_EXPIRED');
    expect(shownInvitationStatus('INVITATION_STATUS_PENDING', new Date('2026-11-26T00:00:00Z'), now)).toBe('INVITATION_STATUS_PENDING');
  });

  it('keeps appointments unless asked to reassign them to someone else', () => {
    expect(removalPlan('a', undefined, undefined)).toEqual({ keep: true });
    expect(removalPlan('a', 'reassign', undefined)).toBe('reassign_to_required');
    expect(removalPlan('a', 'reassign', 'a')).toBe('reassign_to_self');
    expect(removalPlan('a', 'reassign', 'b')).toEqual({ keep: false, to: 'b' });
  });

  it('builds the accept link in the e-mail language', () => {
    expect(acceptUrl('https://cita.test', 'es-ES', 'i1', 'a+b@x.es')).toBe('https://cita.test/es-ES/invitations/i1?email=a%2Bb%40x.es');
    expect(acceptUrl('https://cita.test', 'en-US', 'i1', 'a@x.es')).toBe('https://cita.test/invitations/i1?email=a%40x.es');
  });
});
