type PgErrorLike = { code?: unknown; constraint?: unknown; cause?: unknown };

/** True when the error (or the driver error Drizzle wrapped) is a unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike;
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    current = e.cause;
  }
  return false;
}
