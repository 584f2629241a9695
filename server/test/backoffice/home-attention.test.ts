// GET /api/home's channels and "needs attention": only the channels the person may see (one named
// channel, 404 when not one of them, 400 when no channel id at all), failing webhook endpoints only
// for those who manage webhooks, open chargebacks, schedules whose last charge was declined and
// slips about to expire, each with the id its page is found by. Everything made through the
// merchant API and run by the relay's own jobs.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLIP_WINDOW_MS } from '../../src/backoffice/home/attention.js';
import { slipStateOf } from '../../src/vouchers/slip-state.js';
import { testCard } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import type { NewUser } from './harness.js';
import type { Role } from '../../src/domain/roles.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

let env: PaymentsBackoffice;
let receiver: WebhookReceiver;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
  receiver = await startReceiver();
});

afterEach(async () => {
  await receiver.close();
  await env.close();
});

const signIn = (role: Role, options: NewUser = {}) => env.bo.signIn(role, { merchantId: env.shop.merchantId, ...options });

describe('GET /api/home: channels', () => {
  it("counts only the channels the person may see, one of them when asked, and nobody else's", async () => {
    const second = await env.bo.addEntity(env.shop.merchantId);
    await env.pay('DB');
    await env.pay('DB', { entityId: second });
    await env.pay('DB', { entityId: second });
    const other = await env.addShop();
    await env.pay('DB', {}, other);

    const owner = await signIn('owner');
    const all = (await owner.get('/api/home')).json();
    expect(all.today.payments.succeeded).toBe(3);
    expect(all.channel).toBeNull();
    const one = await owner.get(`/api/home?channel=${second}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ channel: second, today: { payments: { succeeded: 2 } } });

    const limited = await signIn('viewer', { channelIds: [env.shop.entityId] });
    expect((await limited.get('/api/home')).json().today.payments.succeeded).toBe(1);
    expect((await limited.get(`/api/home?channel=${second}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/home?channel=${other.entityId}`)).statusCode).toBe(404);

    const bad = await owner.get('/api/home?channel=not-a-channel');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalidParameters', parameters: [{ name: 'channel' }] });
    expect((await owner.get(`/api/home?channel=${second}&channel=${second}`)).statusCode).toBe(400);
  });
});

describe('GET /api/home: needs attention', () => {
  it('lists failing and disabled webhook endpoints to those who manage webhooks only', async () => {
    // Made while the receiver answers (an endpoint is activated by a first answer), then it fails.
    const made = await env.post('/v1/webhooks', { entityId: env.shop.entityId, url: receiver.url });
    expect(made.json().state).toBe('active');
    const failing = made.json().id as string;
    receiver.answer = () => 500;
    await env.pay('DB');
    await env.bo.ctx.jobs.runDue();

    const developer = (await (await signIn('developer')).get('/api/home')).json();
    expect(developer.attention.failingEndpoints).toMatchObject({ total: 1, items: [{ endpointId: failing, entityId: env.shop.entityId, url: receiver.url, reason: 'failing', lastStatus: 500 }] });
    expect((await (await signIn('support')).get('/api/home')).json().attention).not.toHaveProperty('failingEndpoints');

    // An endpoint that answers 410 Gone is disabled by the relay: it stays on the list.
    receiver.answer = () => 410;
    env.bo.clock.advance(60 * 60_000);
    await env.bo.ctx.jobs.runDue();
    const after = (await (await signIn('developer')).get('/api/home')).json();
    expect(after.attention.failingEndpoints.items).toEqual([expect.objectContaining({ endpointId: failing, reason: 'disabled' })]);
  });

  it("lists payments with an open chargeback until it is reversed", async () => {
    const paid = await env.pay('DB');
    const cb = await env.post(`/v1/test/payments/${paid}/chargeback`, { entityId: env.shop.entityId, amount: '30.00', currency: 'EUR', reasonCode: '000.100.220' });
    expect(cb.statusCode, cb.body).toBe(200);
    const support = await signIn('support');
    expect((await support.get('/api/home')).json().attention.openChargebacks).toEqual({
      total: 1,
      items: [{ paymentId: paid, entityId: env.shop.entityId, amount: '30.00', currency: 'EUR', createdAt: expect.any(Number) }],
    });
    await env.post(`/v1/test/payments/${paid}/chargeback-reversal`, { entityId: env.shop.entityId, chargebackId: cb.json().id });
    expect((await support.get('/api/home')).json().attention.openChargebacks).toEqual({ total: 0, items: [] });
  });

  it('lists an active schedule whose last charge was declined', async () => {
    // The card expires at the end of this month (the harness's clock is in November 2026): December's charge is declined.
    const registration = await env.post('/v1/registrations', { entityId: env.shop.entityId, paymentBrand: 'VISA', ...testCard('4200000000000000', { 'card.expiryMonth': '11', 'card.expiryYear': '2026' }) });
    expect(registration.statusCode, registration.body).toBe(200);
    const made = await env.post('/scheduling/v1/schedules', { entityId: env.shop.entityId, registrationId: registration.json().id, amount: '19.99', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '1', 'job.month': '*' });
    expect(made.statusCode, made.body).toBe(200);
    expect((await (await signIn('owner')).get('/api/home')).json().attention.failedSchedules).toEqual({ total: 0, items: [] });

    env.bo.clock.set(Date.UTC(2026, 11, 1, 0, 0, 1));
    await env.bo.ctx.jobs.runDue();
    await env.bo.ctx.jobs.runDue();
    // Signed in again: a session ends after half an hour without use, and the clock moved a week.
    const owner = await signIn('owner');
    expect((await owner.get('/api/home')).json().attention.failedSchedules).toEqual({
      total: 1,
      items: [{ scheduleId: made.json().id, entityId: env.shop.entityId, amount: '19.99', currency: 'EUR', scheduledAt: Date.UTC(2026, 11, 1), status: 'declined', resultCode: '100.100.303' }],
    });
  });

  it(`lists slips whose last day to be paid ends within ${SLIP_WINDOW_MS / 3_600_000} hours`, async () => {
    const slip = await env.post('/v1/payments', {
      entityId: env.shop.entityId,
      amount: '92.00',
      currency: 'BRL',
      paymentBrand: 'BOLETO',
      paymentType: 'PA',
      'billing.street1': 'Avenida Paulista 1000',
      'billing.city': 'Sao Paulo',
      'billing.state': 'SP',
      'billing.postcode': '01310100',
      'billing.country': 'BR',
      'customer.givenName': 'Maria',
      'customer.surname': 'Souza',
      'customer.email': 'maria@example.com',
      'customer.identificationDocType': 'TAXSTATEMENT',
      'customer.identificationDocId': '52998224725',
      shopperResultUrl: 'https://shop.example/result',
      testMode: 'EXTERNAL',
    });
    expect(slip.statusCode, slip.body).toBe(200);
    const id = slip.json().id as string;
    const expiresAt = slipStateOf((await env.bo.store.payments.findById(id))?.pendingJson ?? null)?.voucher.expiresAt ?? 0;
    // Signed in after each move of the clock: a session ends after half an hour without use.
    env.bo.clock.set(expiresAt - SLIP_WINDOW_MS - 60_000);
    expect((await (await signIn('owner')).get('/api/home')).json().attention.expiringSlips).toEqual({ total: 0, windowHours: 48, items: [] });
    env.bo.clock.set(expiresAt - SLIP_WINDOW_MS + 60_000);
    expect((await (await signIn('owner')).get('/api/home')).json().attention.expiringSlips).toEqual({
      total: 1,
      windowHours: 48,
      items: [{ paymentId: id, entityId: env.shop.entityId, amount: '92.00', currency: 'BRL', expiresAt }],
    });
  });
});
