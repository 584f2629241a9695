// The lifecycle table: which follow-ups a payment allows, with which codes and which guard.
import { describe, expect, it } from 'vitest';
import { followUpHeadroom, PENDING_KINDS, PENDING_TRANSITIONS, planChargebackReversal, planFollowUp, planSettle, refusalCode, TRANSITIONS, type FollowUpRequest } from '../../src/domain/lifecycle.js';
import type { PaymentRecord } from '../../src/domain/records.js';

const T0 = Date.UTC(2026, 0, 1);
const CUTOFF = 72 * 3600_000;

function payment(over: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'a'.repeat(32), entityId: 'e'.repeat(32), paymentType: 'PA', paymentBrand: 'VISA', amount: 10_000, currency: 'EUR',
    status: 'success', resultCode: '000.100.110', referencedId: null, registrationId: null, checkoutId: null,
    capturedAmount: 0, refundedAmount: 0, reversed: false, responseJson: '{}', pendingJson: null, pendingKind: null, createdAt: T0, updatedAt: T0, ...over,
  };
}
const req = (op: FollowUpRequest['op'], amount?: number, over: Partial<FollowUpRequest> = {}): FollowUpRequest => ({ op, amount, currency: op === 'RV' ? undefined : 'EUR', now: T0 + 1000, reversalCutoffMs: CUTOFF, ...over });

describe('planFollowUp', () => {
  it('captures a successful PA up to what is left, never a DB', () => {
    const plan = planFollowUp(payment({ capturedAmount: 4000 }), req('CP', 6000));
    expect(plan).toMatchObject({ ok: true, amount: 6000, change: { add: { column: 'capturedAmount', amount: 6000, limit: 'amount' }, setReversed: false } });
    expect(planFollowUp(payment({ capturedAmount: 4000 }), req('CP', 6001))).toEqual({ ok: false, resultCode: '700.400.100' });
    expect(planFollowUp(payment({ paymentType: 'DB' }), req('CP', 100))).toEqual({ ok: false, resultCode: '700.400.100' });
  });

  it('refunds a DB or CD up to its amount and a PA up to what was captured', () => {
    expect(planFollowUp(payment({ paymentType: 'DB', refundedAmount: 5000 }), req('RF', 5000)).ok).toBe(true);
    expect(planFollowUp(payment({ paymentType: 'DB', refundedAmount: 5000 }), req('RF', 5001))).toEqual({ ok: false, resultCode: '700.400.200' });
    expect(planFollowUp(payment({ paymentType: 'CD' }), req('RF', 10_000)).ok).toBe(true);
    expect(planFollowUp(payment({ capturedAmount: 3000 }), req('RF', 3000))).toMatchObject({ ok: true, change: { add: { limit: 'capturedAmount' } } });
    expect(planFollowUp(payment({ capturedAmount: 3000 }), req('RF', 3001))).toEqual({ ok: false, resultCode: '700.400.200' });
  });

  it('reverses before the cut-off only, never after a refund, releasing what was not captured', () => {
    expect(planFollowUp(payment({ capturedAmount: 2500 }), req('RV'))).toMatchObject({ ok: true, amount: 7500, change: { setReversed: true, capturedEquals: 2500, requireZero: ['refundedAmount', 'chargebackAmount'] } });
    expect(planFollowUp(payment({ paymentType: 'DB', refundedAmount: 1 }), req('RV'))).toEqual({ ok: false, resultCode: '700.400.300' });
    // A PA captured in full (a paid voucher slip) has nothing left to release.
    expect(planFollowUp(payment({ capturedAmount: 10_000 }), req('RV'))).toEqual({ ok: false, resultCode: '700.400.300' });
    expect(planFollowUp(payment(), req('RV', undefined, { now: T0 + CUTOFF }))).toMatchObject({ ok: true, change: { notAfter: T0 + CUTOFF } });
    expect(planFollowUp(payment(), req('RV', undefined, { now: T0 + CUTOFF + 1 }))).toEqual({ ok: false, resultCode: '700.400.530' });
  });

  it('refuses anything on a reversed, declined or pending payment', () => {
    expect(planFollowUp(payment({ reversed: true }), req('CP', 1))).toEqual({ ok: false, resultCode: '700.400.100' });
    expect(planFollowUp(payment({ status: 'declined' }), req('RV'))).toEqual({ ok: false, resultCode: '700.400.300' });
    expect(planFollowUp(payment({ status: 'pending' }), req('CP', 1))).toEqual({ ok: false, resultCode: '700.400.570' });
  });

  it('refuses another currency than the reference, and non-positive amounts', () => {
    expect(planFollowUp(payment(), req('CP', 100, { currency: 'USD' }))).toEqual({ ok: false, resultCode: '700.100.500' });
    expect(planFollowUp(payment(), req('CP', 0))).toEqual({ ok: false, resultCode: '700.400.100' });
    expect(planFollowUp(payment(), req('CP', undefined))).toEqual({ ok: false, resultCode: '700.400.100' });
  });

  it('names one refusal code per operation, from the table', () => {
    for (const row of TRANSITIONS) expect(refusalCode(row.op)).toBe(row.refusal);
  });
});

