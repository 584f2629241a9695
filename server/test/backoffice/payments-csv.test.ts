// The payment list's CSV export over a real SQLite store: every matching payment of every channel
// once, newest first as the list orders them, across more than one page per channel; cells quoted
// and formulas defused; of a card only its last four digits.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE, paymentsCsv } from '../../src/backoffice/payment-list/csv.js';
import { openSqliteStore } from '../../src/storage/index.js';
import type { Store } from '../../src/storage/store.js';
import { paymentRecord, T0 } from '../storage/contract/fixtures.js';
import { newEntity } from '../storage/contract/fixtures.js';

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pw-bo-csv-'));
  store = await openSqliteStore(join(dir, 'relay.sqlite'));
  await store.migrate();
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (csv: string): string[] => csv.split('\r\n').filter((l) => l !== '');

describe('payments CSV export', () => {
  it('writes every matching payment of every channel once, newest first, page after page', async () => {
    const [a, b] = [await newEntity(store), await newEntity(store)];
    const count = EXPORT_PAGE + 250;
    const written = Array.from({ length: count }, (_, n) => paymentRecord(n % 3 === 0 ? b : a, { createdAt: T0 + Math.floor(n / 2), status: n % 5 === 0 ? 'declined' : 'success' }));
    await store.transaction(async (tx) => {
      for (const p of written) await tx.payments.insert(p);
    });
    const csv = await text(paymentsCsv(store.paymentSearch, [a, b], {}));
    const rows = lines(csv);
    expect(rows[0]).toBe('id;createdAt;entityId;paymentType;paymentBrand;method;amount;currency;status;resultCode;merchantTransactionId;last4;email');
    const newestFirst = [...written].sort((x, y) => y.createdAt - x.createdAt || (x.id < y.id ? 1 : -1));
    expect(rows.slice(1).map((r) => r.split(';')[0])).toEqual(newestFirst.map((p) => p.id));
    const declined = lines(await text(paymentsCsv(store.paymentSearch, [a, b], { status: 'declined' })));
    expect(declined).toHaveLength(1 + written.filter((p) => p.status === 'declined').length);
  });

  it('quotes cells, defuses formulas and shows of a card its last four digits only', async () => {
    const entityId = await newEntity(store);
    const p = paymentRecord(entityId, {
      createdAt: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      amount: 12_345,
      merchantTransactionId: '=HYPERLINK("x";"y")',
      cardLast4: '4242',
      customerEmail: 'ann@shop.example',
      method: 'card',
      chargebackAmount: 100,
      responseJson: JSON.stringify({ card: { bin: '420000', last4Digits: '4242' } }),
    });
    await store.payments.insert(p);
    const [, row] = lines(await text(paymentsCsv(store.paymentSearch, [entityId], {})));
    expect(row).toBe(`${p.id};2026-01-02T03:04:05.006Z;${entityId};DB;VISA;card;123.45;EUR;chargedBack;000.100.110;"'=HYPERLINK(""x"";""y"")";4242;ann@shop.example`);
    expect(row).not.toContain('420000');
  });
});
