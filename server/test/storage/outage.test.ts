// Which driver errors count as a database outage (503, recovers by itself) and which stay bugs (500).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionFailureOf, isDatabaseOutage, outageReason } from '../../src/storage/outage.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseOutage', () => {
  it('counts sockets that fail, pg timeouts and closed connections, and unavailable servers', () => {
    expect(isDatabaseOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseOutage(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    // The driver's own errors, marked where the driver is called: known by that, not by their words.
    expect(isDatabaseOutage(connectionFailureOf(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseOutage(connectionFailureOf(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseOutage(connectionFailureOf(new Error('Query read timeout')))).toBe(true);
    // The server's, by SQLSTATE in whatever language the message is.
    expect(isDatabaseOutage(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseOutage(withCode('Verbindung wird abgebrochen aufgrund von Anweisung des Administrators', '57P01'))).toBe(true);
    expect(isDatabaseOutage(withCode('terminating connection due to unexpected postmaster exit', '57P02'))).toBe(true);
    expect(isDatabaseOutage(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseOutage(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseOutage(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(isDatabaseOutage(withCode('database "relay" is not currently accepting connections', '55000'))).toBe(true);
    expect(isDatabaseOutage(withCode('database "relay" does not exist', '3D000'))).toBe(true);
    expect(isDatabaseOutage(withCode('cannot execute INSERT in a read-only transaction', '25006'))).toBe(true);
    expect(isDatabaseOutage(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all failed'))).toBe(true);
    expect(isDatabaseOutage(new Error('wrapped', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
  });

  it('does not count a wrong query, a broken constraint or a bug', () => {
    expect(isDatabaseOutage(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseOutage(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    // Words alone prove nothing: an error not marked by the driver's boundary is not an outage.
    expect(isDatabaseOutage(new Error('Connection terminated unexpectedly'))).toBe(false);
    // What the relay's own code throws while the driver reads rows is not the driver's failure.
    expect(isDatabaseOutage(connectionFailureOf(new RangeError('bigint 9007199254740993 exceeds the safe integer range')))).toBe(false);
    expect(isDatabaseOutage(connectionFailureOf(withCode('duplicate key value violates unique constraint', '23505')))).toBe(false);
    expect(isDatabaseOutage('a string')).toBe(false);
  });

  it('counts SQLite busy past busy_timeout, as another process holding the write lock causes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-outage-'));
    const holder = new Database(join(dir, 'db.sqlite'));
    const waiter = new Database(join(dir, 'db.sqlite'), { timeout: 0 });
    try {
      holder.exec('create table t (x)');
      holder.exec('begin immediate');
      let error: unknown;
      try {
        waiter.exec('begin immediate');
      } catch (e) {
        error = e;
      }
      expect(isDatabaseOutage(error)).toBe(true);
      expect(isDatabaseOutage(((): unknown => {
        try {
          waiter.exec('select * from missing_table');
        } catch (e) {
          return e;
        }
      })())).toBe(false);
    } finally {
      holder.close();
      waiter.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a reason with the code, without repeating it', () => {
    expect(outageReason(withCode('read ECONNRESET', 'ECONNRESET'))).toBe('read ECONNRESET');
    expect(outageReason(withCode('terminating connection', '57P01'))).toBe('57P01: terminating connection');
    expect(outageReason(new Error('outer', { cause: new Error('Connection terminated unexpectedly') }))).toBe('Connection terminated unexpectedly');
    expect(outageReason(connectionFailureOf(new Error('Connection terminated unexpectedly')))).toBe('Connection terminated unexpectedly');
  });
});
