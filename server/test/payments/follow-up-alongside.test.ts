// The follow-up flow with statements alongside (what the back office writes as its audit row):
// they commit with the follow-up or not at all. A statement that fails leaves no record, no
// ledger change and no webhook event; one made for a record names that very record.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followUp } from '../../src/payments/follow-up.js';
import type { EntityRecord, PaymentRecord } from '../../src/domain/records.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;

beforeEach(async () => {
  relay = await startTestRelay();
});

afterEach(async () => {
  await relay.close();
});

async function entity(): Promise<EntityRecord> {
  const found = await relay.ctx.store.entities.find(relay.merchant.entityId);
  if (!found) throw new Error('the entity');
  return found;
}

async function authorization(): Promise<string> {
  const res = await relay.post('/v1/payments', { entityId: relay.merchant.entityId, amount: '100.00', currency: 'EUR', paymentType: 'PA', ...testCard() });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

const capture = (amount: string) => new Map([['paymentType', 'CP'], ['amount', amount], ['currency', 'EUR']]);

function auditRow(id: string, record: PaymentRecord | null) {
  return { id, merchantId: relay.merchant.merchantId, userId: null, at: relay.clock.now(), address: null, action: 'payment.capture', target: null, before: null, after: record && { recordId: record.id } };
}

describe('followUp with statements alongside', () => {
  it('writes them with the record they tell of', async () => {
    const pa = await authorization();
    let told: PaymentRecord | undefined;
    const outcome = await followUp(relay.ctx, await entity(), pa, capture('10.00'), undefined, {
      alongside: (record) => {
        told = record;
        return [relay.ctx.store.audit.appendStatement(auditRow('a1', record))];
      },
    });
    expect(outcome.kind).toBe('ok');
    expect(told?.id).toBe(outcome.body.id);
    expect((await relay.ctx.store.audit.list(relay.merchant.merchantId, {}, undefined, 10)).entries).toEqual([expect.objectContaining({ id: 'a1', after: { recordId: outcome.body.id } })]);
  });

  it('leaves neither the follow-up nor the row when one of them cannot be written', async () => {
    const pa = await authorization();
    await relay.ctx.store.audit.append(auditRow('taken', null));
    const events = await relay.ctx.store.webhooks.eventsOf(pa);
    await expect(
      followUp(relay.ctx, await entity(), pa, capture('10.00'), undefined, { alongside: () => [relay.ctx.store.audit.appendStatement(auditRow('taken', null))] }),
    ).rejects.toThrow();
    const family = await relay.ctx.store.payments.family(relay.merchant.entityId, pa);
    expect(family.map((r) => r.paymentType)).toEqual(['PA']);
    expect(family[0]?.capturedAmount).toBe(0);
    expect(await relay.ctx.store.webhooks.eventsOf(pa)).toEqual(events);
    expect((await relay.ctx.store.audit.list(relay.merchant.merchantId, {}, undefined, 10)).entries.map((e) => e.id)).toEqual(['taken']);
  });
});
