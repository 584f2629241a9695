// Which errors mean "the database cannot be reached right now" rather than "this query is wrong":
// the first kind is an outage the relay answers with 503 and recovers from by itself, the second a
// bug that stays a 500.

/** Socket and DNS failures, as Node reports them on the connection to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01-57P03
 * (shut down, crash recovery, cannot connect now), 53300 (too many connections).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** SQLite: another process holds the write lock past busy_timeout, or the file cannot be read, written or opened. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|IOERR|CANTOPEN|FULL)/;

/**
 * What pg says, without a code, when a connection dies or never comes: these messages are how it
 * reports its own connect and query timeouts and a socket closed under a query.
 */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

export function isDatabaseOutage(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) return true;
    if (PG_CONNECTION_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseOutage)) return true;
  }
  return false;
}

/** A short reason for readiness and the outage log line: the error's code and message. */
export function outageReason(error: unknown): string {
  const e = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && !e.message.includes(code) ? `${code}: ${e.message}` : e.message || e.name;
}
