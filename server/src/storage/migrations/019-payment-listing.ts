// The back office's payment list (storage/repositories/payment-search.ts).
// - payments gain what the list filters and searches by and a payment's columns did not say: the
//   method it was paid with, the card's last four digits and the customer's e-mail (lowercase).
//   New rows get them from their record (rows.ts); rows written before are filled here from their
//   stored answer (domain/payment-listing.ts), in batches, a follow-up from the payment it
//   references, so a search for a card's last four finds the whole family.
// - Indexes that let each filter and search read one channel's matches newest first and stop after
//   a page, instead of reading the channel's every payment and sorting them. 013's time index
//   (entity_id, created_at, id) gains, after its order, every column a filter compares (status,
//   payment type, brand, method, amount, open chargebacks): the list, a date range, a filter or
//   several together walk it newest first and check each entry on the index itself, reading from
//   the table only a page's matches. An index per filter would spare the walk for rare values but
//   cost every payment's insert four more B-trees (measured: a third of SQLite's insert rate). A
//   search reads its own index: (entity_id, card_last4 | customer_email, created_at, id), partial,
//   and 013's reference index, which gains (created_at, id); a payment id the primary key, a
//   checkout id 004's index. Open chargebacks, rare and asked for, get a partial index of their own.

import { sql, type Kysely } from 'kysely';
import { listingFactsOfAnswer, type ListingFacts } from '../../domain/payment-listing.js';

/** The columns the backfill reads and writes, as this migration knows them. */
interface BackfillRow {
  id: string;
  referenced_id: string | null;
  payment_brand: string | null;
  response_json: string;
  created_at: number;
  method: string | null;
  card_last4: string | null;
  customer_email: string | null;
}

const BATCH = 1000;

export async function up(raw: Kysely<unknown>): Promise<void> {
  await raw.schema.alterTable('payments').addColumn('method', 'text').execute();
  await raw.schema.alterTable('payments').addColumn('card_last4', 'text').execute();
  await raw.schema.alterTable('payments').addColumn('customer_email', 'text').execute();
  await backfill(raw as Kysely<{ payments: BackfillRow }>);

  const listed = (name: string, column: string) => raw.schema.createIndex(name).on('payments').columns(['entity_id', column, 'created_at', 'id']);
  await listed('payments_entity_last4', 'card_last4').where(sql.ref('card_last4'), 'is not', null).execute();
  await listed('payments_entity_email', 'customer_email').where(sql.ref('customer_email'), 'is not', null).execute();
  // 013's time index carries what every filter compares, after its order: a range of amounts, or
  // filters together (declined AMEX payments of a month), are then checked on the index as it is
  // walked, and only a page's matches are read from the table, instead of every row passed over.
  await raw.schema.dropIndex('payments_entity_time').execute();
  await raw.schema
    .createIndex('payments_entity_time')
    .on('payments')
    .columns(['entity_id', 'created_at', 'id', 'status', 'payment_type', 'payment_brand', 'method', 'amount', 'chargeback_amount'])
    .execute();
  // 013's reference index gains the time, so a search by merchantTransactionId reads a reference's
  // payments in order too (the reports' lookup by reference reads it as before).
  await raw.schema.dropIndex('payments_entity_reference').execute();
  await listed('payments_entity_reference', 'merchant_transaction_id').where(sql.ref('merchant_transaction_id'), 'is not', null).execute();
  // The query names the same fixed predicate (chargeback_amount > 0), so both planners take it.
  await raw.schema.createIndex('payments_entity_chargebacks').on('payments').columns(['entity_id', 'created_at', 'id']).where(sql<boolean>`chargeback_amount > 0`).execute();
}

/** Every row written before, oldest first (a follow-up after its payment), a batch at a time. */
async function backfill(db: Kysely<{ payments: BackfillRow }>): Promise<void> {
  let after: { createdAt: number; id: string } | undefined;
  for (;;) {
    let q = db.selectFrom('payments').select(['id', 'referenced_id', 'payment_brand', 'response_json', 'created_at']);
    if (after) {
      const { createdAt, id } = after;
      q = q.where('created_at', '>=', createdAt).where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(createdAt, id)));
    }
    const rows = await q.orderBy('created_at').orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return;
    const facts = new Map<string, ListingFacts>();
    const parents = await factsOf(db, rows.flatMap((r) => (r.referenced_id === null ? [] : [r.referenced_id])));
    for (const r of rows) {
      const own = listingFactsOfAnswer(r.response_json, r.payment_brand);
      const parent = r.referenced_id === null ? undefined : (facts.get(r.referenced_id) ?? parents.get(r.referenced_id));
      facts.set(r.id, parent ?? own);
    }
    await writeFacts(db, [...facts].filter(([, f]) => f.method !== null || f.cardLast4 !== null || f.customerEmail !== null));
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { createdAt: Number(last.created_at), id: last.id };
  }
}

/** One statement for a batch's rows: each column a CASE on the id, so a million rows are a thousand round trips, not a million. */
async function writeFacts(db: Kysely<{ payments: BackfillRow }>, rows: readonly (readonly [string, ListingFacts])[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (f: ListingFacts) => string | null) =>
    sql<string | null>`case id ${sql.join(rows.map(([id, f]) => sql`when ${id} then ${pick(f)}`), sql` `)} end`;
  await db
    .updateTable('payments')
    .set({ method: column((f) => f.method), card_last4: column((f) => f.cardLast4), customer_email: column((f) => f.customerEmail) })
    .where('id', 'in', rows.map(([id]) => id))
    .execute();
}

/** The facts already filled in for older payments (the ones follow-ups of this batch reference). */
async function factsOf(db: Kysely<{ payments: BackfillRow }>, ids: readonly string[]): Promise<Map<string, ListingFacts>> {
  const found = new Map<string, ListingFacts>();
  if (ids.length === 0) return found;
  const rows = await db.selectFrom('payments').select(['id', 'method', 'card_last4', 'customer_email']).where('id', 'in', [...new Set(ids)]).execute();
  for (const r of rows) found.set(r.id, { method: r.method as ListingFacts['method'], cardLast4: r.card_last4, customerEmail: r.customer_email });
  return found;
}
