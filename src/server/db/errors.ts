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

/** Socket errors of a database that is down, restarting or unreachable. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
/**
 * SQLSTATEs of a server that is shutting down, cannot take connections or ran out of time:
 * class 08 (connection exception), 57014 (a statement cancelled: the statement_timeout of
 * every connection, src/server/db/client.ts) and 57P01–57P03 (admin/crash shutdown, cannot
 * connect now).
 */
const UNAVAILABLE_STATE = /^(08|57014|57P0[1-3])/;
/**
 * What node-postgres says when the server closes a connection, a connect or a wait for a free
 * connection times out, or a statement passes the client's deadline.
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable/;

/** True when the error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike & { message?: unknown };
    if (typeof e.code === 'string' && (UNREACHABLE.has(e.code) || UNAVAILABLE_STATE.test(e.code))) {
      return true;
    }
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * True when the error (or one it wraps) says a disk is full: PostgreSQL's SQLSTATE 53100
 * (disk_full, "could not extend file … No space left on device") or the operating system's
 * ENOSPC from the file store.
 */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike & { message?: unknown };
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
    if (typeof e.message === 'string' && e.message.includes('No space left on device')) return true;
    current = e.cause;
  }
  return false;
}

/**
 * True when a statement ran out of time (the server's statement_timeout, 57014, or the client's
 * deadline): answered like an outage (503), but a query too slow for its deadline is also a
 * fault of ours to look into, so it is reported.
 */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike & { message?: unknown };
    if (e.code === '57014' || e.message === 'Query read timeout') return true;
    current = e.cause;
  }
  return false;
}
