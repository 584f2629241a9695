// The audit log through the back office: newest first with the acting person's address, filtered
// by person, action and time, keyset pages that hold still while entries arrive, nothing of another
// merchant; the CSV export streamed whole and itself audited; and no card number or CVV in either,
// even from a value that should never have held one.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubText } from '../../src/config/logging.js';
import { randomHex } from '../../src/crypto/tokens.js';
import type { AuditEntry } from '../../src/domain/users.js';
import { startBackoffice, type BackofficeClient, type BackofficeHarness } from './harness.js';

let bo: BackofficeHarness;
let owner: BackofficeClient;
/** A merchant of its own for the listing tests, so the sign-ins' rows of other tests do not mix in. */
let merchantId: string;
let auditor: BackofficeClient;
const T = Date.UTC(2026, 10, 1);

function entry(over: Partial<AuditEntry>): AuditEntry {
  return { id: randomHex(16), merchantId, userId: null, at: T, address: '198.51.100.7', action: 'user.setRole', target: null, before: null, after: null, ...over };
}

beforeAll(async () => {
  bo = await startBackoffice();
  owner = await bo.signIn('owner');
  merchantId = bo.otherMerchant.merchantId;
  auditor = await bo.signIn('admin', { merchantId, email: 'audrey@shop.example' });
  // A day of entries an hour apart: by the auditor (odd hours) and by the command line (even).
  for (let hour = 0; hour < 24; hour++) {
    await bo.store.audit.append(entry({ at: T + hour * 3_600_000, userId: hour % 2 ? auditor.user!.id : null, action: hour % 3 ? 'user.setRole' : 'user.invite', target: `t${hour}` }));
  }
});
afterAll(() => bo.close());

const day = (res: { json(): { entries: { target: string | null }[] } }) => res.json().entries.map((e) => e.target).filter((t): t is string => t !== null && /^t\d+$/.test(t));

