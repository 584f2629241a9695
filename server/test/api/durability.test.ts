// F2: every payment acknowledged with 2xx before a SIGKILL exists after restart. The real relay
// process on the embedded store, over real HTTP, killed while payments are in flight.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RelayApi } from '../../../e2e/support/relay-api.js';
import { startRelay, type RelayProcess } from '../../../e2e/support/relay-process.js';
import { testCard } from '../helper.js';

const ACKNOWLEDGED_BEFORE_KILL = 60;
const IN_FLIGHT = 24;

const started: RelayProcess[] = [];
let dataDir = '';
afterAll(async () => {
  for (const relay of started) await relay.stop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a relay killed with payments in flight (F2)', () => {
  it('still has every payment it acknowledged', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paywidgets-f2-'));
    const logDir = join(dataDir, 'logs');
    const first = await startRelay({ logDir, name: 'before-kill', dataDir });
    started.push(first);
    const api = new RelayApi(first.url, first.credentials);
    const { entityId } = first.credentials;

    const acknowledged = new Map<string, string>();
    let n = 0;
    let killing: Promise<void> | undefined;
    const worker = async (): Promise<void> => {
      while (!killing) {
        const amount = `${10 + n++}.00`;
        let answer: Awaited<ReturnType<RelayApi['request']>>;
        try {
          answer = await api.request('POST', '/v1/payments', { entityId, amount, currency: 'EUR', paymentBrand: 'VISA', paymentType: 'DB', ...testCard() });
        } catch {
          return; // the relay is gone
        }
        if (answer.status !== 200) continue;
        acknowledged.set(answer.json.id as string, amount);
        if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL) killing ??= first.kill();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const second = await startRelay({ logDir, name: 'after-kill', dataDir });
    started.push(second);
    const after = new RelayApi(second.url, second.credentials);
    for (const [id, amount] of acknowledged) {
      const answer = await after.request('GET', `/v1/payments/${id}`, { entityId });
      expect(answer.status, `payment ${id}`).toBe(200);
      expect(answer.json.amount).toBe(amount);
    }
  });
});
