// The payments bench/backoffice.ts lists: BENCH_PAYMENTS (default 1,000,000) over twelve months,
// most of them of one merchant's four channels and some of another merchant's, with the mix a shop
// sees (statuses, payment types, brands and their methods, a few chargebacks), realistic card last
// fours, customers' e-mails that come back, order references and checkout ids, and answers of a
// real answer's size. Written in large transactions straight to the tables (rows.ts's shape), the
// fastest each database takes them: one prepared insert on SQLite, unnest() arrays on PostgreSQL.

import Sqlite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { CHECKOUT_SUFFIX } from '../server/src/domain/ids.js';
import { listedEmail, type ListedMethod } from '../server/src/domain/payment-listing.js';
import type { PaymentRecord, PaymentStatus } from '../server/src/domain/records.js';
import { openPostgresStore, openSqliteStore } from '../server/src/storage/index.js';
import { paymentToRow } from '../server/src/storage/rows.js';
import type { PaymentsTable } from '../server/src/storage/schema.js';

export const MONTHS = 12;
export const START = Date.UTC(2025, 11, 1);
export const END = START + MONTHS * 30 * 86_400_000;

/** The merchant the bench lists (four channels) and another one, whose payments it must never see. */
export const MERCHANT = { id: 'a'.repeat(32), channels: ['1', '2', '3', '4'].map((d) => d.repeat(32)) };
export const OTHER = { id: 'b'.repeat(32), channels: ['5'.repeat(32)] };
const ALL_CHANNELS = [...MERCHANT.channels, ...MERCHANT.channels, ...MERCHANT.channels, ...MERCHANT.channels, ...OTHER.channels];

/** Deterministic pseudo-random numbers (mulberry32): the same data on every run and database. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hex(r: () => number, digits: number): string {
  let text = '';
  while (text.length < digits) text += Math.floor(r() * 0x1_0000_0000).toString(16).padStart(8, '0');
  return text.slice(0, digits);
}

function pick<T>(r: number, table: readonly (readonly [T, number])[]): T {
  let left = r;
  for (const [value, weight] of table) {
    if (left < weight) return value;
    left -= weight;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

const BRANDS: readonly (readonly [[string, ListedMethod], number])[] = [
  [['VISA', 'card'], 0.44],
  [['MASTER', 'card'], 0.3],
  [['AMEX', 'card'], 0.07],
  [['BOLETO', 'voucher'], 0.04],
  [['DIRECTDEBIT_SEPA', 'bankAccount'], 0.04],
  [['SOFORTUEBERWEISUNG', 'redirect'], 0.03],
  [['PAYPAL', 'wallet'], 0.04],
  [['ALIPAY', 'virtualAccount'], 0.04],
];
const TYPES: readonly (readonly [string, number])[] = [
  ['DB', 0.58],
  ['PA', 0.2],
  ['CP', 0.1],
  ['RF', 0.08],
  ['RV', 0.03],
  ['CB', 0.01],
];
const STATUSES: readonly (readonly [PaymentStatus, number])[] = [
  ['success', 0.82],
  ['declined', 0.12],
  ['pending', 0.06],
];
const GIVEN = ['ann', 'bo', 'carla', 'dev', 'emil', 'fatima', 'gus', 'hana', 'ivan', 'jo', 'kemal', 'lena', 'maya', 'nils', 'olga', 'pablo'];
const DOMAINS = ['example.com', 'mail.example', 'shop.example', 'post.example'];
/** Customers come back: this many distinct addresses over the whole set. */
const CUSTOMERS = 150_000;

function email(n: number): string {
  return `${GIVEN[n % GIVEN.length]}.${Math.floor(n / GIVEN.length)}@${DOMAINS[n % DOMAINS.length]}`;
}

/** A payment's answer: what the relay stores, about a kilobyte with card and customer. */
function answer(p: { id: string; type: string; brand: string; amount: number; last4: string | null; email: string | null; reference: string }): string {
  return JSON.stringify({
    id: p.id,
    paymentType: p.type,
    paymentBrand: p.brand,
    amount: (p.amount / 100).toFixed(2),
    currency: 'EUR',
    descriptor: '1234.5678.9012 Bench shop',
    merchantTransactionId: p.reference,
    result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
    resultDetails: { ExtendedDescription: 'Approved', ConnectorTxID1: p.id.slice(-16), AcquirerResponse: '00' },
    ...(p.last4 ? { card: { bin: '420000', last4Digits: p.last4, holder: 'Jane Jones', expiryMonth: '12', expiryYear: '2030' } } : {}),
    ...(p.email ? { customer: { email: p.email, givenName: 'Jane', surname: 'Jones', ip: '203.0.113.7' } } : {}),
    billing: { street1: 'Main street 1', city: 'Berlin', postcode: '10115', country: 'DE' },
    risk: { score: '0' },
  });
}

