// A backup taken while a relay runs, restored, and a second relay started on it (docs/backups.md):
// real relay processes, real HTTP with the test merchant, real databases. On PostgreSQL the backup
// is pg_dump -Fc of the running relay's database, restored with pg_restore into a fresh database;
// on SQLite it is `npm run relay -- backup` (SQLite's online backup API), put in place as
// relay.sqlite in a new data folder; both are taken while payments keep coming. Either way the new relay gets the same
// card key and nothing else, and answers every payment, stored card and schedule as the first did;
// a REPEATED payment with a restored stored card succeeds, so the card numbers decrypt.
//
// The backup also holds work a relay was in the middle of: a job it had claimed and a request's
// idempotency claim, both of a relay that is gone (planted as its, with leases that have run out;
// the first relay runs no jobs, so nothing takes them over before the backup). The restored relay
// takes both over: the key is free again for the client's retry, and the job runs.

import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD, POSTGRES_URL, postgresUnreachable, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';
import { RelayApi } from '../../../e2e/support/relay-api.js';
import { startRelay, type RelayProcess } from '../../../e2e/support/relay-process.js';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { CardVault } from '../../src/crypto/card-vault.js';
import { CARD_KEY_FILE, loadCardKey } from '../../src/crypto/keys.js';
import { jobRecord } from '../../src/domain/job.js';
import { requestHash } from '../../src/http/idempotency.js';
import { JOB_KINDS } from '../../src/app/job-kinds.js';
import { SQLITE_FILE } from '../../src/storage/index.js';
import { TEST_MERCHANT_FILE } from '../../src/merchants/bootstrap.js';
import { runCli } from '../support/cli-process.js';
import { pgTool, runPgTool } from '../support/pg-tools.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const pgReason = await postgresUnreachable();
if (pgReason !== undefined && !required) console.warn(`SKIPPED: backup and restore on PostgreSQL: PostgreSQL is unreachable (${pgReason})`);

/** Every limit off: the tests pay in a loop while the backup runs. */
const UNTHROTTLED = { THROTTLE_PAYMENTS: '0', THROTTLE_FOLLOW_UPS: '0', THROTTLE_REGISTRATIONS: '0', THROTTLE_READS: '0' };

/** What the first relay was asked to do, and how it answered each read. */
interface Made {
  payments: Map<string, Record<string, unknown>>;
  registrations: Map<string, Record<string, unknown>>;
  schedules: Map<string, Record<string, unknown>>;
}

