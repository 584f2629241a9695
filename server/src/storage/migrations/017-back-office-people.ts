// The back office's people: a merchant's users (one per e-mail address and merchant, the address
// stored lowercase so the unique index compares it without case), the one-time invitations that
// let a user set a password (only the token's hash kept), and the audit log, append-only, read
// newest first in keyset pages from its (merchant_id, at, id) index.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    // Null until the invitation is accepted.
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    // JSON array of entity ids; null = every channel of the merchant.
    .addColumn('channel_ids', 'text')
    // Sealed before it is stored; null = no second factor.
    .addColumn('totp_secret', 'text')
    // The last accepted code's step, so a code is never accepted twice, on any relay.
    .addColumn('totp_last_step', 'bigint')
    // JSON array of the unused recovery codes' hashes; null = none issued.
    .addColumn('recovery_code_hashes', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .addCheckConstraint('users_status', sql`status in ('invited', 'active', 'deactivated')`)
    .execute();
  await db.schema.createIndex('users_merchant_email').on('users').columns(['merchant_id', 'email']).unique().execute();

  await db.schema
    .createTable('user_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_invitations_user').on('user_invitations').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    // Null: the relay itself or its command line.
    .addColumn('user_id', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_merchant_time').on('audit_log').columns(['merchant_id', 'at', 'id']).execute();
}
