// Builds the real relay for a test: a fresh SQLite file in a temp folder (or the store given), a
// ManualClock, a merchant with one or more entities, and the app; close() tears everything down.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app/build-app.js';
import { createEntity, createMerchant } from '../src/merchants/bootstrap.js';
import { defaultConfig, type Config, type LogFormat } from '../src/config/config.js';
import type { AppContext } from '../src/app/context.js';
import { ManualClock } from '../src/domain/clock.js';
import { relayPlugins } from '../src/app/route-sets.js';
import { createContext } from '../src/app/create-context.js';
import type { Store } from '../src/storage/store.js';
import type { EntitySettings } from '../src/domain/records.js';

export interface TestMerchant {
  merchantId: string;
  token: string;
  entityId: string;
  /** The merchant's webhook secret (64 hex): it seals notificationUrl deliveries. */
  webhookSecret: string;
}

export interface TestRelay {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  dataDir: string;
  merchant: TestMerchant;
  /** A further merchant with its own token and entity, or another entity of an existing one. */
  addMerchant(settings?: EntitySettings): Promise<TestMerchant>;
  addEntity(merchantId: string, settings?: EntitySettings): Promise<string>;
  /** POST a form body with the test merchant's token (or the one given). */
  post(url: string, form: Record<string, string> | string, options?: { token?: string | null; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  get(url: string, options?: { token?: string | null }): Promise<LightMyRequestResponse>;
  del(url: string, options?: { token?: string | null }): Promise<LightMyRequestResponse>;
  /**
   * POST a checkout's account form as the widget's non-card forms do from the shop's page: no
   * token, the page's origin (https://shop.example unless given), cross-site, and a result URL.
   */
  postAccount(checkoutId: string, form: Record<string, string>, origin?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A whole form body; a string is sent as-is (for malformed-body tests). */
export function formBody(form: Record<string, string> | string): string {
  return typeof form === 'string' ? form : new URLSearchParams(form).toString();
}

export async function startTestRelay(
  overrides: Partial<Config> = {},
  settings: EntitySettings = {},
  logStream?: NodeJS.WritableStream,
  logFormat: LogFormat = 'json',
): Promise<TestRelay> {
  return startTestRelayWith({ overrides, settings, ...(logStream ? { log: { stream: logStream, format: logFormat } } : {}) });
}

export interface TestRelayOptions {
  overrides?: Partial<Config>;
  settings?: EntitySettings;
  log?: { stream: NodeJS.WritableStream; format: LogFormat };
  /** The store, opened in the relay's data folder; by default the relay opens its SQLite file there. */
  openStore?: (dataDir: string) => Promise<Store>;
  /** Runs once the relay and its store are closed (a PostgreSQL schema dropped). */
  afterClose?: () => Promise<void>;
  /** Where the widget's built assets are read from; by default where `npm run build:widget` writes them. */
  widgetDistDir?: string;
}

/** The test relay of startTestRelay, on the store given. */
export async function startTestRelayWith(options: TestRelayOptions): Promise<TestRelay> {
  const { overrides = {}, settings = {}, log } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'paywidgets-test-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const config: Config = { ...defaultConfig, dataDir, publicUrl: 'http://relay.test', demoPort: 0, ...overrides };
  const store = options.openStore && (await options.openStore(dataDir));
  const ctx = await createContext(config, { clock, ...(store ? { store } : {}) });
  const app = await buildApp(ctx, { logger: log ?? false, plugins: relayPlugins(options.widgetDistDir) });

  async function addEntity(merchantId: string, entitySettings: EntitySettings = {}): Promise<string> {
    return (await createEntity(ctx.store, { merchantId, name: 'Channel', settings: entitySettings }, clock.now())).id;
  }
  async function addMerchant(entitySettings: EntitySettings = {}): Promise<TestMerchant> {
    const { merchant, accessToken, webhookSecret } = await createMerchant(ctx.store, { name: 'Merchant' }, clock.now(), ctx.vault);
    return { merchantId: merchant.id, token: accessToken, webhookSecret, entityId: await addEntity(merchant.id, entitySettings) };
  }
  const merchant = await addMerchant(settings);

  function auth(token: string | null | undefined): Record<string, string> {
    const t = token === undefined ? merchant.token : token;
    return t === null ? {} : { authorization: `Bearer ${t}` };
  }
  return {
    app,
    ctx,
    clock,
    dataDir,
    merchant,
    addMerchant,
    addEntity,
    post: (url, form, options = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...auth(options.token), ...options.headers },
        payload: formBody(form),
      }),
    get: (url, options = {}) => app.inject({ method: 'GET', url, headers: auth(options.token) }),
    del: (url, options = {}) => app.inject({ method: 'DELETE', url, headers: auth(options.token) }),
    postAccount: (checkoutId, form, origin = 'https://shop.example') =>
      app.inject({
        method: 'POST',
        url: `/v1/checkouts/${checkoutId}/account`,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin, 'sec-fetch-site': 'cross-site' },
        payload: formBody({ shopperResultUrl: 'https://shop.example/result', ...form }),
      }),
    close: async () => {
      await app.close();
      await ctx.jobs.stop();
      await ctx.webhooks.close();
      await ctx.throttle.close();
      await ctx.store.close();
      rmSync(dataDir, { recursive: true, force: true });
      await options.afterClose?.();
    },
  };
}

/**
 * The shopper's browser data a server-to-server payment needs when it goes to 3-D Secure (v2):
 * what the widget sends from a desktop Chromium.
 */
export function browserData(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'customer.browser.acceptHeader': 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'customer.browser.language': 'de-DE',
    'customer.browser.screenHeight': '1080',
    'customer.browser.screenWidth': '1920',
    'customer.browser.timezone': '-60',
    'customer.browser.userAgent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    'customer.browser.javaEnabled': 'false',
    'customer.browser.screenColorDepth': '24',
    ...extra,
  };
}

/** Card parameters of a test card with a future expiry. */
export function testCard(number = '4200000000000000', extra: Record<string, string> = {}): Record<string, string> {
  return { 'card.number': number, 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123', ...extra };
}
