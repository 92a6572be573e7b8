/** Whether PostgreSQL's error `code` is on the error or any of its causes (drizzle wraps the driver's error). */
function hasPgCode(err: unknown, code: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === code) return true;
  }
  return false;
}

/** unique_violation. */
export const isUniqueViolation = (err: unknown): boolean => hasPgCode(err, '23505');

/** foreign_key_violation: the row referred to is gone (deleted by a racing transaction). */
export const isForeignKeyViolation = (err: unknown): boolean => hasPgCode(err, '23503');
