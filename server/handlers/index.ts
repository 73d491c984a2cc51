import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { parseAdminEmails } from '../auth/admins.ts';
import type { HandlerDeps } from './context.ts';
import { notImplementedHandlers } from './not-implemented.ts';
import { platformHandlers } from './platform.ts';
import { teamHandlers } from './team.ts';
import { tenantHandlers } from './tenants.ts';
import { ssoHandlers } from './sso.ts';
import { userHandlers } from './users.ts';

/**
 * Every operation of the contract, each implemented or explicitly answering 501: `satisfies`
 * makes a new operation without a handler a type error.
 */
export function createHandlers(base: Omit<HandlerDeps, 'sessions'>) {
  const deps: HandlerDeps = {
    ...base,
    sessions: { ttlSeconds: base.config.sessionTtlSeconds, admins: parseAdminEmails(base.config.adminEmails) },
  };
  return {
    ...platformHandlers(deps),
    ...userHandlers(deps),
    ...ssoHandlers(deps),
    ...tenantHandlers(deps),
    ...teamHandlers(deps),
    ...notImplementedHandlers(deps),
  } satisfies RouteHandlers;
}
