// No card data in the logs: a card payment made through the merchant API (4200000000000000, CVV
// 123), then an owner walks the back office over it (its detail, the list searched for the card
// number, the payments' and the audit's exports, and every other GET route searched for it), with
// the relay and the back office logging at their most verbose into one stream the test reads, with
// the relay's logger options as the process has them (main.ts: the back office's logger is a child
// of the relay's). Neither the number nor the CVV may be in it.

import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import { relayPlugins } from '../../src/app/route-sets.js';
import { loggerOptions } from '../../src/config/logging.js';
import { createMerchant } from '../../src/merchants/bootstrap.js';
import { formBody, testCard } from '../helper.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';
import { collectRoutes } from './route-collector.js';

const CARD_NUMBER = '4200000000000000';
const CVV = '123';

describe('no card data in the logs', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { routeSets, routes } = collectRoutes();
  let bo: BackofficeHarness;
  let relay: FastifyInstance;
  let paymentId: string;

  beforeAll(async () => {
    // The relay's logger, made before the back office's context exists (main.ts builds the relay first).
    const relayLogger = Fastify({ logger: { ...loggerOptions('trace'), stream } }).log;
    bo = await startBackoffice({ routeSets, logger: relayLogger.child({ part: 'backoffice' }), config: { logLevel: 'trace' } });
    relay = await buildApp(bo.ctx, { logger: { stream }, plugins: relayPlugins() });
    const { merchant, accessToken } = await createMerchant(bo.store, { name: 'Card shop' }, bo.clock.now(), bo.ctx.vault);
    const entityId = await bo.addEntity(merchant.id);
    const paid = await relay.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: `Bearer ${accessToken}` },
      payload: formBody({ entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', merchantTransactionId: 'order-0001', ...testCard(CARD_NUMBER, { 'card.cvv': CVV }) }),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    paymentId = paid.json().id;

    const owner = await bo.signIn('owner', { merchantId: merchant.id });
    expect((await owner.get(`/api/payments/${paymentId}`)).statusCode).toBe(200);
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const path = route.url.replace(/:[A-Za-z]+/g, paymentId);
      for (const query of ['', `?q=${CARD_NUMBER}`, `?q=${paymentId}`]) expect((await owner.get(`${path}${query}`)).statusCode, path).toBeLessThan(500);
    }
    // The list searched for the number, and both exports (the payments', the audit's), by name.
    const searched = await owner.get(`/api/payments?q=${CARD_NUMBER}`);
    expect(searched.statusCode, searched.body).toBeLessThan(500);
    expect(searched.body).not.toContain(CARD_NUMBER);
    const listed = await owner.get('/api/payments');
    expect(listed.json().payments.map((row: { id: string }) => row.id)).toContain(paymentId);
    for (const url of ['/api/payments/export.csv', `/api/payments/export.csv?q=${CARD_NUMBER}`, '/api/audit/export.csv']) {
      const exported = await owner.get(url);
      expect(exported.statusCode, url).toBe(200);
      expect(exported.body, url).not.toContain(CARD_NUMBER);
    }
    expect((await owner.get('/api/payments/export.csv')).body).toContain(paymentId);
  });
  afterAll(async () => {
    await relay.close();
    await bo.close();
  });

  it('logged the walk (the stream is the one the relay writes to)', () => {
    expect(lines.join('')).toContain('/v1/payments');
  });

  it('holds neither the card number nor the CVV', () => {
    const log = lines.join('');
    expect(log).not.toContain(CARD_NUMBER);
    // The CVV as a value (JSON, form or query): three digits alone also occur in times and ids.
    expect(log).not.toMatch(new RegExp(`"${CVV}"|=${CVV}(?![0-9])`));
    expect(log.toLowerCase()).not.toContain('cvv');
  });
});