/** The i-th of `count` payments, spread evenly over the months, newest last. */
export function benchPayment(i: number, count: number): PaymentRecord {
  const r = random(i + 1);
  const createdAt = START + Math.floor(((END - START) * i) / count);
  // The relay's id shape (time, then 80 random bits), drawn from the seed so a run can name its samples again.
  const id = createdAt.toString(16).padStart(12, '0') + hex(r, 20);
  const [brand, method] = pick(r(), BRANDS);
  const type = pick(r(), TYPES);
  const status = type === 'DB' || type === 'PA' ? pick(r(), STATUSES) : 'success';
  const last4 = method === 'card' ? String(Math.floor(r() * 10_000)).padStart(4, '0') : null;
  const customer = r() < 0.7 ? email(Math.floor(r() * CUSTOMERS)) : null;
  // A few cents of spread on top of an order's usual size: 1.00 to about 2,000.00.
  const amount = 100 + Math.floor(Math.exp(r() * Math.log(200_000)));
  const reference = `ORD-${String(100_000 + i)}`;
  return {
    id,
    entityId: ALL_CHANNELS[Math.floor(r() * ALL_CHANNELS.length)] as string,
    paymentType: type,
    paymentBrand: brand,
    amount,
    currency: 'EUR',
    status,
    resultCode: status === 'success' ? '000.100.110' : status === 'declined' ? '800.100.151' : '000.200.000',
    referencedId: null,
    registrationId: null,
    checkoutId: r() < 0.3 ? id.toUpperCase() + CHECKOUT_SUFFIX.test : null,
    capturedAmount: 0,
    refundedAmount: 0,
    // One successful debit in three hundred is charged back.
    chargebackAmount: status === 'success' && type === 'DB' && r() < 1 / 300 ? amount : 0,
    reversed: false,
    responseJson: answer({ id, type, brand, amount, last4, email: customer, reference }),
    pendingJson: null,
    pendingKind: status === 'pending' ? (method === 'voucher' ? 'slip' : 'three-d-secure') : null,
    createdAt,
    updatedAt: createdAt,
    merchantTransactionId: reference,
    fxQuote: null,
    method,
    cardLast4: last4,
    customerEmail: listedEmail(customer),
  };
}

/** Rows per transaction. */
const CHUNK = 20_000;

function rowsOf(from: number, to: number, count: number): PaymentsTable[] {
  return Array.from({ length: to - from }, (_, k) => paymentToRow(benchPayment(from + k, count)));
}

export async function seedSqlite(file: string, count: number): Promise<void> {
  const db = new Sqlite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    const columns = Object.keys(paymentToRow(benchPayment(0, count)));
    const insert = db.prepare(`insert into payments (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
    seedOwners(db);
    // The migrated indexes are set aside and built again after the load: one sorted build each.
    const indexes = db.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null").all() as { name: string; sql: string }[];
    for (const index of indexes) db.exec(`drop index ${index.name}`);
    const many = db.transaction((rows: PaymentsTable[]) => {
      for (const row of rows) insert.run(row);
    });
    for (let i = 0; i < count; i += CHUNK) many(rowsOf(i, Math.min(count, i + CHUNK), count));
    for (const index of indexes) db.exec(index.sql);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function seedOwners(db: Sqlite.Database): void {
  const merchant = db.prepare('insert into merchants (id, name, token_hash, webhook_secret, created_at) values (?, ?, ?, ?, ?)');
  const entity = db.prepare('insert into entities (id, merchant_id, name, settings, created_at) values (?, ?, ?, ?, ?)');
  for (const m of [MERCHANT, OTHER]) {
    merchant.run(m.id, `Merchant ${m.id[0]}`, randomBytes(32).toString('hex'), randomBytes(32).toString('hex'), START);
    m.channels.forEach((c, n) => entity.run(c, m.id, `Channel ${n + 1}`, '{}', START));
  }
}

/** PostgreSQL types of the payments columns, for unnest(). */
const PG_TYPES: Record<string, string> = { amount: 'bigint', captured_amount: 'bigint', refunded_amount: 'bigint', chargeback_amount: 'bigint', reversed: 'integer', created_at: 'bigint', updated_at: 'bigint' };

export async function seedPostgres(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const m of [MERCHANT, OTHER]) {
      await client.query('insert into merchants (id, name, token_hash, webhook_secret, created_at) values ($1, $2, $3, $4, $5)', [m.id, `Merchant ${m.id[0]}`, randomBytes(32).toString('hex'), randomBytes(32).toString('hex'), START]);
      for (const [n, c] of m.channels.entries()) await client.query('insert into entities (id, merchant_id, name, settings, created_at) values ($1, $2, $3, $4, $5)', [c, m.id, `Channel ${n + 1}`, '{}', START]);
    }
    // The migrated indexes are set aside and built again after the load: one sorted build each.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>("select indexname, indexdef from pg_indexes where tablename = 'payments' and indexname not like '%_pkey' and indexname not like '%_key'");
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    const columns = Object.keys(paymentToRow(benchPayment(0, count))) as (keyof PaymentsTable)[];
    const text = `insert into payments (${columns.join(', ')}) select * from unnest(${columns.map((c, n) => `$${n + 1}::${PG_TYPES[c] ?? 'text'}[]`).join(', ')})`;
    for (let i = 0; i < count; i += CHUNK) {
      const rows = rowsOf(i, Math.min(count, i + CHUNK), count);
      await client.query(text, columns.map((c) => rows.map((row) => row[c])));
    }
    for (const index of indexes) await client.query(index.indexdef);
    // What autovacuum does after a load this size, done now so the planner knows the table and
    // index-only scans need not visit it.
    await client.query('vacuum analyze payments');
  } finally {
    await client.end();
  }
}

/**
 * Run as a program (`backoffice-seed.ts sqlite FILE COUNT` or `postgres URL COUNT`): migrates the
 * database and seeds it in a process of its own, so the bench's process measures the export's
 * memory from its own size, not from the load's.
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [kind, target, count] = process.argv.slice(2);
  if (!target || !count) throw new Error('usage: backoffice-seed.ts sqlite|postgres FILE|URL COUNT');
  const store = kind === 'postgres' ? await openPostgresStore(target) : await openSqliteStore(target);
  await store.migrate();
  await store.close();
  await (kind === 'postgres' ? seedPostgres(target, Number(count)) : seedSqlite(target, Number(count)));
}
