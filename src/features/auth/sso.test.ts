import { describe, expect, it } from 'vitest';
import { ssoRedirectUrl, ssoRequestProblem } from './sso';

const allowed = ['https://partner.example.com', 'http://127.0.0.1:3000/'];

describe('SSO redirect', () => {
  it('adds the ID token as code to an allow-listed redirect_uri, keeping its query and the state', () => {
    const url = ssoRedirectUrl(
      { response_type: 'code', redirect_uri: 'https://partner.example.com/callback?from=cita', state: 'xyz' },
      'id.token.value',
      allowed,
    );
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://partner.example.com/callback');
    expect(parsed.searchParams.get('from')).toBe('cita');
    expect(parsed.searchParams.get('code')).toBe('id.token.value');
    expect(parsed.searchParams.get('state')).toBe('xyz');
  });

  it('compares origins, not prefixes (trailing slash in the list, port matters)', () => {
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'http://127.0.0.1:3000/cb' }, allowed)).toBeNull();
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'http://127.0.0.1:3001/cb' }, allowed)).toBe('redirect-not-allowed');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'https://partner.example.com.evil.test/cb' }, allowed)).toBe(
      'redirect-not-allowed',
    );
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'http://partner.example.com/cb' }, allowed)).toBe('redirect-not-allowed');
  });

  it('refuses other response types, missing or non-web redirect URIs, and an empty allow-list', () => {
    expect(ssoRequestProblem({ redirect_uri: 'https://partner.example.com/cb' }, allowed)).toBe('unsupported-response-type');
    expect(ssoRequestProblem({ response_type: 'token', redirect_uri: 'https://partner.example.com/cb' }, allowed)).toBe(
      'unsupported-response-type',
    );
    expect(ssoRequestProblem({ response_type: 'code' }, allowed)).toBe('missing-redirect-uri');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'javascript:alert(1)' }, allowed)).toBe('invalid-redirect-uri');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: '/relative' }, allowed)).toBe('invalid-redirect-uri');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'https://partner.example.com/cb' }, [])).toBe('redirect-not-allowed');
  });

  it('never builds a URL for a refused request', () => {
    expect(() => ssoRedirectUrl({ response_type: 'code', redirect_uri: 'https://evil.test/' }, 'token', allowed)).toThrow(/redirect-not-allowed/);
  });
});
