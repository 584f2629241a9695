// The audit repository: entries read back as written, newest first in keyset pages that hold still
// while entries are appended, filtered by user, action and time, and nothing of another merchant.

import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/domain/users.js';
import type { AuditCursor, AuditFilter, Store } from '../../../src/storage/store.js';
import { type ContractContext, id, T0 } from './fixtures.js';
import { auditEntry, newMerchant } from './people-fixtures.js';

/** Every page of a listing, in order. */
async function allPages(store: Store, merchantId: string, filter: AuditFilter, limit: number): Promise<AuditEntry[][]> {
  const pages: AuditEntry[][] = [];
  let after: AuditCursor | undefined;
  do {
    const page = await store.audit.list(merchantId, filter, after, limit);
    pages.push(page.entries);
    after = page.next;
  } while (after);
  return pages;
}

/** Newest first: later time, then greater id within a millisecond. */
const newestFirst = (a: AuditEntry, b: AuditEntry): number => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function auditContract(ctx: () => ContractContext): void {
  describe('audit repository', () => {
    it('reads an entry back as it was appended, its values before and after included', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const e = auditEntry(merchantId, { userId: id(), address: '203.0.113.7', action: 'user.setRole', target: id(), before: { role: 'viewer' }, after: { role: 'admin', nested: { a: [1, 2] } } });
      await store.audit.append(e);
      expect(await store.audit.list(merchantId, {}, undefined, 10)).toEqual({ entries: [e], next: undefined });
    });

    it('has no way to change or remove an entry', () => {
      const { store } = ctx();
      const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(store.audit)).filter((name) => name !== 'constructor');
      expect(methods.sort()).toEqual(['append', 'appendStatement', 'list']);
    });

    it('pages newest first, ties of one millisecond ordered by id, every entry once', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const entries = Array.from({ length: 23 }, (_, n) => auditEntry(merchantId, { at: T0 + Math.floor(n / 4) }));
      for (const e of entries) await store.audit.append(e);
      const pages = await allPages(store, merchantId, {}, 5);
      expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
      expect(pages.flat()).toEqual([...entries].sort(newestFirst));
    });

    it('holds its pages still while entries are appended', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const entries = Array.from({ length: 12 }, (_, n) => auditEntry(merchantId, { at: T0 + n }));
      for (const e of entries) await store.audit.append(e);
      const expected = [...entries].sort(newestFirst);
      const seen: AuditEntry[] = [];
      let after: AuditCursor | undefined;
      let n = 0;
      do {
        const page = await store.audit.list(merchantId, {}, after, 4);
        seen.push(...page.entries);
        after = page.next;
        // New entries arrive between pages, some in the same millisecond as the newest.
        await store.audit.append(auditEntry(merchantId, { at: T0 + 11 + n++ }));
      } while (after);
      expect(seen).toEqual(expected);
    });

    it('filters by user, by action and by time range', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const ann = id();
      const entries = [
        auditEntry(merchantId, { userId: ann, action: 'signIn', at: T0 }),
        auditEntry(merchantId, { userId: ann, action: 'payments.refund', at: T0 + 10 }),
        auditEntry(merchantId, { userId: null, action: 'user.invite', at: T0 + 20 }),
        auditEntry(merchantId, { userId: id(), action: 'signIn', at: T0 + 30 }),
        auditEntry(merchantId, { userId: ann, action: 'signIn', at: T0 + 40 }),
      ];
      for (const e of entries) await store.audit.append(e);
      const [a, b, c, d, e] = entries as [AuditEntry, AuditEntry, AuditEntry, AuditEntry, AuditEntry];
      const list = async (filter: AuditFilter, limit = 2) => (await allPages(store, merchantId, filter, limit)).flat();
      expect(await list({ userId: ann })).toEqual([e, b, a]);
      expect(await list({ action: 'signIn' })).toEqual([e, d, a]);
      expect(await list({ userId: ann, action: 'signIn' }, 1)).toEqual([e, a]);
      expect(await list({ from: T0 + 10, to: T0 + 40 })).toEqual([d, c, b]);
      expect(await list({ action: 'signIn', from: T0 + 1 })).toEqual([e, d]);
      expect(await list({ action: 'audit.export' })).toEqual([]);
    });

    it('lists nothing of another merchant', async () => {
      const { store } = ctx();
      const mine = await newMerchant(store);
      const theirs = await newMerchant(store);
      const user = id();
      await store.audit.append(auditEntry(theirs, { userId: user, action: 'signIn' }));
      expect(await store.audit.list(mine, {}, undefined, 10)).toEqual({ entries: [], next: undefined });
      expect(await store.audit.list(mine, { userId: user, action: 'signIn' }, undefined, 10)).toEqual({ entries: [], next: undefined });
    });
  });
}
