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
