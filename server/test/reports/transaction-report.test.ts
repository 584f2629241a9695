// Transaction reports (GET /v1/query) on SQLite and PostgreSQL: by reference, by date range with
// paging and filters, follow-ups included on request, 700.400.580 when nothing is found, and pages
// that hold still while payments are being added.

import { writePayment } from '../../src/storage/writes/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCard, type TestRelay } from '../helper.js';
import { DATABASES, startRelayOn } from './relays.js';
import { paymentRecord } from './payment-rows.js';

const HOUR = 60 * 60 * 1000;

describe.each(DATABASES)('transaction reports on %s', (kind) => {
  let relay: TestRelay;
  const entityId = () => relay.merchant.entityId;
  const pay = (extra: Record<string, string> = {}) =>
    relay.post('/v1/payments', { entityId: entityId(), amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra });
  const query = (q: string) => relay.get(`/v1/query?entityId=${entityId()}&${q}`);

  beforeAll(async () => {
    relay = await startRelayOn(kind);
  });
  afterAll(async () => relay.close());

  it('finds every payment of a merchant reference, follow-ups inheriting it', async () => {
    const debit = (await pay({ merchantTransactionId: 'order-0001' })).json();
    relay.clock.advance(1000);
    const refund = (await relay.post(`/v1/payments/${debit.id}`, { entityId: entityId(), paymentType: 'RF', amount: '4.00', currency: 'EUR' })).json();
    await pay({ merchantTransactionId: 'order-0002' });

    const res = await query('merchantTransactionId=order-0001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.code).toBe('000.000.100');
    expect(body.payments.map((p: { id: string }) => p.id)).toEqual([debit.id, refund.id]);
    expect(body.payments[0]).toMatchObject({ paymentType: 'DB', amount: '10.00', merchantTransactionId: 'order-0001', timestamp: '2026-11-22 12:00:00+0000' });
    expect(body.payments[1]).toMatchObject({ paymentType: 'RF', referencedId: debit.id, timestamp: '2026-11-22 12:00:01+0000' });
  });

  it('answers 400 with 700.400.580 when nothing is found, for a reference and for an id', async () => {
    const none = await query('merchantTransactionId=order-none');
    expect(none.statusCode).toBe(400);
    expect(none.json().result).toMatchObject({ code: '700.400.580', description: 'cannot find transaction' });

    // Integrations read a random id as their connection check.
    const unknown = await relay.get(`/v1/query/0123456789abcdef0123456789abcdef?entityId=${entityId()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().result.code).toBe('700.400.580');
    // Another entity's payment is unknown too; the entity's own is read.
    const own = (await pay()).json();
    const other = await relay.addMerchant();
    const foreign = await relay.get(`/v1/query/${own.id}?entityId=${other.entityId}`, { token: other.token });
    expect(foreign.json().result.code).toBe('700.400.580');
    expect((await relay.get(`/v1/query/${own.id}?entityId=${entityId()}`)).json()).toMatchObject({ id: own.id });
    // /v1/payments/{id} keeps its 404.
    expect((await relay.get(`/v1/payments/0123456789abcdef0123456789abcdef?entityId=${entityId()}`)).statusCode).toBe(404);
  });

  it('pages a date range, filters by type and method, and adds follow-ups on request', async () => {
    const entity = await relay.addEntity(relay.merchant.merchantId);
    const at = (h: number) => Date.UTC(2026, 10, 20, h, 0, 0);
    const rows = [
      paymentRecord({ entityId: entity, createdAt: at(1), paymentType: 'PA' }),
      paymentRecord({ entityId: entity, createdAt: at(2), paymentType: 'DB' }),
      paymentRecord({ entityId: entity, createdAt: at(3), paymentType: 'DB', paymentBrand: 'BOLETO' }),
      paymentRecord({ entityId: entity, createdAt: at(4), paymentType: 'DB' }),
      paymentRecord({ entityId: entity, createdAt: Date.UTC(2026, 10, 21, 0, 0, 0), paymentType: 'DB' }),
    ];
    const [pa] = rows;
    const capture = paymentRecord({ entityId: entity, createdAt: at(5), paymentType: 'CP', referencedId: pa?.id ?? null });
    const refund = paymentRecord({ entityId: entity, createdAt: at(6), paymentType: 'RF', referencedId: capture.id });
    await relay.ctx.store.transaction(async (tx) => {
      for (const p of [...rows, capture, refund]) await tx.payments.insert(p);
    });
    const q = (extra: string) => relay.get(`/v1/query?entityId=${entity}&date.from=2026-11-20&date.to=2026-11-20&${extra}`);

    const first = (await q('limit=2')).json();
    expect(first).toMatchObject({ result: { code: '000.000.100' }, pageNo: 1, pages: 3, limit: 2, total: 6 });
    expect(first.payments.map((p: { id: string }) => p.id)).toEqual(rows.slice(0, 2).map((p) => p.id));
    const last = (await q('limit=2&pageNo=3')).json();
    expect(last.payments.map((p: { id: string }) => p.id)).toEqual([capture.id, refund.id]);
    expect((await q('limit=2&pageNo=4')).json().result.code).toBe('700.400.580');

    const debits = (await q('paymentTypes=DB')).json();
    expect(debits.payments).toHaveLength(3);
    expect((await q('paymentTypes=DB&paymentMethods=VO')).json().payments.map((p: { paymentBrand: string }) => p.paymentBrand)).toEqual(['BOLETO']);
    expect((await q('paymentMethods=WA')).json().result.code).toBe('700.400.580');

    const withLinks = (await q('paymentTypes=PA&includeLinkedTransactions=true')).json();
    expect(withLinks.payments).toHaveLength(1);
    expect(withLinks.payments[0].linkedTransactions.map((p: { id: string }) => p.id)).toEqual([capture.id, refund.id]);

    // Moments instead of days; more than 100 per page is never given.
    const moments = (await relay.get(`/v1/query?entityId=${entity}&date.from=2026-11-20%2002:00:00&date.to=2026-11-20%2003:00:00&limit=500`)).json();
    expect(moments).toMatchObject({ limit: 100, total: 2 });
  });

  it('refuses a range that is incomplete, reversed, too long or malformed, naming the parameter', async () => {
    const cases: [string, string][] = [
      ['date.from=2026-11-01', 'date.to'],
      ['date.from=2026-11-10&date.to=2026-11-09', 'date.to'],
      ['date.from=2026-10-01&date.to=2026-11-01', 'date.to'],
      ['date.from=2026-11-31&date.to=2026-12-01', 'date.from'],
      ['date.from=2026-11-01&date.to=2026-11-02&paymentTypes=XX', 'paymentTypes'],
    ];
    for (const [q, name] of cases) {
      const res = await query(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().result.code, q).toBe('200.300.404');
      expect(res.json().result.parameterErrors[0].name, q).toBe(name);
    }
  });

  it('shows a payment once it is older than the visibility delay', async () => {
    const entity = await relay.addMerchant();
    const made = (await relay.post('/v1/payments', { entityId: entity.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() }, { token: entity.token })).json();
    const today = `entityId=${entity.entityId}&date.from=2026-11-22&date.to=2026-11-22`;
    expect((await relay.get(`/v1/query?${today}`, { token: entity.token })).json().result.code).toBe('700.400.580');
    relay.clock.advance(relay.ctx.config.reports.visibilityDelayMs + 1);
    expect((await relay.get(`/v1/query?${today}`, { token: entity.token })).json().payments[0].id).toBe(made.id);
  });

  it('returns each of 10,000 payments exactly once while payments are being added', async () => {
    const entity = await relay.addEntity(relay.merchant.merchantId);
    const dayStart = Date.UTC(2026, 10, 23, 0, 0, 0);
    const existing = Array.from({ length: 10_000 }, (_, i) =>
      // Groups of four share a millisecond: the id orders them.
      paymentRecord({ entityId: entity, createdAt: dayStart + Math.floor(i / 4) * 6_000, paymentType: i % 3 === 0 ? 'PA' : 'DB' }),
    );
    await relay.ctx.store.transaction(async (tx) => {
      for (const p of existing) await tx.payments.insert(p);
    });
    relay.clock.set(dayStart + 20 * HOUR);

    const seen = new Map<string, number>();
    let added = 0;
    let pages = 1;
    for (let pageNo = 1; pageNo <= pages; pageNo++) {
      // Payments keep arriving while the merchant pages through the day.
      const arriving = Array.from({ length: 5 }, () => writePayment(relay.ctx.store, paymentRecord({ entityId: entity, createdAt: relay.clock.now() })));
      const [res] = await Promise.all([relay.get(`/v1/query?entityId=${entity}&date.from=2026-11-23&date.to=2026-11-23&pageNo=${pageNo}`), ...arriving]);
      added += arriving.length;
      relay.clock.advance(1_000);
      const body = res.json();
      expect(body.result.code).toBe('000.000.100');
      pages = body.pages;
      for (const p of body.payments as { id: string }[]) seen.set(p.id, (seen.get(p.id) ?? 0) + 1);
    }
    for (const p of existing) expect(seen.get(p.id), p.id).toBe(1);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    // Those added meanwhile came after the existing ones, once each where they were reached.
    expect(seen.size).toBeGreaterThanOrEqual(existing.length);
    expect(seen.size).toBeLessThanOrEqual(existing.length + added);
  }, 120_000);
});
