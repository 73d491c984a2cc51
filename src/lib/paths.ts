import { splitLocalePath } from './locale.ts';

/**
 * True when `pathname` is `base` or lies below it, ignoring the locale prefix and a trailing slash:
 * '/es-ES/login/sso' is under '/login'; '/login-help' is not.
 */
export function isUnderPath(pathname: string, base: string): boolean {
  const path = splitLocalePath(pathname).path.replace(/(?<=.)\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}
