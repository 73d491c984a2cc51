import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { HttpProblem, unprocessable } from '../problem.ts';

/**
 * Names that must be unique in a business (services, payment methods, tags, distinctions): one way to
 * clean them, one refusal for a blank one (422 `blank`), one for a taken one (409 `duplicate_name`).
 */

/** A name as stored: trimmed, inner runs of spaces made one; blank answers 422 `blank` on `field`. */
export function cleanName(name: string, field: string, message = 'Enter a name.'): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw unprocessable(field, 'blank', message);
  return trimmed;
}

/** 409 `duplicate_name` on `field`: "Another <what> already has this name." */
export const duplicateName = (field: string, what: string) =>
  new HttpProblem(409, `Another ${what} already has this name.`, 'duplicate_name', [
    { field, code: 'duplicate_name', message: `Another ${what} already has this name.` },
  ]);

export interface UniqueNameRule {
  /** The table, whose rows have tenant_id, id and name. */
  table: string;
  /** The request body's field the refusal names, e.g. '/service/name'. */
  field: string;
  /** What the object is called in the refusal's message, e.g. 'service'. */
  what: string;
  /** Archived rows (archived_at set) free their name. */
  archivable?: boolean;
}

/**
 * The two checks of a unique name (compared without case): `assertFree` before a write (a clear 409
 * for the usual case), `guard` around it (a concurrent twin hits the unique index: the same 409).
 */
export function uniqueName(rule: UniqueNameRule) {
  const refusal = () => duplicateName(rule.field, rule.what);
  const archived = rule.archivable ? ' AND archived_at IS NULL' : '';
  return {
    refusal,
    async assertFree(tx: Queryable, tenantId: string, name: string, exceptId: string | null): Promise<void> {
      const { rows } = await tx.query(
        `SELECT 1 FROM ${rule.table} WHERE tenant_id = $1 AND lower(name) = lower($2)${archived} AND ($3::uuid IS NULL OR id <> $3)`,
        [tenantId, name, exceptId],
      );
      if (rows.length > 0) throw refusal();
    },
    async guard<T>(write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) throw refusal();
        throw error;
      }
    },
  };
}
