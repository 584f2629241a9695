// L5: a model-based property test. fast-check drives the real relay through HTTP with random
// sequences of payments, captures, refunds, reversals, retries with the same Idempotency-Key,
// parallel bursts, status reads and clock moves; after every step the relay must agree with a
// simple model and the ledger invariants must hold in the store. Counterexamples shrink; the seed
// is printed so a failure can be replayed with MODEL_SEED.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/domain/money.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

interface ModelPayment {
  id: string;
  type: 'PA' | 'DB';
  amount: number;
  captured: number;
  refunded: number;
  reversed: boolean;
  createdAt: number;
}

interface Model {
  payments: ModelPayment[];
  /** The last mutating request, replayable with its key until the key expires. */
  last: { key: string; url: string; form: Record<string, string>; status: number; body: string; sentAt: number } | null;
  /** Model time: the hours advanced so far, in ms. */
  now: number;
}

interface Real {
  relay: TestRelay;
}

/** Keys stay unique across runs: every run shares one relay and its idempotency store. */
let keyCounter = 0;

let relay: TestRelay;
const limits = { windowMs: 1000, payments: 1_000_000, followUps: 1_000_000, registrations: 1_000_000, checkouts: 1_000_000, reads: 1_000_000 };
beforeAll(async () => {
  relay = await startTestRelay({ throttle: limits });
});
afterAll(async () => relay.close());

const entity = () => relay.merchant.entityId;

async function send(r: Real, m: Model, url: string, form: Record<string, string>) {
  const key = `model-${(keyCounter += 1)}`;
  const res = await r.relay.post(url, form, { headers: { 'idempotency-key': key } });
  m.last = { key, url, form, status: res.statusCode, body: res.body, sentAt: m.now };
  return res;
}

/** The invariants of the security principles, read from the store itself. */
async function checkInvariants(r: Real, m: Model): Promise<void> {
  for (const p of m.payments) {
    const row = await r.relay.ctx.store.payments.find(entity(), p.id);
    expect(row).toBeDefined();
    if (!row) return;
    expect(row.capturedAmount).toBe(p.captured);
    expect(row.refundedAmount).toBe(p.refunded);
    expect(row.reversed).toBe(p.reversed);
    expect(row.capturedAmount).toBeLessThanOrEqual(row.amount);
    expect(row.refundedAmount).toBeLessThanOrEqual(p.type === 'PA' ? row.capturedAmount : row.amount);
  }
}

class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly type: 'PA' | 'DB', readonly amount: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await send(r, m, '/v1/payments', { entityId: entity(), amount: formatAmount(this.amount), currency: 'EUR', paymentType: this.type, paymentBrand: 'VISA', ...testCard() });
    expect(res.statusCode).toBe(200);
    m.payments.push({ id: res.json().id, type: this.type, amount: this.amount, captured: 0, refunded: 0, reversed: false, createdAt: r.relay.clock.now() });
    await checkInvariants(r, m);
  }
  toString = () => `Pay(${this.type}, ${this.amount})`;
}

type Op = 'CP' | 'RF' | 'RV';

/** What the model says a follow-up does: the new totals, or null when it must be refused. */
function predict(p: ModelPayment, op: Op, amount: number, now: number, cutoff: number): Partial<ModelPayment> | null {
  if (p.reversed) return null;
  if (op === 'CP') return p.type === 'PA' && p.captured + amount <= p.amount ? { captured: p.captured + amount } : null;
  if (op === 'RF') {
    const limit = p.type === 'PA' ? p.captured : p.amount;
    return p.refunded + amount <= limit ? { refunded: p.refunded + amount } : null;
  }
  return p.refunded === 0 && now <= p.createdAt + cutoff ? { reversed: true } : null;
}

class FollowUp implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly op: Op, readonly amount: number) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, r: Real) {
    const p = m.payments[this.index % m.payments.length];
    if (!p) return;
    const expected = predict(p, this.op, this.amount, r.relay.clock.now(), r.relay.ctx.config.reversalCutoffMs);
    const form: Record<string, string> = this.op === 'RV' ? { entityId: entity(), paymentType: 'RV' } : { entityId: entity(), paymentType: this.op, amount: formatAmount(this.amount), currency: 'EUR' };
    const res = await send(r, m, `/v1/payments/${p.id}`, form);
    expect(res.statusCode).toBe(expected ? 200 : 400);
    if (expected) Object.assign(p, expected);
    else expect(res.json().result.code).toMatch(/^700\./);
    await checkInvariants(r, m);
  }
  toString = () => `${this.op}(#${this.index}, ${this.amount})`;
}