async function ok(answer: Promise<{ status: number; json: Record<string, unknown> }>, what: string): Promise<Record<string, unknown>> {
  const { status, json } = await answer;
  expect(status, `${what}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** A debit with a refund, a preauthorization with its capture, stored cards, and schedules on them. */
async function makeActivity(api: RelayApi): Promise<Made> {
  const entityId = api.credentials.entityId;
  const ids = { payments: [] as string[], registrations: [] as string[], schedules: [] as string[] };
  const pay = async (params: Record<string, string>, what: string) => {
    const json = await ok(api.request('POST', '/v1/payments', { entityId, currency: 'EUR', ...params }), what);
    ids.payments.push(json.id as string);
    return json;
  };
  const debit = await pay({ amount: '12.50', paymentType: 'DB', ...CARD }, 'debit');
  const refund = await ok(api.request('POST', `/v1/payments/${debit.id as string}`, { entityId, amount: '2.50', currency: 'EUR', paymentType: 'RF' }), 'refund');
  ids.payments.push(refund.id as string);
  const preauthorization = await pay({ amount: '40.00', paymentType: 'PA', ...CARD }, 'preauthorization');
  const capture = await ok(api.request('POST', `/v1/payments/${preauthorization.id as string}`, { entityId, amount: '40.00', currency: 'EUR', paymentType: 'CP' }), 'capture');
  ids.payments.push(capture.id as string);
  // A card stored on its own, and one stored by its first payment.
  const stored = await ok(api.request('POST', '/v1/registrations', { entityId, ...CARD }), 'registration');
  ids.registrations.push(stored.id as string);
  const initial = await pay({ amount: '9.99', paymentType: 'DB', createRegistration: 'true', recurringType: 'INITIAL', ...CARD, 'card.number': '5454545454545454', paymentBrand: 'MASTER' }, 'initial payment');
  ids.registrations.push(initial.registrationId as string);
  for (const registrationId of ids.registrations) {
    // Its first run far ahead: nothing comes due while the test runs, so the schedule reads the same before and after.
    const schedule = await ok(
      api.request('POST', '/scheduling/v1/schedules', { entityId, registrationId, amount: '19.99', currency: 'EUR', paymentType: 'DB', 'job.expression': '0 0 8 1 * ? 2099' }),
      'schedule',
    );
    ids.schedules.push(schedule.id as string);
  }
  return {
    payments: await readAll(api, '/v1/payments', ids.payments),
    registrations: await readAll(api, '/v1/registrations', ids.registrations),
    schedules: await readAll(api, '/scheduling/v1/schedules', ids.schedules),
  };
}

/** GET of each id under `path`, as the relay answers it. */
async function readAll(api: RelayApi, path: string, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const read = new Map<string, Record<string, unknown>>();
  for (const id of ids) read.set(id, await ok(api.request('GET', `${path}/${id}`, { entityId: api.credentials.entityId }), `GET ${path}/${id}`));
  return read;
}

/** Fields of an answer that describe the answer rather than the record: when and by what it was sent. */
function record(answer: Record<string, unknown>): Record<string, unknown> {
  const { timestamp: _timestamp, ndc: _ndc, buildNumber: _buildNumber, ...rest } = answer;
  return rest;
}

/** The restored relay answers every read as the first relay did, and charges a restored stored card. */
async function expectRestored(api: RelayApi, made: Made): Promise<void> {
  for (const [path, answers] of [
    ['/v1/payments', made.payments],
    ['/v1/registrations', made.registrations],
    ['/scheduling/v1/schedules', made.schedules],
  ] as const) {
    const again = await readAll(api, path, [...answers.keys()]);
    for (const [id, before] of answers) expect(record(again.get(id) ?? {}), `${path}/${id}`).toEqual(record(before));
  }
  for (const [registrationId, registration] of made.registrations) {
    // The relay opens the sealed card number to charge it: only with the card key the backup was made with.
    const repeated = await ok(
      api.request('POST', `/v1/registrations/${registrationId}/payments`, { entityId: api.credentials.entityId, amount: '7.00', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' }),
      `repeated payment with ${registrationId}`,
    );
    expect((repeated.result as { code: string }).code).toBe('000.100.110');
    expect(repeated.card).toMatchObject({ bin: (registration.card as { bin: string }).bin, last4Digits: (registration.card as { last4Digits: string }).last4Digits });
  }
}

/**
 * Runs `backup` while the relay keeps taking payments, one after the other: a backup is taken from
 * a store in use, and is one consistent moment of it all the same.
 */
async function whilePaying<T>(api: RelayApi, backup: () => Promise<T>): Promise<T> {
  let paying = true;
  const payments = (async () => {
    let paid = 0;
    while (paying) {
      await ok(api.request('POST', '/v1/payments', { entityId: api.credentials.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB', ...CARD }), 'payment during the backup');
      paid++;
    }
    return paid;
  })();
  try {
    return await backup();
  } finally {
    paying = false;
    expect(await payments).toBeGreaterThan(0);
  }
}

/** The relay that held the in-flight work in the backup, and is gone when it is restored. */
const GONE_RELAY = 'relay-gone';

interface InFlight {
  /** A probe job claimed by the gone relay. */
  jobId: string;
  /** A payment request whose Idempotency-Key the gone relay had claimed and never answered. */
  key: string;
  params: Record<string, string>;
}

/**
 * Writes, as the gone relay would have, a claimed job and an unanswered request's claim, both with
 * leases that run out at once; checks that the running relay holds the key as in progress.
 */
async function plantInFlight(cluster: RelayCluster, api: RelayApi): Promise<InFlight> {
  const store = await cluster.openStore();
  const now = Date.now();
  const job = jobRecord({ kind: JOB_KINDS.probe, payload: null, runAt: now }, now, 5);
  await store.jobs.enqueue([job]);
  const claimed = await store.jobs.claim(GONE_RELAY, now, now, 100);
  expect(claimed.map((j) => j.id)).toContain(job.id);

  const key = `in-flight-${randomBytes(4).toString('hex')}`;
  const params = { entityId: api.credentials.entityId, amount: '3.00', currency: 'EUR', paymentType: 'DB', ...CARD };
  // The digest the relay makes of this request, keyed by the card key, so the claim is this request's.
  const hash = requestHash(new CardVault(loadCardKey({ cardKeyHex: '', dataDir: cluster.dataDir })).requestDigest(), 'POST', '/v1/payments', new Map(Object.entries(params)));
  expect(await store.idempotency.claim(params.entityId, key, hash, now, 0, { owner: GONE_RELAY, leaseUntil: now })).toEqual({ kind: 'claimed' });
  const held = await api.request('POST', '/v1/payments', params, { 'idempotency-key': key });
  expect({ status: held.status, code: (held.json.result as { code: string }).code }).toEqual({ status: 409, code: '800.110.100' });
  return { jobId: job.id, key, params };
}

/** The restored relay freed the key (the retry pays) and ran the job once. */
async function expectInFlightTakenOver(api: RelayApi, inFlight: InFlight, probeLog: string, relayId: string): Promise<void> {
  const retry = await ok(api.request('POST', '/v1/payments', inFlight.params, { 'idempotency-key': inFlight.key }), 'retry of the request in flight');
  expect((retry.result as { code: string }).code).toBe('000.100.110');
  const runs = (): string[] => (existsSync(probeLog) ? readFileSync(probeLog, 'utf8').split('\n').filter((line) => line.startsWith(`${inFlight.jobId} `)) : []);
  await waitUntil(async () => (runs().length > 0 ? true : undefined), { what: `job ${inFlight.jobId} run by the restored relay`, timeoutMs: 60_000 });
  expect(runs()).toEqual([`${inFlight.jobId} ${relayId}`]);
}

/** A new data folder holding only the card key (and the test merchant's credentials, which the harness reads). */
function dataFolderWithKeyOf(from: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-restored-'));
  copyFileSync(join(from, CARD_KEY_FILE), join(dir, CARD_KEY_FILE));
  copyFileSync(join(from, TEST_MERCHANT_FILE), join(dir, TEST_MERCHANT_FILE));
  return dir;
}

describe.skipIf(pgReason !== undefined && !required)('a PostgreSQL backup (pg_dump -Fc of a running relay) restored with pg_restore', () => {
  let cluster: RelayCluster;
  let restored: RelayProcess | undefined;
  const target = `pw_restored_${randomBytes(6).toString('hex')}`;
  let work: string | undefined;
  let dataDir: string | undefined;
  let targetCreated = false;

  const admin = async (text: string): Promise<void> => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (pgReason !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${pgReason}`);
    // Before anything starts: a machine without the client programs fails here, saying so.
    pgTool('pg_dump');
    pgTool('pg_restore');
    work = mkdtempSync(join(tmpdir(), 'pw-pg-backup-'));
    cluster = await startCluster('postgres', 1, { ...UNTHROTTLED, JOBS: 'off' });
  });
  afterAll(async () => {
    await restored?.stop();
    await cluster?.close();
    if (targetCreated) await admin(`drop database if exists ${target} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('gives back every payment, stored card and schedule, the stored cards pay again, and the work in flight is taken over', async () => {
    const [api] = cluster.apis;
    if (!api || !work) throw new Error('one relay and a folder for the backup');
    const made = await makeActivity(api);
    const inFlight = await plantInFlight(cluster, api);

    const dump = join(work, 'relay.dump');
    await whilePaying(api, () => runPgTool('pg_dump', ['--format=custom', `--file=${dump}`, cluster.databaseUrl]));
    await admin(`create database ${target}`);
    targetCreated = true;
    const targetUrl = new URL(cluster.databaseUrl);
    targetUrl.pathname = `/${target}`;
    await runPgTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${targetUrl.href}`, dump]);

    dataDir = dataFolderWithKeyOf(cluster.dataDir);
    const probeLog = join(work, 'probe.log');
    restored = await startRelay({ logDir: join(work, 'logs'), name: 'restored', dataDir, env: { ...UNTHROTTLED, DATABASE_URL: targetUrl.href, RELAY_ID: 'restored', RELAY_JOB_PROBE_LOG: probeLog } });
    const restoredApi = new RelayApi(restored.url, restored.credentials);
    await expectRestored(restoredApi, made);
    await expectInFlightTakenOver(restoredApi, inFlight, probeLog, 'restored');
  });
});

