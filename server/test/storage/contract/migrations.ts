// Migrations over data written by an older schema, on each dialect: the upgrade must succeed on
// what the previous version could leave behind, and keep what it must keep.

import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo, pendingMigrations } from '../../../src/storage/migrate.js';
import { MIGRATIONS } from '../../../src/storage/migrations/index.js';
import { checkoutToRow, entityToRow, merchantToRow, paymentToRow, registrationFromRow, registrationToRow } from '../../../src/storage/rows.js';
import type { Database } from '../../../src/storage/schema.js';
import { checkoutRecord, id, paymentRecord, registrationRecord, T0 } from './fixtures.js';
import type { PaymentRecord, RegistrationRecord } from '../../../src/domain/records.js';

/** An empty database of its own (a file, a schema) and the schema the migrator is to use. */
export interface EmptyDatabase {
  db: Kysely<Database>;
  schema: string | undefined;
  /** Removes the database; called after db.destroy(). */
  dispose(): Promise<void>;
}

async function checkoutOf(db: Kysely<Database>, paymentId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('payments').select('checkout_id').where('id', '=', paymentId).executeTakeFirst();
  return row?.checkout_id;
}

/** A merchant with one entity, written as rows (the schema may be older than the store's code). */
async function seedEntity(db: Kysely<Database>): Promise<string> {
  const merchantId = id();
  const entityId = id();
  await db.insertInto('merchants').values(merchantToRow({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: id(), createdAt: T0 })).execute();
  await db.insertInto('entities').values(entityToRow({ id: entityId, merchantId, name: 'E', settings: {}, createdAt: T0 })).execute();
  return entityId;
}

/** The payment columns 013 added (reports, quotes and settlement). */
type ColumnsOf013 = 'merchant_transaction_id' | 'fx_quote_id' | 'fx_rate' | 'settlement_currency' | 'settlement_status' | 'settlement_date' | 'aggregation_id';

/** A payment row as written before 013 added its reference, quote and settlement. */
function rowBefore013(p: PaymentRecord): Omit<ReturnType<typeof paymentToRow>, ColumnsOf013 | 'chargeback_amount' | ColumnsOf019> {
  const { merchant_transaction_id: _m, fx_quote_id: _q, fx_rate: _r, settlement_currency: _c, settlement_status: _s, settlement_date: _d, aggregation_id: _a, ...row } = rowBefore016(p);
  return row;
}

/**
 * An old row for today's typed insert: the columns added since (chargeback_amount, with its
 * default) are left out on purpose, as an older relay wrote it.
 */
function asOldRow(row: Omit<ReturnType<typeof paymentToRow>, 'chargeback_amount' | 'pending_kind' | ColumnsOf013 | ColumnsOf019>): ReturnType<typeof paymentToRow> {
  return row as ReturnType<typeof paymentToRow>;
}

/** The payment columns 019 added (the back office's listing). */
type ColumnsOf019 = 'method' | 'card_last4' | 'customer_email';

/** A payment row as written before 019 added what the back office lists it by. */
function rowBefore019(p: PaymentRecord): Omit<ReturnType<typeof paymentToRow>, ColumnsOf019> {
  const { method: _m, card_last4: _l, customer_email: _e, ...row } = paymentToRow(p);
  return row;
}

/** A payment row as written before 016 added its open chargebacks. */
function rowBefore016(p: PaymentRecord): Omit<ReturnType<typeof paymentToRow>, 'chargeback_amount' | ColumnsOf019> {
  const { chargeback_amount: _c, ...row } = rowBefore019(p);
  return row;
}

/** A payment row as written before 008 added its pending kind. */
function rowBefore008(p: PaymentRecord): Omit<ReturnType<typeof paymentToRow>, 'pending_kind' | 'chargeback_amount' | ColumnsOf013 | ColumnsOf019> {
  const { pending_kind: _kind, ...row } = rowBefore013(p);
  return row;
}

/** A registration row as written before 009 added the migrated series' columns. */
function rowBefore009(r: RegistrationRecord): Omit<ReturnType<typeof registrationToRow>, `migration_${string}`> {
  const {
    migration_payment_type: _type,
    migration_amount: _amount,
    migration_request_timestamp: _timestamp,
    migration_connector_tx_id1: _id1,
    migration_connector_tx_id2: _id2,
    migration_connector_tx_id3: _id3,
    ...row
  } = registrationToRow(r);
  return row;
}

