// The back office with the merchant API beside it on one relay context, for the payment pages'
// tests: payments, follow-ups and webhook endpoints are made through the merchant API, as a shop
// would make them, and looked at or acted on through the back office's API by people signed in
// with the spine's harness (harness.ts).

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app/build-app.js';
import { relayPlugins } from '../../src/app/route-sets.js';
import { defaultConfig } from '../../src/config/config.js';
import { createEntity, createMerchant } from '../../src/merchants/bootstrap.js';
import { formBody, testCard } from '../helper.js';
import { startBackoffice, type BackofficeHarness, type BackofficeHarnessOptions } from './harness.js';

export interface ShopOfBackoffice {
  merchantId: string;
  entityId: string;
  token: string;
}

export interface PaymentsBackoffice {
  bo: BackofficeHarness;
  /** The merchant API on the same context. */
  api: FastifyInstance;
  /** A merchant with its access token and one channel; its people sign in with `{ merchantId }`. */
  shop: ShopOfBackoffice;
  /** Another merchant of the same relay. */
  addShop(): Promise<ShopOfBackoffice>;
  /** POST a form to the merchant API with a shop's token (the first shop's by default). */
  post(url: string, form: Record<string, string>, shop?: ShopOfBackoffice): Promise<LightMyRequestResponse>;
  /** A card payment through the merchant API; answers its id. */
  pay(paymentType: 'PA' | 'DB', extra?: Record<string, string>, shop?: ShopOfBackoffice): Promise<string>;
  close(): Promise<void>;
}

/** `options`: the back office's route sets and logger, for the tests that walk its routes or read its log. */
export async function startPaymentsBackoffice(options: Pick<BackofficeHarnessOptions, 'routeSets' | 'logger'> = {}): Promise<PaymentsBackoffice> {
  // Deliveries are sent to a receiver on this host, on the ladder's rungs without jitter.
  const bo = await startBackoffice({ ...options, config: { webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000, allowPrivate: true } } });
  const api = await buildApp(bo.ctx, { logger: false, plugins: relayPlugins() });
  const addShop = async (): Promise<ShopOfBackoffice> => {
    const { merchant, accessToken } = await createMerchant(bo.store, { name: 'Shop' }, bo.clock.now(), bo.ctx.vault);
    const entity = await createEntity(bo.store, { merchantId: merchant.id, name: 'Shop channel', settings: {} }, bo.clock.now());
    return { merchantId: merchant.id, entityId: entity.id, token: accessToken };
  };
  const shop = await addShop();
  const post = (url: string, form: Record<string, string>, by: ShopOfBackoffice = shop) =>
    api.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: `Bearer ${by.token}` }, payload: formBody(form) });
  return {
    bo,
    api,
    shop,
    addShop,
    post,
    async pay(paymentType, extra = {}, by = shop) {
      const res = await post('/v1/payments', { entityId: by.entityId, amount: '100.00', currency: 'EUR', paymentType, ...testCard(), ...extra }, by);
      if (res.statusCode !== 200) throw new Error(`payment answered ${res.statusCode}: ${res.body}`);
      return res.json().id as string;
    },
    close: async () => {
      await api.close();
      await bo.close();
    },
  };
}

/** A stored card through the merchant API (POST /v1/registrations), as a shop stores one; answers its id. */
export async function storeCard(p: PaymentsBackoffice, shop: ShopOfBackoffice = p.shop, number = '4200000000000000'): Promise<string> {
  const res = await p.post('/v1/registrations', { entityId: shop.entityId, ...testCard(number) }, shop);
  if (res.statusCode !== 200) throw new Error(`registration answered ${res.statusCode}: ${res.body}`);
  return res.json().id as string;
}

/** A schedule of 9.90 EUR charges on a stored card through the merchant API, monthly on the 1st at 08:00 unless `job` says otherwise; answers its id. */
export async function scheduleCharges(p: PaymentsBackoffice, registrationId: string, job: Record<string, string> = { 'job.dayOfMonth': '1', 'job.hour': '8' }, shop: ShopOfBackoffice = p.shop): Promise<string> {
  const res = await p.post('/scheduling/v1/schedules', { entityId: shop.entityId, registrationId, amount: '9.90', currency: 'EUR', paymentType: 'DB', ...job }, shop);
  if (res.statusCode !== 200) throw new Error(`schedule answered ${res.statusCode}: ${res.body}`);
  return res.json().id as string;
}
