// A lost claim is a 409 whatever language the PostgreSQL server speaks: the relay knows a failed
// guard by its SQLSTATE and by which statement of the batch failed, never by the error's words,
// which follow the server's lc_messages. A relay whose every claim is lost (lost-claim-relay.ts)
// is asked for a payment through its HTTP API.
//
// A server translates only into a locale its machine has installed, and a machine of the
// project's kind has none but C (`locale -a`: C, C.utf8, POSIX) though PostgreSQL's catalogues
// (de, fr, ...) are there. So the words are taken away another way, always: every error message
// the driver receives from the server, in this test's process, is replaced with random text
// before anything reads it, its SQLSTATE and every other field left as they are. Where the server
// accepts a non-English lc_messages (one of TRANSLATED), the relay's sessions use it as well.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';
import { admin, startLostClaimRelay, type LostClaimRelay } from './lost-claim-relay.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const unreachable = await postgresUnreachable();
if (unreachable !== undefined && !required) console.warn(`SKIPPED: translated errors test: PostgreSQL is unreachable (${unreachable})`);

/** Locales whose messages PostgreSQL ships translated, as Debian and others name them. */
const TRANSLATED = ['de_DE.UTF-8', 'de_DE.utf8', 'fr_FR.UTF-8', 'fr_FR.utf8', 'es_ES.UTF-8', 'es_ES.utf8', 'ja_JP.UTF-8', 'ru_RU.UTF-8'];

/** The first of TRANSLATED the server takes for lc_messages and really translates into, if any. */
async function translatingLocale(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    for (const locale of TRANSLATED) {
      try {
        await client.query(`set lc_messages to '${locale}'`);
        await client.query('select ln(0)');
      } catch (error) {
        if ((error as pg.DatabaseError).code === '2201E' && !/logarithm/.test((error as Error).message)) return locale;
      }
    }
    return undefined;
  } finally {
    await client.end();
  }
}

/** The driver's handler of the server's ErrorResponse (pg's Client). */
type ErrorHandler = (this: pg.Client, message: { message: string }) => void;
const clientPrototype = pg.Client.prototype as unknown as { _handleErrorMessage: ErrorHandler };

describe.skipIf(unreachable !== undefined && !required)("a lost claim, whatever the words of the server's errors", () => {
  let relay: LostClaimRelay;
  let locale: string | undefined;
  const original = clientPrototype._handleErrorMessage;

  beforeAll(async () => {
    if (unreachable !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${unreachable}`);
    locale = await translatingLocale();
    // Before the relay connects: a client binds this handler to its connection when it opens it.
    clientPrototype._handleErrorMessage = function (message) {
      message.message = `${randomBytes(12).toString('base64')} ${randomBytes(4).toString('hex')}`;
      original.call(this, message);
    };
    relay = await startLostClaimRelay(locale ? [`lc_messages=${locale}`] : []);
  });
  afterAll(async () => {
    clientPrototype._handleErrorMessage = original;
    await relay?.close();
  });

  it('answers 409 when every error the server sends has words no one wrote', async () => {
    // The replacement is in force: the server's own error reaches the caller with random words.
    const probe = new pg.Client({ connectionString: POSTGRES_URL });
    await probe.connect();
    const error = await probe.query('select ln(0)').then(
      () => undefined,
      (e: unknown) => e as pg.DatabaseError,
    );
    await probe.end();
    expect(error?.code).toBe('2201E');
    expect(error?.message).not.toMatch(/logarithm/);

    const res = await relay.pay(`Zoë Ünïque-Customer-${randomBytes(6).toString('hex')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().result.code).toBe('800.110.100');
    // The payment's write was rolled back with its guard.
    expect(await admin<{ n: number }>('select count(*)::int as n from payments', relay.database)).toEqual([{ n: 0 }]);
  });
});
