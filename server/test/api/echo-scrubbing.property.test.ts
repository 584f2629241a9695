// Property: no error answer carries a card number from the request, wherever the request put it
// (an unknown name, a value of a used parameter, glued by `;` into another value, a JSON body
// posted as a form, the path), spaced or not, with strict parameters or without (docs/security-cases.md B9).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '../../src/domain/card.js';
import { startTestRelay, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let strict: TestMerchant;
beforeAll(async () => {
  relay = await startTestRelay({ throttle: { windowMs: 1000, payments: 1_000_000, followUps: 1_000_000, registrations: 1_000_000, checkouts: 1_000_000, reads: 1_000_000 } });
  strict = await relay.addMerchant({ strictParameters: true });
});
afterAll(async () => relay.close());

/** A Luhn-valid number of 13 to 19 digits. */
const cardNumber = fc
  .tuple(fc.integer({ min: 13, max: 19 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }))
  .map(([length, digits]) => {
    const body = [1 + (digits[0] ?? 0) % 9, ...digits.slice(1, length - 1)].join('');
    const check = [...'0123456789'].find((d) => luhnValid(body + d));
    return body + (check ?? '0');
  });

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

type Placement = (card: string, entityId: string) => { method: 'GET' | 'POST'; url: string; body?: string };
const form = (pairs: Record<string, string>) => new URLSearchParams(pairs).toString();
const PAYMENT = { amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA' };

const PLACEMENTS: Record<string, Placement> = {
  'as cardNumber=': (c, e) => ({ method: 'POST', url: '/v1/payments', body: form({ entityId: e, ...PAYMENT, cardNumber: c }) }),
  'as a name': (c, e) => ({ method: 'POST', url: '/v1/payments', body: form({ entityId: e, ...PAYMENT, [c]: 'x' }) }),
  'as a bad amount': (c, e) => ({ method: 'POST', url: '/v1/payments', body: form({ entityId: e, ...PAYMENT, amount: c }) }),
  'spaced, as a bad currency': (c, e) => ({ method: 'POST', url: '/v1/payments', body: form({ entityId: e, ...PAYMENT, currency: spaced(c) }) }),
  'glued by ; into a value': (c, e) => ({ method: 'POST', url: '/v1/payments', body: form({ entityId: e, ...PAYMENT, paymentType: `DB;${c}` }) }),
  'in a JSON body posted as a form': (c, e) => ({ method: 'POST', url: '/v1/payments', body: `entityId=${e}&${JSON.stringify({ cardNumber: c, cvv: '123' })}` }),
  'in a bad path': (c, e) => ({ method: 'GET', url: `/v1/payments/${c}%ff?entityId=${e}` }),
  'in an over-long path': (c, e) => ({ method: 'GET', url: `/v1/payments/${c.repeat(8)}x?entityId=${e}` }),
  'in a query name': (c, e) => ({ method: 'GET', url: `/v1/payments/${'a'.repeat(32)}?entityId=${e}&${c}=1` }),
  'in a long value cut for the echo': (c, e) => ({ method: 'POST', url: '/v1/payments', body: form({ entityId: e, ...PAYMENT, currency: `${'x'.repeat(245)};${c}` }) }),
};

/** Maximal digit runs (spaces and hyphens between digits allowed) of 13-19 digits passing Luhn. */
function cardLikeRuns(text: string): string[] {
  return [...text.matchAll(/\d(?:[ -]?\d)*/g)].map((m) => m[0].replace(/[ -]/g, '')).filter((d) => d.length >= 13 && d.length <= 19 && luhnValid(d));
}

describe('error answers never echo a card number', () => {
  it.each(Object.keys(PLACEMENTS))('%s', async (placement) => {
    const place = PLACEMENTS[placement]!;
    await fc.assert(
      fc.asyncProperty(cardNumber, fc.boolean(), async (card, useStrict) => {
        const merchant = useStrict ? strict : relay.merchant;
        const req = place(card, merchant.entityId);
        const res = await relay.app.inject({
          method: req.method,
          url: req.url,
          headers: { authorization: `Bearer ${merchant.token}`, ...(req.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
          ...(req.body === undefined ? {} : { payload: req.body }),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        const sent = req.url + (req.body ?? '');
        const leaked = cardLikeRuns(res.body).filter((run) => sent.replace(/[ +-]|%20/g, '').includes(run));
        expect(leaked).toEqual([]);
        expect(res.body).not.toContain(card);
      }),
      { numRuns: 25 },
    );
  });
});
