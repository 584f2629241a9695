// Which errors mean "the database cannot be reached right now" rather than "this query is wrong":
// the first kind is an outage the relay answers with 503 and recovers from by itself, the second a
// bug that stays a 500.

/** Socket and DNS failures, as Node reports them on the connection to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs (errcodes appendix) of a server that cannot serve the relay now, however its
 * messages are worded or translated: class 08 (connection exception), class 57P (operator
 * intervention: 57P01 admin_shutdown, as pg_terminate_backend and a restart end a session; 57P02
 * crash_shutdown; 57P03 cannot_connect_now, a server starting or stopping; 57P04 database_dropped;
 * 57P05 idle_session_timeout), 53100 disk_full and 53300 too_many_connections, 3D000
 * invalid_catalog_name (the database is gone), 55000 object_not_in_prerequisite_state (what a
 * database made not to accept connections answers a new one; the relay's statements raise it for
 * nothing else), 25006 read_only_sql_transaction (a failover that left the relay on a standby).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P..|53100|53300|3D000|55000|25006)$/;

/** SQLite: another process holds the write lock past busy_timeout, or the file cannot be read, written or opened. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|IOERR|CANTOPEN|FULL)/;

/**
 * An error of the PostgreSQL driver itself, which carries neither a SQLSTATE nor a socket's code:
 * the connection ended under a query, did not open or answer in time, or is no longer usable
 * (postgres.ts and pg-batch.ts wrap them where the driver is called: connectionFailureOf).
 */
export class ConnectionFailure extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
    this.name = 'ConnectionFailure';
  }
}

/**
 * `error` as the driver's own failure when it is one: a plain Error with no code. The server's
 * errors carry their SQLSTATE (pg's DatabaseError), a socket's its code, and what the relay's
 * own code throws while reading rows (a RangeError of a type parser) is of another class: those
 * pass unchanged.
 */
export function connectionFailureOf(error: unknown): unknown {
  if (!(error instanceof Error) || Object.getPrototypeOf(error) !== Error.prototype) return error;
  return (error as { code?: unknown }).code === undefined ? new ConnectionFailure(error) : error;
}

export function isDatabaseOutage(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) return true;
    if (e instanceof ConnectionFailure) return true;
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