class Burst implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly op: 'CP' | 'RF', readonly amount: number, readonly copies: number) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, r: Real) {
    const p = m.payments[this.index % m.payments.length];
    if (!p) return;
    const form = { entityId: entity(), paymentType: this.op, amount: formatAmount(this.amount), currency: 'EUR' };
    const results = await Promise.all(Array.from({ length: this.copies }, () => r.relay.post(`/v1/payments/${p.id}`, form)));
    expect(results.every((x) => x.statusCode === 200 || x.statusCode === 400)).toBe(true);
    // Sequentially, the model accepts copies while they fit; in parallel exactly as many succeed.
    let fits = 0;
    let state: ModelPayment = { ...p };
    for (let i = 0; i < this.copies; i++) {
      const next = predict(state, this.op, this.amount, r.relay.clock.now(), r.relay.ctx.config.reversalCutoffMs);
      if (!next) break;
      state = { ...state, ...next };
      fits += 1;
    }
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(fits);
    Object.assign(p, { captured: state.captured, refunded: state.refunded });
    m.last = null;
    await checkInvariants(r, m);
  }
  toString = () => `Burst(${this.op}, #${this.index}, ${this.amount} x${this.copies})`;
}

class Retry implements fc.AsyncCommand<Model, Real> {
  // A key is unused again once IDEMPOTENCY_TTL has passed (tested in housekeeping.test.ts).
  check = (m: Readonly<Model>) => m.last !== null && m.now - m.last.sentAt < relay.ctx.config.idempotencyTtlMs;
  async run(m: Model, r: Real) {
    const last = m.last;
    if (!last) return;
    const res = await r.relay.post(last.url, last.form, { headers: { 'idempotency-key': last.key } });
    expect(res.statusCode).toBe(last.status);
    const { buildNumber: _b, timestamp: _t, ndc: _n, ...again } = res.json();
    const { buildNumber: _b2, timestamp: _t2, ndc: _n2, ...first } = JSON.parse(last.body);
    expect(again).toEqual(first);
    await checkInvariants(r, m);
  }
  toString = () => 'Retry';
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, r: Real) {
    const p = m.payments[this.index % m.payments.length];
    if (!p) return;
    const res = await r.relay.get(`/v1/payments/${p.id}?entityId=${entity()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, paymentType: p.type, amount: formatAmount(p.amount) });
  }
  toString = () => `Read(#${this.index})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.now += this.hours * 3600_000;
    r.relay.clock.advance(this.hours * 3600_000);
  }
  toString = () => `Advance(${this.hours}h)`;
}

const amount = fc.integer({ min: 1, max: 20 }).map((n) => n * 500);
const commands = [
  fc.tuple(fc.constantFrom('PA' as const, 'DB' as const), amount).map(([t, a]) => new Pay(t, a)),
  fc.tuple(fc.nat(), fc.constantFrom('CP' as const, 'RF' as const, 'RV' as const), amount).map(([i, op, a]) => new FollowUp(i, op, a)),
  fc.tuple(fc.nat(), fc.constantFrom('CP' as const, 'RF' as const), amount, fc.integer({ min: 2, max: 8 })).map(([i, op, a, n]) => new Burst(i, op, a, n)),
  fc.constant(new Retry()),
  fc.nat().map((i) => new Read(i)),
  fc.integer({ min: 1, max: 48 }).map((h) => new Advance(h)),
];

describe('model-based (L5)', () => {
  it('keeps the relay in step with the model and the invariants after every step', async () => {
    const seed = process.env.MODEL_SEED ? Number.parseInt(process.env.MODEL_SEED, 10) : Date.now() % 2 ** 31;
    console.log(`model-based test seed: ${seed} (replay with MODEL_SEED=${seed})`);
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const real: Real = { relay };
        await fc.asyncModelRun(() => ({ model: { payments: [], last: null, now: 0 } as Model, real }), cmds);
      }),
      { numRuns: 50, seed, verbose: 1 },
    );
  }, 120_000);
});
