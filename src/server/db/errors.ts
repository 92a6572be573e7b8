/** PostgreSQL's unique_violation, found on the error or any of its causes (drizzle wraps the driver's error). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
