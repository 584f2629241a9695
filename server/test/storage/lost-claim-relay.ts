// A relay on PostgreSQL whose every Idempotency-Key claim is lost by design: a trigger hands each
// claim to another relay the moment it is written, as a relay that took over an expired lease
// would. The request then runs, and its write, guarded on the claim still being its own, fails
// with the whole group rolled back (ClaimLostError, 409). Runs in a database of its own, its
// connections opened with the session settings given (`-c name=value`, as libpq's options), so
// the shared server is never reconfigured.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgresStore } from '../../src/storage/index.js';
import { startTestRelayWith, testCard, type TestRelay } from '../helper.js';
import { POSTGRES_URL } from '../../../e2e/support/relay-cluster.js';

/** Runs `text` on the shared server's own database, on a connection of its own. */
export async function admin<R extends pg.QueryResultRow>(text: string, database?: string): Promise<R[]> {
  const url = new URL(POSTGRES_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

export interface LostClaimRelay {
  relay: TestRelay;
  /** The relay's own database. */
  database: string;
  /** A payment by the customer named `name`, with an Idempotency-Key: its claim is lost. */
  pay(name: string): ReturnType<TestRelay['post']>;
  close(): Promise<void>;
}

export async function startLostClaimRelay(sessionSettings: string[]): Promise<LostClaimRelay> {
  const database = `pw_claim_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${database}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  url.searchParams.set('application_name', database);
  if (sessionSettings.length > 0) url.searchParams.set('options', sessionSettings.map((s) => `-c ${s}`).join(' '));
  let relay: TestRelay;
  try {
    relay = await startTestRelayWith({ openStore: () => openPostgresStore(url.href) });
  } catch (error) {
    await admin(`drop database if exists ${database} with (force)`);
    throw error;
  }
  await admin(
    `create function take_claim() returns trigger language plpgsql as $$ begin new.owner := 'another-relay'; return new; end $$;
     create trigger another_relay_takes_the_claim before insert on idempotency_keys for each row execute function take_claim();`,
    database,
  );
  return {
    relay,
    database,
    pay: (name) =>
      relay.post(
        '/v1/payments',
        {
          entityId: relay.merchant.entityId,
          amount: '12.00',
          currency: 'EUR',
          paymentType: 'DB',
          paymentBrand: 'VISA',
          ...testCard('4200000000000000', { 'card.holder': name }),
          'customer.givenName': name,
          'customer.email': 'zoe.unique@example.com',
          'billing.street1': `${name} Street 1`,
          'billing.city': 'Berlin',
          'billing.postcode': '10115',
          'billing.country': 'DE',
          merchantTransactionId: `order-${randomBytes(4).toString('hex')}`,
        },
        { headers: { 'idempotency-key': `key-${randomBytes(8).toString('hex')}` } },
      ),
    close: async () => {
      await relay.close();
      await admin(`drop database if exists ${database} with (force)`);
    },
  };
}