describe('an SQLite backup (`npm run relay -- backup`, online while the relay pays) put in place in a new data folder', () => {
  let cluster: RelayCluster;
  let restored: RelayProcess | undefined;
  let dataDir: string | undefined;
  let work: string | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pw-sqlite-backup-'));
    cluster = await startCluster('sqlite', 1, { ...UNTHROTTLED, JOBS: 'off' });
  });
  afterAll(async () => {
    await restored?.stop();
    await cluster?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('gives back every payment, stored card and schedule, the stored cards pay again, and the work in flight is taken over', async () => {
    const [api] = cluster.apis;
    if (!api || !work) throw new Error('one relay and a folder for the backup');
    const made = await makeActivity(api);
    const inFlight = await plantInFlight(cluster, api);

    const file = join(work, 'relay-backup.sqlite');
    const backup = await whilePaying(api, () => runCli(cluster.dataDir, 'backup', '--to', file));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, check: 'ok' });
    // One file: nothing of the backup is in a WAL beside it.
    expect(existsSync(`${file}-wal`)).toBe(false);

    dataDir = dataFolderWithKeyOf(cluster.dataDir);
    copyFileSync(file, join(dataDir, SQLITE_FILE));
    const probeLog = join(work, 'probe.log');
    restored = await startRelay({ logDir: join(work, 'logs'), name: 'restored', dataDir, env: { ...UNTHROTTLED, RELAY_ID: 'restored', RELAY_JOB_PROBE_LOG: probeLog } });
    const restoredApi = new RelayApi(restored.url, restored.credentials);
    await expectRestored(restoredApi, made);
    await expectInFlightTakenOver(restoredApi, inFlight, probeLog, 'restored');
  });
});
