import type { HandlerDeps } from '../../kit/context.ts';
import { customerHandlers } from './customers.ts';
import { customerImportHandlers } from './import.ts';
import { customerTagHandlers } from './tags.ts';

/** The customers domain's operations: customers, their CSV import and export, their tags. */
export function customersDomainHandlers(deps: HandlerDeps) {
  return { ...customerHandlers(deps), ...customerImportHandlers(deps), ...customerTagHandlers(deps) };
}
