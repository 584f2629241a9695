// F2: every payment acknowledged with 2xx before a SIGKILL exists after restart. The real relay
// process on the embedded store, over real HTTP, killed while payments are in flight.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRelay, type RelayProcess } from '../../../e2e/support/relay-process.js';

const ACKNOWLEDGED_BEFORE_KILL = 60;
const IN_FLIGHT = 24;

function paymentBody(entityId: string, n: number): string {
  return new URLSearchParams({
    entityId,
    amount: `${10 + n}.00`,
    currency: 'EUR',
    paymentBrand: 'VISA',
    paymentType: 'DB',
    'card.number': '4200000000000000',
    'card.holder': 'Jane Jones',
    'card.expiryMonth': '05',
    'card.expiryYear': '2034',
    'card.cvv': '123',
  }).toString();
}

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
    const { entityId, accessToken } = first.credentials;
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' };

    const acknowledged = new Map<string, string>();
    let n = 0;
    let killing: Promise<void> | undefined;
    const worker = async (): Promise<void> => {
      while (!killing) {
        const amount = `${10 + n}.00`;
        const body = paymentBody(entityId, n++);
        let res: Response;
        try {
          res = await fetch(`${first.url}/v1/payments`, { method: 'POST', headers, body });
        } catch {
          return; // the relay is gone
        }
        if (res.status !== 200) continue;
        const json = (await res.json()) as { id: string };
        acknowledged.set(json.id, amount);
        if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL) killing ??= first.kill();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const second = await startRelay({ logDir, name: 'after-kill', dataDir });
    started.push(second);
    for (const [id, amount] of acknowledged) {
      const res = await fetch(`${second.url}/v1/payments/${id}?entityId=${entityId}`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(res.status, `payment ${id}`).toBe(200);
      expect(((await res.json()) as { amount: string }).amount).toBe(amount);
    }
  });
});
