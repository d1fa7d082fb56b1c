/**
 * PostgreSQL error codes the services branch on. Drizzle wraps the driver's error, so the code can
 * sit on any error of the `cause` chain (PGlite and node-postgres alike).
 */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  return false;
}
