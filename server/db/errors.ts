/** The SQLSTATE of a database error (pg and PGlite both put it in `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** The name of the constraint or unique index a violation names, e.g. 'users_email_key'. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = typeof error === 'object' && error !== null ? (error as { constraint?: unknown }).constraint : undefined;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** 23505: a unique constraint or index refused the row (answer 409). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** 23503: a foreign key refused the row, or a delete still referenced elsewhere (answer 409). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/** The database has not been reachable since the server started (server/db/deferred-database.ts). */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/**
 * The database cannot be reached or is going away (connection refused or lost, server shutting
 * down, too many connections, serialization failure): a retry later may succeed (answer 503).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnreachableError) return true;
  const state = sqlState(error);
  // 08: connection exceptions; 57P: shutdown, terminated; 53300: too many connections; 55000 and
  // 3D000 at connect: the database refuses connections or is gone; 40001/40P01: retry the transaction.
  if (state && (state.startsWith('08') || state.startsWith('57P') || ['53300', '55000', '3D000', '40001', '40P01'].includes(state))) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}
