// CRUD of every record, entity scoping (A1), registrations (A9), settlement, durability.

import { writePayment, writeRegistration, writeRegistrationDeletion, writeSettlement } from '../../../src/storage/writes/index.js';
import { describe, expect, it } from 'vitest';
import { planSettle, type PendingEvent, type PendingKind } from '../../../src/domain/lifecycle.js';
import type { PaymentStatus } from '../../../src/domain/records.js';
import { all, id, insertPayment, newEntity, paymentRecord, registrationRecord, settlement, T0, type ContractContext } from './fixtures.js';

export function recordsContract(ctx: () => ContractContext): void {
  describe('merchants and entities', () => {
    it('creates, finds by id and by token hash, and counts merchants', async () => {
      const { store } = ctx();
      const before = await store.merchants.count();
      const m = { id: id(), name: 'Shop', tokenHash: id() + id(), webhookSecret: id() + id(), createdAt: T0 };
      await store.merchants.create(m);
      expect(await store.merchants.count()).toBe(before + 1);
      expect(await store.merchants.find(m.id)).toEqual(m);
      expect(await store.merchants.findByTokenHash(m.tokenHash)).toEqual(m);
      expect(await store.merchants.findByTokenHash(id() + id())).toBeUndefined();
      expect(await store.merchants.find(id())).toBeUndefined();
    });

    it('lists webhook secrets and replaces one only while it is what the caller read', async () => {
      const { store } = ctx();
      const m = { id: id(), name: 'Old', tokenHash: id() + id(), webhookSecret: 'plain', createdAt: T0 };
      await store.merchants.create(m);
      expect(await store.merchants.listWebhookSecrets()).toContainEqual({ id: m.id, webhookSecret: 'plain' });
      expect(await store.merchants.replaceWebhookSecret(m.id, 'plain', 'sealed.v1.x')).toBe(true);
      expect(await store.merchants.replaceWebhookSecret(m.id, 'plain', 'sealed.v1.y')).toBe(false);
      expect((await store.merchants.find(m.id))?.webhookSecret).toBe('sealed.v1.x');
    });

    it('refuses a second merchant with the same token hash', async () => {
      const { store } = ctx();
      const tokenHash = id() + id();
      await store.merchants.create({ id: id(), name: 'A', tokenHash, webhookSecret: 'w', createdAt: T0 });
      await expect(store.merchants.create({ id: id(), name: 'B', tokenHash, webhookSecret: 'w', createdAt: T0 })).rejects.toThrow();
    });

    it('creates, lists in creation order and updates entity settings', async () => {
      const { store } = ctx();
      const merchantId = id();
      await store.merchants.create({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: 'w', createdAt: T0 });
      const first = { id: id(), merchantId, name: 'Web', settings: {}, createdAt: T0 };
      const second = { id: id(), merchantId, name: 'App', settings: { country: 'BR' as const, allowedOrigins: ['https://shop.example'] }, createdAt: T0 + 1 };
      await store.entities.create(second);
      await store.entities.create(first);
      expect(await store.entities.find(second.id)).toEqual(second);
      expect((await store.entities.list(merchantId)).map((e) => e.id)).toEqual([first.id, second.id]);
      expect(await store.entities.list(id())).toEqual([]);
      const settings = { allowedOrigins: ['https://a.example'], reversalCutoffMs: 3_600_000, throttle: { payments: 5 } };
      await store.entities.updateSettings(first.id, settings);
      expect((await store.entities.find(first.id))?.settings).toEqual(settings);
      expect(await store.entities.find(id())).toBeUndefined();
    });

    it("keeps a channel's strict parameters and 3-D Secure 2 requirement, and their removal", async () => {
      const { store } = ctx();
      const merchantId = id();
      await store.merchants.create({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: 'w', createdAt: T0 });
      const entity = { id: id(), merchantId, name: 'Web', settings: { strictParameters: true, threeDSecure2Required: true }, createdAt: T0 };
      await store.entities.create(entity);
      expect((await store.entities.find(entity.id))?.settings).toEqual({ strictParameters: true, threeDSecure2Required: true });
      await store.entities.updateSettings(entity.id, { threeDSecure2Required: true });
      expect((await store.entities.find(entity.id))?.settings).toEqual({ threeDSecure2Required: true });
      await store.entities.updateSettings(entity.id, {});
      expect((await store.entities.find(entity.id))?.settings).toEqual({});
    });

    it('refuses an entity of an unknown merchant (foreign keys are on)', async () => {
      await expect(ctx().store.entities.create({ id: id(), merchantId: id(), name: 'E', settings: {}, createdAt: T0 })).rejects.toThrow();
    });
  });

  describe('payments', () => {
    it('round-trips every field, with amounts beyond 32 bits', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = paymentRecord(entityId, {
        paymentType: 'PA',
        paymentBrand: null,
        amount: 999_999_999_999, // 9,999,999,999.99: ten integer digits
        capturedAmount: 5,
        refundedAmount: 3,
        reversed: true,
        status: 'pending',
        referencedId: id(),
        registrationId: id(),
        checkoutId: id(),
        pendingJson: '{"testMode":"INTERNAL"}',
        updatedAt: T0 + 7,
      });
      await writePayment(store, p);
      expect(await store.payments.find(entityId, p.id)).toEqual(p);
      expect(await store.payments.findById(p.id)).toEqual(p);
    });

    it("never returns another entity's payment (A1)", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      const p = await insertPayment(store, a);
      expect(await store.payments.find(b, p.id)).toBeUndefined();
      expect(await store.payments.find(a, id())).toBeUndefined();
    });

    it('refuses a duplicate payment id', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId);
      await expect(writePayment(store, { ...p })).rejects.toThrow();
    });

    it('settles a pending payment exactly once, even when settled in parallel', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{"x":1}' });
      const results = await all(
        Array.from({ length: 10 }, (_, i) => () =>
          writeSettlement(store, settlement(p, i % 2 ? 'declined' : 'success', { resultCode: `code-${i}`, responseJson: `{"i":${i}}` })),
        ),
      );
      expect(results.filter((r) => r === 'settled')).toHaveLength(1);
      const winner = results.indexOf('settled');
      const settled = await store.payments.find(entityId, p.id);
      expect(settled).toMatchObject({ status: winner % 2 ? 'declined' : 'success', resultCode: `code-${winner}`, responseJson: `{"i":${winner}}`, updatedAt: T0 + 10 });
      // Planned from the stale pending snapshot: the guard (status = pending) no longer holds.
      expect(await writeSettlement(store, settlement(p, 'success', { resultCode: 'again', now: T0 + 20 }))).toBe('refused');
      expect(await writeSettlement(store, settlement({ ...p, id: id() }, 'success'))).toBe('refused');
      expect(await store.payments.find(entityId, p.id)).toEqual(settled);
    });

    it('refuses a settle the status table does not allow, even where the row matches its guard', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const done = await insertPayment(store, entityId);
      const pending = await insertPayment(store, entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{"x":1}' });
      const write = (p: typeof done, from: PaymentStatus, to: PaymentStatus, pendingKind: PendingKind = 'three-d-secure', event: PendingEvent = 'fail') =>
        writeSettlement(store, { paymentId: p.id, checkoutId: p.checkoutId, change: { from, to, pendingKind, event }, resultCode: 'x', responseJson: '{}', pendingJson: null, now: T0 + 10 });
      expect(planSettle(done, 'fail')).toEqual({ ok: false });
      // A row of the table, but for another kind than the payment's: the guard refuses it.
      expect(await write(pending, 'pending', 'success', 'slip', 'confirm')).toBe('refused');
      // Not a row of the table: a 3-D Secure challenge does not succeed by failing.
      expect(await write(pending, 'pending', 'success', 'three-d-secure', 'fail')).toBe('refused');
      expect(await write(done, 'success', 'declined')).toBe('refused');
      expect(await write(done, 'success', 'pending')).toBe('refused');
      expect(await write(pending, 'pending', 'pending')).toBe('refused');
      expect(await store.payments.find(entityId, done.id)).toEqual(done);
      expect(await store.payments.find(entityId, pending.id)).toEqual(pending);
    });
  });

  describe('payments with a registration (createRegistration)', () => {
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

    it("writes a settlement's registration only if the settlement applies", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{"x":1}' });
      const r = registrationRecord(entityId);
      expect(await writeSettlement(store, settlement(p, 'success', { registration: r }))).toBe('settled');
      expect(await store.registrations.find(entityId, r.id)).toEqual(r);
      expect(await store.payments.find(entityId, p.id)).toMatchObject({ status: 'success', registrationId: r.id });
      // A second settlement from the stale snapshot is refused, and so is its registration.
      const late = registrationRecord(entityId);
      expect(await writeSettlement(store, settlement(p, 'success', { registration: late }))).toBe('refused');
      expect(await store.registrations.find(entityId, late.id)).toBeUndefined();
      expect((await store.payments.find(entityId, p.id))?.registrationId).toBe(r.id);
    });
  });

  describe('registrations', () => {
    it("round-trips, is scoped by entity and never found through another entity (A9)", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      const r = registrationRecord(a);
      await writeRegistration(store, r);
      expect(await store.registrations.find(a, r.id)).toEqual(r);
      expect(await store.registrations.find(b, r.id)).toBeUndefined();
      expect(await writeRegistrationDeletion(store, b, r.id, T0)).toBe(false);
      expect((await store.registrations.find(a, r.id))?.deletedAt).toBeNull();
    });

    it('keeps whether the registration came from an INITIAL payment', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const r = { ...registrationRecord(entityId), initialDone: true };
      await writeRegistration(store, r);
      expect((await store.registrations.find(entityId, r.id))?.initialDone).toBe(true);
    });

    it("keeps a migrated series' INITIAL payment, every field or only its payment type", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const full = registrationRecord(entityId, {
        migration: { paymentType: 'PA', amount: 9_999_999_999, requestTimestamp: '2025-01-02 10:11:12', connectorTxId1: 'a'.repeat(128), connectorTxId2: 'ü €', connectorTxId3: '3' },
      });
      const bare = registrationRecord(entityId, {
        migration: { paymentType: 'CD', amount: null, requestTimestamp: null, connectorTxId1: null, connectorTxId2: null, connectorTxId3: null },
      });
      for (const r of [full, bare]) {
        await writeRegistration(store, r);
        expect(await store.registrations.find(entityId, r.id)).toEqual(r);
      }
    });

    it('deletes once, wiping the ciphertext and the card hash', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const r = registrationRecord(entityId);
      await writeRegistration(store, r);
      expect(await writeRegistrationDeletion(store, entityId, r.id, T0 + 5)).toBe(true);
      const gone = await store.registrations.find(entityId, r.id);
      expect(gone).toMatchObject({ deletedAt: T0 + 5, cardCiphertext: '', cardHmac: '' });
      expect(await writeRegistrationDeletion(store, entityId, r.id, T0 + 6)).toBe(false);
      expect(await writeRegistrationDeletion(store, entityId, id(), T0 + 6)).toBe(false);
    });
  });

  describe('durability', () => {
    it('keeps what was written after the store is closed and opened again', async () => {
      const { harness } = ctx();
      const first = await harness.open();
      const entityId = await newEntity(first);
      const p = await insertPayment(first, entityId);
      await first.close();
      const again = await harness.open();
      try {
        await again.migrate(); // a second migrate is a no-op
        expect(await again.payments.find(entityId, p.id)).toEqual(p);
      } finally {
        await again.close();
      }
    });
  });
}