export function migrationsContract(open: () => Promise<EmptyDatabase>): void {
  describe('008: why a payment is pending', () => {
    it('gives every payment pending before it the 3-D Secure kind, and no kind to the others', async () => {
      const { db, schema, dispose } = await open();
      try {
        await migrateUpTo(db, '007-claim-owner', schema);
        const entityId = await seedEntity(db);
        const pending = paymentRecord(entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{}' });
        const settled = paymentRecord(entityId);
        for (const p of [pending, settled]) await db.insertInto('payments').values(asOldRow(rowBefore008(p))).execute();
        await migrateToLatest(db, schema);
        const kinds = await db.selectFrom('payments').select(['id', 'pending_kind']).where('id', 'in', [pending.id, settled.id]).execute();
        expect(Object.fromEntries(kinds.map((r) => [r.id, r.pending_kind]))).toEqual({ [pending.id]: 'three-d-secure', [settled.id]: null });
      } finally {
        await db.destroy();
        await dispose();
      }
    });
  });

  describe('009: migrated recurring series', () => {
    it('reads a registration written before it as not migrated, and stores a migrated one after', async () => {
      const { db, schema, dispose } = await open();
      try {
        await migrateUpTo(db, '008-pending-kind', schema);
        const entityId = await seedEntity(db);
        const before = registrationRecord(entityId);
        await db.insertInto('registrations').values(rowBefore009(before)).execute();
        await migrateToLatest(db, schema);
        const read = await db.selectFrom('registrations').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
        expect(registrationFromRow(read)).toEqual(before);
        const after = registrationRecord(entityId, { migration: { paymentType: 'DB', amount: 1_000, requestTimestamp: '2025-01-02 10:11:12', connectorTxId1: 'TX-1', connectorTxId2: null, connectorTxId3: null } });
        await db.insertInto('registrations').values(registrationToRow(after)).execute();
        const stored = await db.selectFrom('registrations').selectAll().where('id', '=', after.id).executeTakeFirstOrThrow();
        expect(registrationFromRow(stored)).toEqual(after);
      } finally {
        await db.destroy();
        await dispose();
      }
    });
  });

  describe('019: what the back office lists payments by', () => {
    it('reads the method, last four and e-mail of payments written before it from their answers, and a follow-up takes its payment\'s', async () => {
      const { db, schema, dispose } = await open();
      try {
        await migrateUpTo(db, '017-back-office-people', schema);
        const entityId = await seedEntity(db);
        const card = paymentRecord(entityId, { paymentType: 'PA', responseJson: JSON.stringify({ id: 'x', card: { bin: '420000', last4Digits: '4242' }, customer: { email: 'Ann@Shop.Example' } }) });
        const capture = paymentRecord(entityId, { paymentType: 'CP', referencedId: card.id, responseJson: '{"id":"y"}', createdAt: T0 + 1 });
        const slip = paymentRecord(entityId, { paymentBrand: 'BOLETO', status: 'pending', pendingKind: 'slip', responseJson: '{"id":"z"}' });
        const sepa = paymentRecord(entityId, { paymentBrand: 'DIRECTDEBIT_SEPA', responseJson: JSON.stringify({ bankAccount: { holder: 'A' } }) });
        const sofort = paymentRecord(entityId, { paymentBrand: 'SOFORTUEBERWEISUNG', responseJson: '{}' });
        const paypal = paymentRecord(entityId, { paymentBrand: 'PAYPAL', responseJson: 'not json' });
        for (const p of [card, capture, slip, sepa, sofort, paypal]) await db.insertInto('payments').values(rowBefore019(p) as ReturnType<typeof paymentToRow>).execute();
        await migrateToLatest(db, schema);
        const rows = await db.selectFrom('payments').select(['id', 'method', 'card_last4', 'customer_email']).execute();
        const byId = Object.fromEntries(rows.map((r) => [r.id, [r.method, r.card_last4, r.customer_email]]));
        expect(byId).toEqual({
          [card.id]: ['card', '4242', 'ann@shop.example'],
          [capture.id]: ['card', '4242', 'ann@shop.example'],
          [slip.id]: ['voucher', null, null],
          [sepa.id]: ['bankAccount', null, null],
          [sofort.id]: ['redirect', null, null],
          [paypal.id]: ['wallet', null, null],
        });
      } finally {
        await db.destroy();
        await dispose();
      }
    });
  });

  describe('020: named access tokens', () => {
    it("makes each merchant's one token its working \"Initial token\", and nothing else", async () => {
      const { db, schema, dispose } = await open();
      try {
        await migrateUpTo(db, '017-back-office-people', schema);
        const a = { id: id(), name: 'A', tokenHash: id() + id(), webhookSecret: id(), createdAt: T0 };
        const b = { id: id(), name: 'B', tokenHash: id() + id(), webhookSecret: id(), createdAt: T0 + 5 };
        await db.insertInto('merchants').values([merchantToRow(a), merchantToRow(b)]).execute();
        await migrateToLatest(db, schema);
        const rows = await db.selectFrom('access_tokens').selectAll().orderBy('created_at').execute();
        expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at) }))).toEqual([
          { id: expect.stringMatching(/^[0-9a-f]{32}$/), merchant_id: a.id, name: 'Initial token', token_hash: a.tokenHash, created_at: T0, last_used_at: null, revoked_at: null },
          { id: expect.stringMatching(/^[0-9a-f]{32}$/), merchant_id: b.id, name: 'Initial token', token_hash: b.tokenHash, created_at: T0 + 5, last_used_at: null, revoked_at: null },
        ]);
      } finally {
        await db.destroy();
        await dispose();
      }
    });
  });

  describe('pending migrations', () => {
    it('lists every migration on an empty database, those after the applied ones, then none', async () => {
      const { db, schema, dispose } = await open();
      try {
        const names = Object.keys(MIGRATIONS);
        expect(await pendingMigrations(db, schema)).toEqual(names);
        await migrateUpTo(db, '003-one-success-per-checkout', schema);
        expect(await pendingMigrations(db, schema)).toEqual(names.slice(names.indexOf('003-one-success-per-checkout') + 1));
        await migrateToLatest(db, schema);
        expect(await pendingMigrations(db, schema)).toEqual([]);
      } finally {
        await db.destroy();
        await dispose();
      }
    });
  });

  describe('003: one successful payment per checkout', () => {
    it('keeps one success of a checkout written before the index, detaches the others, then refuses a second', async () => {
      const { db, schema, dispose } = await open();
      try {
        await migrateUpTo(db, '002-checkouts', schema);
        const entityId = await seedEntity(db);

        // The checkout names its success: that one stays, an earlier stray one goes.
        const named = checkoutRecord(entityId);
        const stray = paymentRecord(entityId, { checkoutId: named.id, createdAt: T0 });
        const reported = paymentRecord(entityId, { checkoutId: named.id, createdAt: T0 + 1 });
        const declined = paymentRecord(entityId, { checkoutId: named.id, status: 'declined', resultCode: '800.100.152' });
        // The checkout names none: the earliest stays.
        const unnamed = checkoutRecord(entityId);
        const first = paymentRecord(entityId, { checkoutId: unnamed.id, createdAt: T0 });
        const second = paymentRecord(entityId, { checkoutId: unnamed.id, createdAt: T0 + 1 });
        const alone = checkoutRecord(entityId);
        const only = paymentRecord(entityId, { checkoutId: alone.id });
        const outside = [paymentRecord(entityId), paymentRecord(entityId)];
        for (const c of [{ ...named, successPaymentId: reported.id }, unnamed, { ...alone, successPaymentId: only.id }]) {
          await db.insertInto('checkouts').values(checkoutToRow(c)).execute();
        }
        for (const p of [stray, reported, declined, second, first, only, ...outside]) await db.insertInto('payments').values(asOldRow(rowBefore008(p))).execute();

        await migrateToLatest(db, schema);

        expect(await checkoutOf(db, reported.id)).toBe(named.id);
        expect(await checkoutOf(db, stray.id)).toBeNull();
        expect(await checkoutOf(db, declined.id)).toBe(named.id);
        expect(await checkoutOf(db, first.id)).toBe(unnamed.id);
        expect(await checkoutOf(db, second.id)).toBeNull();
        expect(await checkoutOf(db, only.id)).toBe(alone.id);
        // A detached payment is otherwise untouched: still successful, still answering as it did.
        const kept = await db.selectFrom('payments').selectAll().where('id', '=', stray.id).executeTakeFirstOrThrow();
        expect(kept).toMatchObject({ status: 'success', result_code: stray.resultCode, response_json: stray.responseJson, amount: stray.amount });

        const insert = (over: Parameters<typeof paymentRecord>[1]) => db.insertInto('payments').values(paymentToRow(paymentRecord(entityId, over))).execute();
        await expect(insert({ checkoutId: named.id })).rejects.toThrow();
        await insert({ checkoutId: named.id, status: 'declined' });
        await insert({ checkoutId: named.id, status: 'pending' });
        await insert({});
      } finally {
        await db.destroy();
        await dispose();
      }
    });
  });
}
