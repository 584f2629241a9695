// writeFollowUp with statements that tell of it (the back office's audit row): written in the
// follow-up's transaction, so a follow-up whose guard fails leaves no row, and a row that cannot
// be written leaves no follow-up.

import { describe, expect, it } from 'vitest';
import { writeFollowUp } from '../../../../src/storage/writes/index.js';
import { auditEntry } from '../people-fixtures.js';
import { type ContractContext, followUp, insertPayment, newEntity, T0 } from '../fixtures.js';

async function merchantOf(store: ContractContext['store'], entityId: string): Promise<string> {
  const entity = await store.entities.find(entityId);
  if (!entity) throw new Error('the entity');
  return entity.merchantId;
}

export function followUpAlongsideContract(ctx: () => ContractContext): void {
  describe('writeFollowUp (statements written alongside)', () => {
    it('writes the audit row with the follow-up, and neither when the guard fails', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const merchantId = await merchantOf(store, entityId);
      const db = await insertPayment(store, entityId, { amount: 5_000 });
      const refund = followUp(db, 'RF', 5_000);
      const row = auditEntry(merchantId, { action: 'payment.refund', target: db.id, after: { recordId: refund.record.id } });
      expect(await writeFollowUp(store, { ...refund, also: [store.audit.appendStatement(row)] })).toBe(true);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([row]);

      // Planned from the stale snapshot: the refund is beyond what is left, the guard refuses it.
      const stale = followUp(db, 'RF', 5_000);
      const refused = auditEntry(merchantId, { action: 'payment.refund', target: db.id });
      expect(await writeFollowUp(store, { ...stale, also: [store.audit.appendStatement(refused)] })).toBe(false);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([row]);
      expect(await store.payments.find(entityId, stale.record.id)).toBeUndefined();
    });

    it('rolls the follow-up back when a statement alongside fails', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const merchantId = await merchantOf(store, entityId);
      const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 5_000 });
      const taken = auditEntry(merchantId, { at: T0 });
      await store.audit.append(taken);
      const capture = followUp(pa, 'CP', 2_000);
      // The same id again: the audit row cannot be written.
      await expect(writeFollowUp(store, { ...capture, also: [store.audit.appendStatement({ ...taken, action: 'payment.capture' })] })).rejects.toThrow();
      expect(await store.payments.find(entityId, capture.record.id)).toBeUndefined();
      expect((await store.payments.find(entityId, pa.id))?.capturedAmount).toBe(0);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([taken]);
    });
  });
}
