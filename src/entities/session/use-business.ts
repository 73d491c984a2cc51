import type { Tenant } from '@generated/types.gen';
import { getSession } from './session-store';
import { useSession } from './use-session';

/** The signed-in user has no business yet: the business layout route shows the no-business state. */
export class NoBusinessError extends Error {
  constructor() {
    super('The signed-in user has no business yet');
    this.name = 'NoBusinessError';
  }
}

/**
 * The business a screen works on, for `beforeLoad` (the business layout route, which puts its id in
 * the router context): throws NoBusinessError without one.
 */
export function requireBusiness(): Tenant {
  const { tenant } = getSession();
  if (!tenant) throw new NoBusinessError();
  return tenant;
}

/**
 * The session's business, for the screens under the business layout route (`_business`), which
 * renders the no-business state instead of them when there is none. Re-renders when it changes.
 */
export function useBusiness(): Tenant {
  const { tenant } = useSession();
  if (!tenant) throw new NoBusinessError();
  return tenant;
}
