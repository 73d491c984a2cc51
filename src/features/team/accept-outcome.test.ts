import { describe, expect, it } from 'vitest';
import { acceptRefusal, isOtherAccount } from './accept-outcome';

describe('accepting an invitation', () => {
  it('gives each refusal its own page', () => {
    expect(acceptRefusal({ status: 404 })).toBe('wrong-account');
    expect(acceptRefusal({ status: 403 })).toBe('unverified');
    expect(acceptRefusal({ status: 422, code: 'business_rule', errors: [{ field: '/invitationId', code: 'invitation_expired' }] })).toBe('expired');
    expect(acceptRefusal({ status: 422, code: 'business_rule', errors: [{ field: '/invitationId', code: 'invitation_used' }] })).toBe('used');
    expect(acceptRefusal({ status: 422, code: 'business_rule', errors: [{ field: '/invitationId', code: 'invitation_revoked' }] })).toBe('revoked');
    expect(acceptRefusal({ status: 503 })).toBeNull();
    expect(acceptRefusal(new TypeError('fetch failed'))).toBeNull();
  });

  it('tells another account by the address the link names, ignoring case', () => {
    expect(isOtherAccount('Ana@Example.com', 'ana@example.com')).toBe(false);
    expect(isOtherAccount('ana@example.com', 'luis@example.com')).toBe(true);
    expect(isOtherAccount(undefined, 'luis@example.com')).toBe(false);
  });
});
