import { describe, expect, it } from 'vitest';
import { ssoRedirectUrl, ssoRequestProblem } from './sso';

const allowed = ['https://partner.example.com/callback', 'http://127.0.0.1:3000/cb'];
const STATE = 'state-1234';

describe('SSO redirect', () => {
  it('adds the one-time code and the state to a registered redirect_uri', () => {
    const url = ssoRedirectUrl({ response_type: 'code', redirect_uri: 'https://partner.example.com/callback', state: STATE }, 'one-time-code', allowed);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://partner.example.com/callback');
    expect(parsed.searchParams.get('code')).toBe('one-time-code');
    expect(parsed.searchParams.get('state')).toBe(STATE);
  });

  it('matches the registered URI exactly: not another path, query, port, scheme or host', () => {
    const problem = (redirect_uri: string) => ssoRequestProblem({ response_type: 'code', redirect_uri, state: STATE }, allowed);
    expect(problem('HTTPS://PARTNER.example.com/callback')).toBeNull();
    expect(problem('http://127.0.0.1:3000/cb')).toBeNull();
    for (const uri of [
      'https://partner.example.com/callback/evil',
      'https://partner.example.com/callback?next=https://evil.test',
      'https://partner.example.com/other',
      'http://partner.example.com/callback',
      'http://127.0.0.1:3001/cb',
      'https://partner.example.com.evil.test/callback',
    ]) {
      expect(problem(uri), uri).toBe('redirect-not-allowed');
    }
  });

  it('refuses other response types, missing or non-web redirect URIs, a missing state, and an empty list', () => {
    expect(ssoRequestProblem({ redirect_uri: allowed[0], state: STATE }, allowed)).toBe('unsupported-response-type');
    expect(ssoRequestProblem({ response_type: 'token', redirect_uri: allowed[0], state: STATE }, allowed)).toBe('unsupported-response-type');
    expect(ssoRequestProblem({ response_type: 'code', state: STATE }, allowed)).toBe('missing-redirect-uri');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: 'javascript:alert(1)', state: STATE }, allowed)).toBe('invalid-redirect-uri');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: '/relative', state: STATE }, allowed)).toBe('invalid-redirect-uri');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: allowed[0] }, allowed)).toBe('missing-state');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: allowed[0], state: 'short' }, allowed)).toBe('missing-state');
    expect(ssoRequestProblem({ response_type: 'code', redirect_uri: allowed[0], state: STATE }, [])).toBe('redirect-not-allowed');
  });

  it('never builds a URL for a refused request', () => {
    expect(() => ssoRedirectUrl({ response_type: 'code', redirect_uri: 'https://evil.test/', state: STATE }, 'code', allowed)).toThrow(/redirect-not-allowed/);
  });
});
