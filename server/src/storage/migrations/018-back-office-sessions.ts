// The back office's sign-in state, kept in the database so that every relay on it serves the same
// sessions and lockouts: the sessions (keyed by the SHA-256 of the cookie's random value, never the
// value), the counters of failed sign-ins per account and per address that throttle guessing, and
// each merchant's back office settings (the support refund limit, a required second factor), and
// an index on users' addresses for the sign-in, which knows no merchant.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backoffice_sessions')
    // SHA-256 hex of the cookie's value: a leaked table signs nobody in.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Moved at most once a minute (repositories/backoffice-sessions.ts): the idle timeout's clock.
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text')
    .execute();
  // Sign out everywhere, deactivation: every session of one user.
  await db.schema.createIndex('backoffice_sessions_user').on('backoffice_sessions').column('user_id').execute();

  await db.schema
    .createTable('sign_in_failures')
    // 'account:<email>' or 'address:<ip>'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    // Lockouts so far: each one doubles the next one's length (back-off).
    .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('merchant_settings')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey().references('merchants.id'))
    // Minor units of support_refund_currency; null = support agents may not refund (no limit set).
    .addColumn('support_refund_limit', 'bigint')
    .addColumn('support_refund_currency', 'text')
    // 1 = every person of the merchant must use a second factor.
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // A sign-in names an address, not a merchant: its users of every merchant are found by address.
  await db.schema.createIndex('users_email').on('users').column('email').execute();
}