describe('audit list', () => {
  it('lists newest first with the acting person\'s address', async () => {
    const res = await auditor.get(`/api/audit?from=${T}&to=${T + 86_400_000}`);
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries).toHaveLength(24);
    expect(entries[0]).toEqual({ id: expect.any(String), at: T + 23 * 3_600_000, userId: auditor.user!.id, userEmail: 'audrey@shop.example', address: '198.51.100.7', action: 'user.setRole', target: 't23', before: null, after: null });
    expect(entries[1]).toMatchObject({ userId: null, userEmail: null, target: 't22' });
  });

  it('filters by person, action and time, together', async () => {
    const byPerson = await auditor.get(`/api/audit?userId=${auditor.user!.id}&from=${T}&to=${T + 86_400_000}`);
    expect(day(byPerson)).toEqual([23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1].map((h) => `t${h}`));
    const invites = await auditor.get(`/api/audit?action=user.invite&from=${T}&to=${T + 86_400_000}`);
    expect(day(invites)).toEqual([21, 18, 15, 12, 9, 6, 3, 0].map((h) => `t${h}`));
    const window = await auditor.get(`/api/audit?action=user.invite&userId=${auditor.user!.id}&from=${T + 3 * 3_600_000}&to=${T + 15 * 3_600_000}`);
    expect(day(window)).toEqual(['t9', 't3']);
  });

  it('pages with an opaque cursor that holds still while entries arrive', async () => {
    const seen: string[] = [];
    let next: string | undefined;
    let first = true;
    do {
      const res = await auditor.get(`/api/audit?from=${T}&to=${T + 86_400_000}&limit=5${next ? `&after=${next}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...day(res));
      next = res.json().next;
      if (first) {
        // Arrives after the first page: newer than any cursor, it lands before the first page, never in a later one.
        await bo.store.audit.append(entry({ at: T + 23 * 3_600_000 + 1, target: 't99' }));
        first = false;
      }
    } while (next);
    expect(seen).toEqual(Array.from({ length: 24 }, (_, i) => `t${23 - i}`));
  });

  it('shows nothing of another merchant', async () => {
    const res = await owner.get(`/api/audit?from=${T}&to=${T + 86_400_000}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries).toEqual([]);
    expect((await owner.get(`/api/audit?userId=${auditor.user!.id}`)).json().entries).toEqual([]);
  });

  it('refuses a bad filter, cursor or limit with 400 naming it', async () => {
    for (const [query, name] of [
      ['userId=nobody', 'userId'],
      ['action=%3Bdrop', 'action'],
      ['from=yesterday', 'from'],
      ['to=-1', 'to'],
      [`from=${T + 1}&to=${T}`, 'to'],
      ['after=bm90LWEtY3Vyc29y', 'after'],
      ['after=%25%25', 'after'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=1&limit=2', 'limit'],
    ] as const) {
      const res = await auditor.get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalidParameters', parameters: [{ name }] });
    }
  });
});

describe('audit export', () => {
  it('streams every matching entry as CSV, and audits the export itself', async () => {
    const res = await auditor.get(`/api/audit/export.csv?from=${T}&to=${T + 86_400_000}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('time;userEmail;userId;address;action;target;before;after');
    expect(lines[1]).toBe(`${new Date(T + 23 * 3_600_000 + 1).toISOString()};;;198.51.100.7;user.setRole;t99;;`);
    expect(lines[2]).toBe(`${new Date(T + 23 * 3_600_000).toISOString()};audrey@shop.example;${auditor.user!.id};198.51.100.7;user.setRole;t23;;`);
    expect(lines.filter((l) => l !== '')).toHaveLength(1 + 25);
    const { entries } = await bo.store.audit.list(merchantId, { action: 'audit.exported' }, undefined, 10);
    expect(entries).toEqual([
      { id: expect.any(String), merchantId, userId: auditor.user!.id, at: bo.clock.now(), address: expect.any(String), action: 'audit.exported', target: null, before: null, after: { filter: { from: T, to: T + 86_400_000 } } },
    ]);
  });

  it('exports more than a page of rows, in order', async () => {
    const many = bo.otherMerchant.merchantId;
    const T2 = Date.UTC(2026, 9, 1);
    for (let i = 0; i < 1_234; i++) await bo.store.audit.append(entry({ merchantId: many, at: T2 + i, target: `m${i}` }));
    const res = await auditor.get(`/api/audit/export.csv?from=${T2}&to=${T2 + 1_234}`);
    const targets = res.body.split('\r\n').slice(1).filter((l) => l !== '').map((l) => l.split(';')[5]);
    expect(targets).toEqual(Array.from({ length: 1_234 }, (_, i) => `m${1_233 - i}`));
  });

  it('refuses a role without audit.export', async () => {
    const developer = await bo.signIn('developer', { merchantId });
    expect((await developer.get('/api/audit/export.csv')).statusCode).toBe(403);
    expect((await developer.get('/api/audit')).statusCode).toBe(403);
  });
});

describe('no card data', () => {
  it('never answers a card number or CVV, in the list or the export, whatever an entry holds', async () => {
    const T3 = Date.UTC(2026, 8, 1);
    await bo.store.audit.append(entry({ at: T3, before: { note: 'card 4111 1111 1111 1111' }, after: { number: '5500000000000004', cvv: '737', text: 'cvv=737 and 4000-0000-0000-0002' } }));
    const list = await auditor.get(`/api/audit?from=${T3}&to=${T3 + 1}`);
    const csv = await auditor.get(`/api/audit/export.csv?from=${T3}&to=${T3 + 1}`);
    for (const body of [list.body, csv.body]) {
      // The CVV as a value or after its name; a bare "737" could be part of a random id.
      expect(body).not.toMatch(/4111 ?1111 ?1111 ?1111|5500000000000004|4000-?0000-?0000-?0002|cvv=737|"737"/);
    }
    expect(list.json().entries[0].before).toEqual({ note: 'card 411111******1111' });
    expect(list.json().entries[0].after).toEqual({ number: '[Redacted]', cvv: '[Redacted]', text: 'cvv=*** and 400000******0002' });
  });

  it('audits nothing shaped like card data in any row the back office wrote in these tests', async () => {
    const { entries } = await bo.store.audit.list(bo.merchant.merchantId, {}, undefined, 200);
    expect(entries.length).toBeGreaterThan(0);
    const text = JSON.stringify(entries);
    expect(scrubText(text)).toBe(text);
    expect(text).not.toMatch(/cvv/i);
  });
});
