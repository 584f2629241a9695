// F1: the real relay process killed (SIGKILL, by itself, at a named failpoint) in the middle of a
// request carrying an Idempotency-Key, restarted on the same store, and retried with the same key:
// exactly one payment, one ledger entry, and an answer, never a key stuck in progress. What the
// simulator authorized for a request the relay never wrote is asked of it and voided.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayApi, type RelayResponse } from '../../../e2e/support/relay-api.js';
import { startRelay, type RelayProcess } from '../../../e2e/support/relay-process.js';
import { withStore } from '../../../e2e/support/relay-store.js';
import type { Failpoint } from '../../src/config/failpoint.js';
import { testCard } from '../helper.js';

const started: RelayProcess[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const relay of started.splice(0)) await relay.stop().catch(() => undefined);
  for (const dir of dataDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

interface Crashed {
  /** The relay after the restart, on the same store. */
  api: RelayApi;
  dataDir: string;
  entityId: string;
  logFile: string;
}

/**
 * Starts a relay that dies at `point`, runs `before` (requests without a key, which pass every
 * point), then sends `request` (with a key), which must die with the relay; restarts on the same store.
 */
async function crashAt(point: Failpoint, request: (api: RelayApi, entityId: string) => Promise<RelayResponse>, before?: (api: RelayApi, entityId: string) => Promise<void>): Promise<Crashed> {
  const dataDir = await mkdtemp(join(tmpdir(), 'paywidgets-f1-'));
  dataDirs.push(dataDir);
  const logDir = join(dataDir, 'logs');
  // The same relay, restarted: it keeps its id, so it takes back its own claims at once.
  const first = await startRelay({ logDir, name: `dies-${point}`, dataDir, env: { RELAY_FAILPOINTS: point, RELAY_ID: 'relay-f1' } });
  started.push(first);
  const { entityId } = first.credentials;
  const api = new RelayApi(first.url, first.credentials);
  await before?.(api, entityId);
  await expect(request(api, entityId), `the relay must die at ${point} before it answers`).rejects.toThrow();
  await first.kill();
  const second = await startRelay({ logDir, name: `after-${point}`, dataDir, env: { RELAY_ID: 'relay-f1' } });
  started.push(second);
  return { api: new RelayApi(second.url, second.credentials), dataDir, entityId, logFile: second.logFile };
}

const payment = (entityId: string, amount: string) => ({ entityId, amount, currency: 'EUR', paymentBrand: 'VISA', paymentType: 'DB', ...testCard() });

function paymentsOf(dataDir: string, entityId: string): { id: string; payment_type: string; amount: number }[] {
  return withStore(dataDir, (db) => db.prepare('select id, payment_type, amount from payments where entity_id = ? order by created_at, id').all(entityId)) as { id: string; payment_type: string; amount: number }[];
}

function journalOf(dataDir: string, entityId: string): { payment_id: string; state: string }[] {
  return withStore(dataDir, (db) => db.prepare('select payment_id, state from simulator_authorizations where entity_id = ? order by created_at, payment_id').all(entityId)) as { payment_id: string; state: string }[];
}

function claimOf(dataDir: string, entityId: string, key: string): string | undefined {
  const row = withStore(dataDir, (db) => db.prepare('select state from idempotency_keys where entity_id = ? and key = ?').get(entityId, key)) as { state: string } | undefined;
  return row?.state;
}

describe('a relay killed in the payment path, restarted, and retried with the same key (F1)', () => {
  it('after the claim: the key is freed at start-up and the retry pays once', { timeout: 120_000 }, async () => {
    const key = 'f1-after-claim';
    const pay = (api: RelayApi, entityId: string) => api.request('POST', '/v1/payments', payment(entityId, '12.34'), { 'Idempotency-Key': key });
    const { api, dataDir, entityId, logFile } = await crashAt('after-claim', pay);

    expect(claimOf(dataDir, entityId, key), 'no claim is left in progress after the restart').toBeUndefined();
    expect(await readFile(logFile, 'utf8')).toContain('request in doubt resolved');
    const retry = await pay(api, entityId);
    expect(retry.status).toBe(200);
    expect(paymentsOf(dataDir, entityId).map((p) => p.id)).toEqual([retry.json.id]);
    expect(journalOf(dataDir, entityId)).toEqual([{ payment_id: retry.json.id, state: 'approved' }]);
    const again = await pay(api, entityId);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(retry.json.id);
  });

  it('after the simulator answered, before the commit: the simulator voids its orphan approval and the retry pays once', { timeout: 120_000 }, async () => {
    const key = 'f1-after-authorize';
    const pay = (api: RelayApi, entityId: string) => api.request('POST', '/v1/payments', payment(entityId, '23.45'), { 'Idempotency-Key': key });
    const { api, dataDir, entityId } = await crashAt('after-authorize', pay);

    expect(paymentsOf(dataDir, entityId), 'the relay never wrote the payment').toEqual([]);
    const [orphan] = journalOf(dataDir, entityId);
    expect(orphan?.state, 'the approval the relay never wrote is voided at start-up').toBe('voided');
    const retry = await pay(api, entityId);
    expect(retry.status).toBe(200);
    expect(retry.json.id).not.toBe(orphan?.payment_id);
    expect(paymentsOf(dataDir, entityId).map((p) => p.id)).toEqual([retry.json.id]);
    expect(journalOf(dataDir, entityId)).toEqual([orphan, { payment_id: retry.json.id, state: 'approved' }]);
  });

  it('after the commit, before the response: the retry replays the answer written with the payment', { timeout: 120_000 }, async () => {
    const key = 'f1-after-commit';
    const pay = (api: RelayApi, entityId: string) => api.request('POST', '/v1/payments', payment(entityId, '34.56'), { 'Idempotency-Key': key });
    const { api, dataDir, entityId } = await crashAt('after-commit', pay);

    expect(claimOf(dataDir, entityId, key)).toBe('done');
    const [written] = paymentsOf(dataDir, entityId);
    const retry = await pay(api, entityId);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json.id).toBe(written?.id);
    expect(paymentsOf(dataDir, entityId)).toHaveLength(1);
    expect(journalOf(dataDir, entityId)).toEqual([{ payment_id: written?.id, state: 'approved' }]);
  });

  it('a refund committed before the crash is not made twice by its retry', { timeout: 120_000 }, async () => {
    const key = 'f1-refund';
    let debitId = '';
    const debit = async (api: RelayApi, entityId: string): Promise<void> => {
      const answer = await api.request('POST', '/v1/payments', payment(entityId, '50.00'));
      expect(answer.status).toBe(200);
      debitId = answer.json.id as string;
    };
    const refund = (api: RelayApi, entityId: string) =>
      api.request('POST', `/v1/payments/${debitId}`, { entityId, paymentType: 'RF', amount: '30.00', currency: 'EUR' }, { 'Idempotency-Key': key });
    const { api, dataDir, entityId } = await crashAt('after-commit', refund, debit);

    const retry = await refund(api, entityId);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(paymentsOf(dataDir, entityId).filter((p) => p.payment_type === 'RF')).toEqual([{ id: retry.json.id, payment_type: 'RF', amount: 3_000 }]);
    // The one refund is on the ledger: 20.00 is all that can still be refunded.
    const more = await api.request('POST', `/v1/payments/${debitId}`, { entityId, paymentType: 'RF', amount: '20.01', currency: 'EUR' });
    expect(more.status).toBe(400);
  });
});
