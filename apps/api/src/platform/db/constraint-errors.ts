/**
 * Recognises a unique-constraint violation from either database, so a service can
 * turn a race it lost (two requests creating the same SKU) into a 409 instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL unique_violation; better-sqlite3's constraint codes.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A foreign-key violation: a row still referenced (restrict) or a reference to nothing. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * A value the database refused as data: PostgreSQL's SQLSTATE class 22 (a number out of
 * its column's range, text with U+0000, a malformed date...); SQLite's datatype
 * mismatch and too-big errors. The contract should have stopped it: the HTTP layer
 * answers 400 rather than 500 when one slips through.
 */
export function isDataError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return (
    /^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_RANGE'
  );
}
