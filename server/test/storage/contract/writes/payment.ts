// writePayment: a new payment with its parts in one write: a stored card only with its payment,
// the end of its checkout attempt (one success per checkout, the result URL of the first attempt
// that pays or goes pending), and a schedule's charge only while its occurrence is due.

import { describe, expect, it } from 'vitest';
import { occurrenceId } from '../../../../src/schedules/fire.js';
import { writePayment, writeScheduleCancel, writeSettlement } from '../../../../src/storage/writes/index.js';
import { type ContractContext, id, insertPayment, newEntity, paymentRecord, registrationRecord, settlement, T0 } from '../fixtures.js';
import { S0, MINUTE, fire, withSchedule } from '../schedule-fixtures.js';
import { LEASE, MAX_DECLINES, freshCheckout, attempt, read } from '../checkout-fixtures.js';

export function writePaymentContract(ctx: () => ContractContext): void {
  describe('writePayment', () => {
    it('writes the registration only together with its payment', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const r = registrationRecord(entityId);
      const p = paymentRecord(entityId, { registrationId: r.id });
      await writePayment(store, p, { registration: r });
      expect(await store.payments.find(entityId, p.id)).toEqual(p);
      expect(await store.registrations.find(entityId, r.id)).toEqual(r);
      // The payment write fails (its id is taken): the registration must not be left behind.
      const orphan = registrationRecord(entityId);
      await expect(writePayment(store, { ...p, registrationId: orphan.id }, { registration: orphan })).rejects.toThrow();
      expect(await store.registrations.find(entityId, orphan.id)).toBeUndefined();
      expect(await store.payments.find(entityId, p.id)).toEqual(p);
    });

    it('keeps the first success only and answers paid afterwards', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      expect(await store.checkouts.claim(c.id, T0, T0 + LEASE, MAX_DECLINES)).toBe('claimed');
      const first = await attempt(store, c, 'success');
      expect(first.written).toBe(true);
      expect(await read(store, c.id)).toMatchObject({ successPaymentId: first.p.id, lastPaymentId: first.p.id, busyUntil: null });
      // A second success ending an attempt is refused whole: no payment, no change to the checkout.
      const second = await attempt(store, c, 'success');
      expect(second.written).toBe(false);
      expect(await store.payments.find(c.entityId, second.p.id)).toBeUndefined();
      expect(await read(store, c.id)).toMatchObject({ successPaymentId: first.p.id, lastPaymentId: first.p.id });
      expect(await store.checkouts.claim(c.id, T0 + 1, T0 + LEASE, MAX_DECLINES)).toBe('paid');
    });

    it('refuses a second successful payment of one checkout (L1)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      await insertPayment(store, c.entityId, { checkoutId: c.id });
      await expect(writePayment(store, paymentRecord(c.entityId, { checkoutId: c.id }))).rejects.toThrow();
      // Failed and pending attempts of a checkout are many, and so are successes outside checkouts.
      await insertPayment(store, c.entityId, { checkoutId: c.id, status: 'declined' });
      await insertPayment(store, c.entityId, { checkoutId: c.id, status: 'declined' });
      await insertPayment(store, c.entityId, { checkoutId: c.id, status: 'pending' });
      await insertPayment(store, c.entityId);
      await insertPayment(store, c.entityId);
    });

    it('binds the result URL of the first attempt that pays or goes pending, never of a failed one (A7)', async () => {
      const { store } = ctx();
      const open = await freshCheckout(store);
      await store.checkouts.claim(open.id, T0, T0 + 1, MAX_DECLINES);
      await attempt(store, open, 'declined', { url: 'https://declined.example/r' });
      expect((await read(store, open.id)).shopperResultUrl).toBeNull();
      await store.checkouts.claim(open.id, T0 + 2, T0 + 3, MAX_DECLINES);
      const { p } = await attempt(store, open, 'pending', { leaseUntil: T0 + LEASE, url: 'https://first.example/r' });
      expect(await writeSettlement(store, settlement(p, 'declined'))).toBe('settled');
      await store.checkouts.claim(open.id, T0 + 4, T0 + 5, MAX_DECLINES);
      await attempt(store, open, 'success', { url: 'https://second.example/r' });
      expect((await read(store, open.id)).shopperResultUrl).toBe('https://first.example/r');
      const bound = await freshCheckout(store, { shopperResultUrl: 'https://prepared.example/r' });
      await store.checkouts.claim(bound.id, T0, T0 + 1, MAX_DECLINES);
      await attempt(store, bound, 'success', { url: 'https://other.example/r' });
      expect((await read(store, bound.id)).shopperResultUrl).toBe('https://prepared.example/r');
    });

    it('writes a charge only while its occurrence is due: once, and never after a cancel', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      await fire(store, entityId, S0);
      const occurrence = occurrenceId(s.id, S0);
      const pay = (paymentId = id()) => writePayment(store, paymentRecord(entityId, { id: paymentId, registrationId }), { occurrence: { id: occurrence, status: 'succeeded', paymentId, resultCode: '000.100.110', now: S0 + 10 } });
      const first = id();
      expect(await pay(first)).toBe(true);
      const second = id();
      expect(await pay(second)).toBe(false);
      expect(await store.payments.find(entityId, second)).toBeUndefined();
      expect((await store.schedules.findOccurrence(occurrence))?.occurrence).toMatchObject({ status: 'succeeded', paymentId: first, resultCode: '000.100.110' });
      expect(await store.schedules.failOccurrence(occurrence, '100.150.202', S0 + 11)).toBe(false);

      await fire(store, entityId, S0 + MINUTE);
      const next = occurrenceId(s.id, S0 + MINUTE);
      await writeScheduleCancel(store, entityId, s.id, S0 + MINUTE + 1);
      const late = id();
      expect(await writePayment(store, paymentRecord(entityId, { id: late }), { occurrence: { id: next, status: 'succeeded', paymentId: late, resultCode: '000.100.110', now: S0 + MINUTE + 2 } })).toBe(false);
      expect(await store.payments.find(entityId, late)).toBeUndefined();
    });
  });
}
