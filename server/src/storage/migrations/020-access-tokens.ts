// Named access tokens: a merchant may hold several at once, so a leaked token is rotated without
// downtime (create a second, move the shop to it, revoke the first). Only each token's SHA-256 is
// kept, unique across merchants because the API finds the merchant by it. A revoked token keeps its
// row (revoked_at set) for the audit's sake. Each merchant's one token of before becomes its
// "Initial token"; merchants.token_hash stays as it was (the hash its first token had) and is no
// longer read to authenticate.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/** The tables as this migration sees them, whatever later migrations make of them. */
interface Tables {
  merchants: { id: string; token_hash: string; created_at: number };
  access_tokens: { id: string; merchant_id: string; name: string; token_hash: string; created_at: number; last_used_at: number | null; revoked_at: number | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Written at most once a minute per token (domain/access-tokens.ts), never per request.
    .addColumn('last_used_at', 'bigint')
    // Null while the token works.
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('access_tokens_merchant').on('access_tokens').columns(['merchant_id', 'created_at']).execute();

  const tables = db as unknown as Kysely<Tables>;
  const merchants = await tables.selectFrom('merchants').select(['id', 'token_hash', 'created_at']).execute();
  for (const m of merchants) {
    await tables
      .insertInto('access_tokens')
      .values({ id: randomBytes(16).toString('hex'), merchant_id: m.id, name: 'Initial token', token_hash: m.token_hash, created_at: Number(m.created_at), last_used_at: null, revoked_at: null })
      .execute();
  }
}
