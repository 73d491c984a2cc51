import type { UtcDateTimeParts } from '../../generated/types.gen.ts';

/**
 * The shared kit of row → contract mapping (every domain's mappers use these, none writes its own).
 * Optional fields are left out of an answer when their column is NULL.
 */

export type Row = Record<string, unknown>;

/** A timestamp column (Date from pg, string from PGlite's JSON) as an ISO 8601 instant. */
export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** `{ [key]: value }`, or nothing when the value is NULL/undefined: spread into an answer. */
export const opt = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** A JSON column: PGlite may hand it over as text. */
export const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** A timestamp column as the contract's UTC date-time parts. */
export function utcParts(value: unknown): UtcDateTimeParts | undefined {
  if (value === null || value === undefined) return undefined;
  const d = value instanceof Date ? value : new Date(String(value));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
  };
}
