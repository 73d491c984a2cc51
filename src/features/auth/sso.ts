import { normalizeRedirectUri } from '~/lib/runtime-config';

/**
 * SPEC §2 SSO login, hardened: a signed-in user on /login/sso?response_type=code&redirect_uri=…&state=…
 * is sent to redirect_uri with a one-time `code` (POST /v1/sso/codes; the application exchanges it
 * server-side) and the `state`, only when redirect_uri equals one of the registered URIs exactly
 * (runtime config ssoRedirectUris; the server checks again). Never an ID token in a URL.
 */

export interface SsoRequest {
  response_type?: string;
  redirect_uri?: string;
  state?: string;
}

export type SsoProblem = 'unsupported-response-type' | 'missing-redirect-uri' | 'invalid-redirect-uri' | 'missing-state' | 'redirect-not-allowed';

/** The anti-forgery value the application must send (and gets back). */
export const MIN_STATE_LENGTH = 8;

/** Why the request cannot be honoured, or null when it can. */
export function ssoRequestProblem(request: SsoRequest, allowedUris: readonly string[]): SsoProblem | null {
  if (request.response_type !== 'code') return 'unsupported-response-type';
  if (!request.redirect_uri) return 'missing-redirect-uri';
  const uri = normalizeRedirectUri(request.redirect_uri);
  if (!uri) return 'invalid-redirect-uri';
  if (!request.state || request.state.length < MIN_STATE_LENGTH || request.state.length > 512) return 'missing-state';
  const allowed = allowedUris.map(normalizeRedirectUri).filter((item): item is string => item !== null);
  return allowed.includes(uri) ? null : 'redirect-not-allowed';
}

/** redirect_uri with the one-time `code` and the `state` added to its query; throws on a request with a problem. */
export function ssoRedirectUrl(request: SsoRequest, code: string, allowedUris: readonly string[]): string {
  const problem = ssoRequestProblem(request, allowedUris);
  if (problem) throw new Error(`SSO request refused: ${problem}`);
  const url = new URL(request.redirect_uri as string);
  url.searchParams.set('code', code);
  url.searchParams.set('state', request.state as string);
  return url.href;
}
