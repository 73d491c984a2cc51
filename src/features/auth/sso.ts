import { normalizeOrigin } from '~/app/runtime-config';

/**
 * SPEC §2 SSO login: a signed-in user on /login/sso?response_type=code&redirect_uri=… is sent to
 * redirect_uri with `code` = the identity-provider ID token, but only to an allow-listed origin
 * (runtime config ssoRedirectOrigins), so that a crafted link cannot steal the token.
 */

export interface SsoRequest {
  response_type?: string;
  redirect_uri?: string;
  state?: string;
}

export type SsoProblem = 'unsupported-response-type' | 'missing-redirect-uri' | 'invalid-redirect-uri' | 'redirect-not-allowed';

/** Why the request cannot be honoured, or null when it can. */
export function ssoRequestProblem(request: SsoRequest, allowedOrigins: readonly string[]): SsoProblem | null {
  if (request.response_type !== 'code') return 'unsupported-response-type';
  if (!request.redirect_uri) return 'missing-redirect-uri';
  const origin = normalizeOrigin(request.redirect_uri);
  if (!origin) return 'invalid-redirect-uri';
  const allowed = allowedOrigins.map(normalizeOrigin).filter((item): item is string => item !== null);
  return allowed.includes(origin) ? null : 'redirect-not-allowed';
}

/** redirect_uri with `code` (and `state` when given) added to its query; throws on a request with a problem. */
export function ssoRedirectUrl(request: SsoRequest, idToken: string, allowedOrigins: readonly string[]): string {
  const problem = ssoRequestProblem(request, allowedOrigins);
  if (problem) throw new Error(`SSO request refused: ${problem}`);
  const url = new URL(request.redirect_uri as string);
  url.searchParams.set('code', idToken);
  if (request.state) url.searchParams.set('state', request.state);
  return url.href;
}