describe('chargebacks in the table', () => {
  const db = (over: Partial<PaymentRecord> = {}) => payment({ paymentType: 'DB', ...over });

  it('charges back a DB up to what refunds and open chargebacks left, a PA up to what it captured', () => {
    expect(planFollowUp(db({ refundedAmount: 4000, chargebackAmount: 1000 }), req('CB', 5000))).toMatchObject({
      ok: true,
      amount: 5000,
      change: { add: { column: 'chargebackAmount', amount: 5000, limit: 'amount', alongside: 'refundedAmount' } },
    });
    expect(planFollowUp(db({ refundedAmount: 4000, chargebackAmount: 1000 }), req('CB', 5001))).toEqual({ ok: false, resultCode: '700.400.400' });
    expect(planFollowUp(payment({ capturedAmount: 3000 }), req('CB', 3001))).toEqual({ ok: false, resultCode: '700.400.400' });
    expect(planFollowUp(payment({ paymentType: 'CP' }), req('CB', 1))).toEqual({ ok: false, resultCode: '700.400.400' });
    expect(planFollowUp(db({ reversed: true }), req('CB', 1))).toEqual({ ok: false, resultCode: '700.400.400' });
  });

  it('refuses refunds and reversals of a payment with an open chargeback (700.300.600), through its captures too', () => {
    expect(planFollowUp(db({ chargebackAmount: 1 }), req('RF', 1))).toEqual({ ok: false, resultCode: '700.300.600' });
    expect(planFollowUp(db({ chargebackAmount: 1 }), req('RV'))).toEqual({ ok: false, resultCode: '700.300.600' });
    const pa = payment({ capturedAmount: 5000, chargebackAmount: 100 });
    const cp = payment({ id: 'c'.repeat(32), paymentType: 'CP', amount: 5000, referencedId: pa.id });
    expect(planFollowUp(cp, req('RF', 1), pa)).toEqual({ ok: false, resultCode: '700.300.600' });
    // Its guard holds on both rows.
    expect(planFollowUp(cp, req('RF', 1), { ...pa, chargebackAmount: 0 })).toMatchObject({ ok: true, change: { requireZero: ['chargebackAmount'] } });
    // A capture stays possible.
    expect(planFollowUp(payment({ chargebackAmount: 100, capturedAmount: 100 }), req('CP', 1)).ok).toBe(true);
  });

  it('reverses a chargeback of the payment once, releasing its amount', () => {
    const p = db({ chargebackAmount: 3000 });
    const cb = payment({ id: 'b'.repeat(32), paymentType: 'CB', amount: 3000, referencedId: p.id });
    expect(planChargebackReversal(p, cb)).toMatchObject({ ok: true, amount: 3000, change: { release: { column: 'chargebackAmount', amount: 3000 }, reverseRecord: { id: cb.id, paymentType: 'CB' } } });
    expect(planChargebackReversal(p, { ...cb, reversed: true })).toEqual({ ok: false, resultCode: '700.400.410' });
    expect(planChargebackReversal(p, undefined)).toEqual({ ok: false, resultCode: '700.400.420' });
    expect(planChargebackReversal(p, { ...cb, referencedId: 'x'.repeat(32) })).toEqual({ ok: false, resultCode: '700.400.420' });
    expect(planChargebackReversal(p, { ...cb, paymentType: 'RF' })).toEqual({ ok: false, resultCode: '700.400.420' });
    // A CR is never planned as a plain follow-up: it needs its chargeback.
    expect(planFollowUp(p, req('CR')).ok).toBe(false);
  });
});

