// A guard that fails by design leaves no customer's value in the PostgreSQL server's log. The
// server logs the text of every statement that fails (log_min_error_statement, `error` by default,
// set so here for the relay's sessions); the relay's statements carry their values as bound
// parameters, so that text holds placeholders, and the parameters of a failed statement are not
// logged (log_parameter_max_length_on_error, 0 by default). A relay whose every claim is lost
// (lost-claim-relay.ts) answers a payment by a customer with a name no one else uses 409, and the
// test reads what the server wrote meanwhile: the failed statement, and not the name.
//
// The log is found where the server says (pg_current_logfile() when its collector runs), else
// where its processes' standard error goes (a backend's /proc/PID/fd/2: on Debian, pg_ctlcluster
// points it at /var/log/postgresql/postgresql-VERSION-CLUSTER.log), else at that Debian path.
// Reading it needs the server on this machine and the right to read its log (root, or the adm
// group on Debian): without, the test fails under REQUIRE_POSTGRES=1 with the reason, and is
// skipped with a message otherwise.

import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readlinkSync, readSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';
import { startLostClaimRelay, type LostClaimRelay } from './lost-claim-relay.js';

const required = process.env.REQUIRE_POSTGRES === '1';

/** Where the server writes its log, or why it cannot be read from here. */
async function serverLog(): Promise<{ file: string } | { reason: string }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ current: string | null; data: string; pid: number; cluster: string; version: string }>(
      `select pg_current_logfile() as current, current_setting('data_directory') as data, pg_backend_pid() as pid,
              current_setting('cluster_name') as cluster, current_setting('server_version_num') as version`,
    );
    const server = rows[0];
    if (!server) return { reason: 'the server did not answer' };
    const candidates: string[] = [];
    if (server.current) candidates.push(isAbsolute(server.current) ? server.current : join(server.data, server.current));
    try {
      candidates.push(readlinkSync(`/proc/${server.pid}/fd/2`));
    } catch {
      // Not on this machine, or not ours to look into.
    }
    if (server.cluster) candidates.push(`/var/log/postgresql/postgresql-${server.cluster.replace('/', '-')}.log`);
    for (const file of candidates) {
      try {
        if (statSync(file).isFile()) {
          closeSync(openSync(file, 'r'));
          return { file };
        }
      } catch {
        // Try the next.
      }
    }
    return { reason: `no readable server log among ${candidates.length > 0 ? candidates.join(', ') : 'no candidate (is the server on another machine?)'}` };
  } finally {
    await client.end();
  }
}

/** What `file` holds from byte `from` on (from its start, if it was rotated meanwhile). */
function readFrom(file: string, from: number): string {
  const size = statSync(file).size;
  const start = size < from ? 0 : from;
  const buffer = Buffer.alloc(size - start);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

const unreachable = await postgresUnreachable();
const log = unreachable === undefined ? await serverLog() : { reason: `PostgreSQL is unreachable: ${unreachable}` };
if ('reason' in log && !required) console.warn(`SKIPPED: PostgreSQL server log test: ${log.reason}`);

describe.skipIf('reason' in log && !required)('a guard failing by design, in the PostgreSQL server log', () => {
  let relay: LostClaimRelay;

  beforeAll(async () => {
    if ('reason' in log) throw new Error(`the PostgreSQL server log cannot be read (REQUIRE_POSTGRES=1): ${log.reason}`);
    relay = await startLostClaimRelay(['log_min_error_statement=error']);
  });
  afterAll(async () => relay?.close());

  it("logs the failed statement with its placeholders, and none of the customer's values", async () => {
    if ('reason' in log) throw new Error(log.reason);
    const marker = randomBytes(6).toString('hex');
    const name = `Zoë Ünïque-Customer-${marker}`;
    const from = statSync(log.file).size;

    const res = await relay.pay(name);
    expect(res.statusCode).toBe(409);
    expect(res.json().result.code).toBe('800.110.100');

    // The guard's statement, as the server logged it: none of the values, which are there as $n.
    let written = '';
    await waitUntil(async () => ((written = readFrom(log.file, from)).includes('with guarded as (update "idempotency_keys" set') ? true : undefined), {
      timeoutMs: 5_000,
      what: 'the failed guard in the server log',
    });
    expect(written).not.toContain(marker);
    expect(written).not.toContain('zoe.unique@example.com');
    expect(written).toMatch(/with guarded as \(update "idempotency_keys" set [^\n]*"owner" = \$\d+/);
  });
});
