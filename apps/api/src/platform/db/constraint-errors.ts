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
 * A value the database refused as data rather than a fault of the database: on
 * PostgreSQL a data exception (SQLSTATE class 22: a number out of range, text that is
 * not a timestamp, a NUL character) or a CHECK violation (23514); on SQLite a
 * datatype mismatch, a value too big, a CHECK violation, or a full-text query it
 * cannot parse. The shared contract refuses these first; this is the safety net that
 * turns any that still arrive into a 400 instead of a 500.
 */
export function isDataError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return false;
  if (/^22[0-9A-Z]{3}$/.test(code) || code === '23514') return true;
  if (code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_CONSTRAINT_CHECK') return true;
  return code === 'SQLITE_ERROR' && typeof message === 'string' && /^fts5: /.test(message);
}