describe('planSettle', () => {
  const pending = payment({ status: 'pending', pendingKind: 'three-d-secure' });

  it('settles a pending payment by a row of the table for its kind', () => {
    expect(planSettle(pending, 'confirm')).toEqual({ ok: true, change: { from: 'pending', to: 'success', pendingKind: 'three-d-secure', event: 'confirm' } });
    expect(planSettle(pending, 'fail')).toEqual({ ok: true, change: { from: 'pending', to: 'declined', pendingKind: 'three-d-secure', event: 'fail' } });
    expect(planSettle(pending, 'expire')).toEqual({ ok: true, change: { from: 'pending', to: 'declined', pendingKind: 'three-d-secure', event: 'expire' } });
  });

  it('names confirm, fail and expire for every kind of pending payment', () => {
    for (const kind of PENDING_KINDS) {
      for (const event of ['confirm', 'fail', 'expire'] as const) {
        const plan = planSettle(payment({ status: 'pending', pendingKind: kind }), event);
        const row = PENDING_TRANSITIONS.find((t) => t.kind === kind && t.on === event);
        // Every kind has a way out for every event: a missing row would leave a payment pending forever.
        expect(row, `${kind} on ${event}`).toBeDefined();
        // A slip's confirmation is made by its RC record (the store writes both, or neither).
        expect(plan).toEqual({ ok: true, change: { from: 'pending', to: row?.to, pendingKind: kind, event, ...(row?.confirmedBy ? { confirmedBy: row.confirmedBy } : {}) } });
        if (kind === 'slip' && event === 'confirm') expect(row?.confirmedBy).toBe('RC');
      }
    }
  });

  it('refuses every change out of success or declined, and a pending payment of no kind', () => {
    for (const status of ['success', 'declined'] as const) {
      for (const event of ['confirm', 'fail', 'expire'] as const) expect(planSettle(payment({ status, pendingKind: 'three-d-secure' }), event)).toEqual({ ok: false });
    }
    expect(planSettle(payment({ status: 'pending', pendingKind: null }), 'confirm')).toEqual({ ok: false });
  });
});

describe('followUpHeadroom', () => {
  it('is the most the table would accept now: what is left to capture, to refund, and a capture\'s refund bound by its PA too', () => {
    const pa = payment({ capturedAmount: 6_000, refundedAmount: 1_000 });
    expect(followUpHeadroom(pa, 'CP')).toBe(4_000);
    expect(followUpHeadroom(pa, 'RF')).toBe(5_000);
    expect(planFollowUp(pa, req('RF', 5_000)).ok).toBe(true);
    expect(planFollowUp(pa, req('RF', 5_001)).ok).toBe(false);
    const capture = payment({ id: 'c'.repeat(32), paymentType: 'CP', amount: 6_000, referencedId: pa.id });
    expect(followUpHeadroom(capture, 'RF', pa)).toBe(5_000);
    expect(followUpHeadroom(payment({ paymentType: 'DB', chargebackAmount: 2_000 }), 'CB')).toBe(8_000);
    // A reversal takes no amount; a DB is never captured.
    expect(followUpHeadroom(pa, 'RV')).toBeUndefined();
    expect(followUpHeadroom(payment({ paymentType: 'DB' }), 'CP')).toBeUndefined();
  });
});
