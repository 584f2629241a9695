// Two relay processes on one PostgreSQL database (issue 14 R): chargebacks sent to one relay
// racing refunds sent to the other leave refunds plus open chargebacks within the payment; a
// shopper approving redirect payments on one relay while the other relay's test clock expires
// them ends each payment exactly once, with exactly one settlement event; a redirect payment of a
// relay killed afterwards expires on the other.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD, postgresUnreachable, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const pgReason = await postgresUnreachable();
if (pgReason !== undefined && !required) console.warn(`SKIPPED: redirects and chargebacks on two relays: PostgreSQL unreachable (${pgReason})`);

describe.skipIf(pgReason !== undefined && !required)('redirects and chargebacks on two relays on one PostgreSQL database', () => {
  let cluster: RelayCluster;
  let db: pg.Client;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    if (pgReason !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${pgReason}`);
    receiver = await startReceiver();
    cluster = await startCluster('postgres', 2, { THROTTLE_PAYMENTS: '0', THROTTLE_FOLLOW_UPS: '0', REDIRECT_EXPIRY_MINUTES: '10' });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    // An endpoint that wants the settlement events: the relays keep an event only then.
    const [a] = cluster.apis;
    if (!a) throw new Error('two relays');
    const created = await a.request('POST', '/v1/webhooks', { entityId: a.credentials.entityId, url: receiver.url, eventTypes: 'PAYMENT' });
    expect(created.json.state).toBe('active');
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.close();
    await receiver?.close();
  }, 60_000);

  it('chargebacks on one relay racing refunds on the other never take more than the payment', async () => {
    const [a, b] = cluster.apis;
    if (!a || !b) throw new Error('two relays');
    const entityId = a.credentials.entityId;
    for (let round = 0; round < 3; round++) {
      const payment = await a.request('POST', '/v1/payments', { entityId, amount: '100.00', currency: 'EUR', paymentType: 'DB', ...CARD });
      expect(payment.status).toBe(200);
      const id = payment.json.id as string;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? a.request('POST', `/v1/test/payments/${id}/chargeback`, { entityId, amount: '30.00', currency: 'EUR', reasonCode: '000.100.220' })
            : b.request('POST', `/v1/payments/${id}`, { entityId, amount: '30.00', currency: 'EUR', paymentType: 'RF' }),
        ),
      );
      for (const r of answers) expect([200, 400], JSON.stringify(r.json)).toContain(r.status);
      const row = (await db.query<{ refunded_amount: string; chargeback_amount: string }>('select refunded_amount, chargeback_amount from payments where id = $1', [id])).rows[0];
      const records = (await db.query<{ payment_type: string; n: string }>('select payment_type, count(*) as n from payments where referenced_id = $1 group by payment_type', [id])).rows;
      const countOf = (type: string) => Number(records.find((r) => r.payment_type === type)?.n ?? 0);
      expect(Number(row?.refunded_amount)).toBe(3000 * countOf('RF'));
      expect(Number(row?.chargeback_amount)).toBe(3000 * countOf('CB'));
      expect(Number(row?.refunded_amount) + Number(row?.chargeback_amount)).toBeLessThanOrEqual(10_000);
      expect(countOf('RF') + countOf('CB')).toBe(answers.filter((r) => r.status === 200).length);
    }
  });

  it('an approve on one relay racing the expiry on the other ends each redirect payment once', async () => {
    const [a, b] = cluster.apis;
    if (!a || !b) throw new Error('two relays');
    const entityId = a.credentials.entityId;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await (i % 2 ? a : b).request('POST', '/v1/payments', { entityId, amount: '15.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'IDEAL', shopperResultUrl: 'https://shop.example/return' });
      expect(r.json.result).toMatchObject({ code: '000.200.000' });
      ids.push(r.json.id as string);
    }
    const later = new Date(Date.now() + 11 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    const approvals = ids.map((id) =>
      fetch(`${a.url}/v1/redirect/${id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'answer=approve' }),
    );
    const [clock, ...answers] = await Promise.all([b.request('POST', '/v1/test/clock', { entityId, time: later }), ...approvals]);
    expect(clock.status, JSON.stringify(clock.json)).toBe(200);
    for (const r of answers) expect(r.status).toBe(303);
    const rows = (await db.query<{ id: string; status: string; result_code: string }>('select id, status, result_code from payments where id = any($1)', [ids])).rows;
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect([['success', '000.100.110'], ['declined', '100.396.103']]).toContainEqual([row.status, row.result_code]);
    }
    const expired = rows.filter((r) => r.status === 'declined').length;
    expect((clock.json.ran as { redirectExpiries: number }).redirectExpiries).toBe(expired);
    const events = (await db.query<{ record_id: string; n: string }>(`select record_id, count(*) as n from webhook_events where action = 'UPDATED' and record_id = any($1) group by record_id`, [ids])).rows;
    expect(events.map((e) => [e.record_id, Number(e.n)]).sort()).toEqual(ids.map((id) => [id, 1]).sort());
  });

  it('a redirect payment made on a relay killed afterwards still expires on the other, and its page works there', async () => {
    const victim = await cluster.start('relay-victim');
    const [, b] = cluster.apis;
    if (!b) throw new Error('two relays');
    const entityId = b.credentials.entityId;
    const made = await fetch(`${victim.url}/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${victim.credentials.accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ entityId, amount: '9.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'PAYPAL', shopperResultUrl: 'https://shop.example/return' }).toString(),
    });
    const id = ((await made.json()) as { id: string }).id;
    await victim.kill();
    // Nothing of it lived only in the dead relay: the other relay's test clock expires it.
    const later = new Date(Date.now() + 30 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    const clock = await b.request('POST', '/v1/test/clock', { entityId, time: later });
    expect(clock.json.ran).toMatchObject({ redirectExpiries: 1 });
    const late = await fetch(`${b.url}/v1/redirect/${id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'answer=approve' });
    expect(late.status).toBe(303);
    expect((await b.request('GET', `/v1/payments/${id}?entityId=${entityId}`)).json.result).toMatchObject({ code: '100.396.103' });
  }, 90_000);
});
