// Typed fixtures of the browser tests. Import `test` and `expect` from here, not from
// @playwright/test:
//
//   import { expect, test } from '../fixtures.js';
//   test('pays', async ({ merchantPage, relay }) => {
//     const shop = await merchantPage.open('basic', {
//       options: () => Object.assign(window, { wpwlOptions: { style: 'plain', onReady: () => console.log('ready') } }),
//     });
//     const form = shop.cardForm();
//     await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123' });
//     await form.pay();
//     const { id } = await shop.waitForResult();
//     expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\.100\.1/);
//   });
//
// Worker fixtures (one per Playwright worker, started on first use):
//   relay          the real relay as a child process (fresh SQLite data folder, free ports) + API helpers;
//                  its data folder for support/relay-store.ts
//   merchantServer the merchant origin (127.0.0.1) serving e2e/pages/*.html
// Test fixtures:
//   merchantPage   opens a merchant page with a fresh checkout; attaches the relay log on failure
//   demoShop       the relay's demo shop, once it answers
//   cardForm       CardForm of the first card form on `page`

import { test as base, expect } from '@playwright/test';
import { CardForm } from './pages/card-form.js';
import { MerchantPage } from './pages/merchant-page.js';
import { MerchantServer, escapeHtml } from './support/merchant-server.js';
import { RelayApi, type CheckoutParams, type PaymentStatus, type RelayResponse } from './support/relay-api.js';
import { RELAY_START_TIMEOUT_MS, logTail, startRelay, type RelayCredentials, type RelayProcess } from './support/relay-process.js';
import { answersHttp, waitUntil } from './support/wait-until.js';

export { expect };
export { answerThreeDSecure, CardForm, futureExpiry, testCards, type CardDetails, type CardFormLabels } from './pages/card-form.js';
export type { MerchantPage, ShopperResult } from './pages/merchant-page.js';
export type { CheckoutParams, PaymentStatus, RelayResponse, RelayCredentials };

/** The back office's origin and the sign-in of the owner `npm start` created for the test merchant. */
export type BackOfficeSignIn = NonNullable<RelayCredentials['backOffice']>;

export interface Relay {
  /** Origin of the relay, http://localhost:<port>. */
  url: string;
  /** Origin of the relay's demo shop, http://127.0.0.1:<port> (use the demoShop fixture to wait for it). */
  demoUrl: string;
  /** The test merchant the relay created in its fresh store. */
  credentials: RelayCredentials;
  /** The relay's back office and the sign-in of the test merchant's owner (see e2e/back-office/). */
  backOffice: BackOfficeSignIn | undefined;
  /** The relay process's output. */
  logFile: string;
  /**
   * The relay's DATA_DIR: its SQLite store (relay.sqlite, WAL mode) and test-merchant.json. Tests
   * reach into it with e2e/support/relay-store.ts (expire a checkout, run the operator CLI).
   */
  dataDir: string;
  /** POST /v1/checkouts with amount 49.90, currency EUR, paymentType DB unless given; returns the id. */
  prepareCheckout(params?: CheckoutParams): Promise<string>;
  /** GET /v1/checkouts/{id}/payment?entityId=… (two reads a minute per checkout). */
  paymentStatus(checkoutId: string): Promise<PaymentStatus>;
  /** Any API call with the merchant's token; form = body for POST, query otherwise. */
  request(method: 'GET' | 'POST' | 'DELETE', path: string, form?: Readonly<Record<string, string>>): Promise<RelayResponse>;
}

/** Where the page sets window.wpwlOptions relative to the loader script (pages do all three). */
export type OptionsAt = 'before-script' | 'after-script' | 'dom-ready';

export interface OpenMerchantPageOptions {
  /** Use this checkout instead of preparing one (e.g. an expired or unknown id, or `ID/registration`). */
  checkoutId?: string;
  /** Parameters of the checkout prepared for the page. */
  checkout?: CheckoutParams;
  /**
   * Script that sets window.wpwlOptions: source text, or a function run in the page (serialised
   * like page.evaluate: it cannot use variables of the test). In a function write
   * `Object.assign(window, { wpwlOptions: {...} })`, which type-checks without a global declaration.
   */
  options?: string | (() => unknown);
  /** Default 'before-script'. */
  optionsAt?: OptionsAt;
  /** data-brands of the form; default 'VISA MASTER AMEX'. */
  brands?: string;
  /** Extra attributes of form.paymentWidgets (escaped). */
  formAttributes?: Readonly<Record<string, string>>;
  /** Extra attributes of the loader's script tag (escaped), e.g. integrity and crossorigin. */
  scriptAttributes?: Readonly<Record<string, string>>;
  /** The form's action; default the merchant origin's /result. */
  resultUrl?: string;
  /** Markup added to head / after the form, as is. Give inline scripts nonce="{{nonce}}" to pass strictCsp. */
  head?: string;
  body?: string;
  /** Content-Security-Policy of the page; `{relay}` = the relay origin, `{nonce}` = the page's script nonce. */
  csp?: string;
  /** <html lang>; default 'en'. */
  lang?: string;
  /** Values of template-specific placeholders (two-forms: secondBrands), escaped. */
  values?: Readonly<Record<string, string>>;
}

export interface MerchantPages {
  /** Opens e2e/pages/<template>.html on the merchant origin and returns once it has loaded. */
  open(template: string, options?: OpenMerchantPageOptions): Promise<MerchantPage>;
}

/** A CSP that allows only the relay's origin for every sub-resource, and the page's own inline scripts by nonce. */
export const strictCsp =
  "default-src 'none'; script-src 'nonce-{nonce}' {relay}; style-src {relay}; img-src {relay}; font-src {relay}; " +
  "connect-src {relay}; frame-src {relay}; form-action 'self' {relay}; base-uri 'none'";

function attributes(values: Readonly<Record<string, string>> = {}): string {
  return Object.entries(values)
    .map(([name, value]) => {
      if (!/^[a-zA-Z_:][a-zA-Z0-9_.:-]*$/.test(name)) throw new Error(`bad attribute name ${JSON.stringify(name)}`);
      return ` ${name}="${escapeHtml(value)}"`;
    })
    .join('');
}

function optionsSource(options: OpenMerchantPageOptions['options']): string {
  if (options === undefined) return '';
  const source = typeof options === 'function' ? `(${options.toString()})();` : options;
  if (/<\/script/i.test(source)) throw new Error('options must not contain </script');
  return source;
}

type WorkerFixtures = { relay: Relay; merchantServer: MerchantServer };
type TestFixtures = { merchantPage: MerchantPages; demoShop: { url: string }; cardForm: CardForm };

/**
 * The `relay` fixture of a relay process: its API called directly, and `url` where the browser
 * reaches it (the relay itself, or a proxy in front of it).
 */
export function relayFixture(child: RelayProcess, url = child.url): Relay {
  const api = new RelayApi(child.url, child.credentials);
  return {
    url,
    demoUrl: child.demoUrl,
    credentials: child.credentials,
    backOffice: child.credentials.backOffice,
    logFile: child.logFile,
    dataDir: child.dataDir,
    prepareCheckout: (params) => api.prepareCheckout(params),
    paymentStatus: (id) => api.paymentStatus(id),
    request: (method, path, form) => api.request(method, path, form),
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  relay: [
    async ({}, use, workerInfo) => {
      const child = await startRelay({ logDir: workerInfo.project.outputDir, name: `relay-worker-${workerInfo.workerIndex}` });
      try {
        await use(relayFixture(child));
      } finally {
        await child.stop();
      }
    },
    { scope: 'worker', timeout: RELAY_START_TIMEOUT_MS + 30_000 },
  ],

  merchantServer: [
    async ({}, use) => {
      const server = new MerchantServer();
      await server.start();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  merchantPage: async ({ page, relay, merchantServer }, use, testInfo) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));

    await use({
      async open(template, options = {}) {
        const checkoutId = options.checkoutId ?? (await relay.prepareCheckout(options.checkout));
        const source = optionsSource(options.options);
        const at = options.optionsAt ?? 'before-script';
        const url = await merchantServer.register({
          template,
          csp: options.csp?.replaceAll('{relay}', relay.url),
          values: {
            lang: options.lang ?? 'en',
            relayUrl: relay.url,
            checkoutId,
            widgetScriptUrl: `${relay.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}`,
            scriptAttributes: attributes(options.scriptAttributes),
            optionsBeforeScript: at === 'before-script' ? source : '',
            optionsAfterScript:
              at === 'after-script' ? source : at === 'dom-ready' && source ? `document.addEventListener('DOMContentLoaded', function () { ${source} });` : '',
            resultUrl: options.resultUrl ?? `${merchantServer.url}/result`,
            brands: options.brands ?? 'VISA MASTER AMEX',
            formAttributes: attributes(options.formAttributes),
            head: options.head ?? '',
            body: options.body ?? '',
            ...options.values,
          },
        });
        await page.goto(url);
        return new MerchantPage(page, url, checkoutId, merchantServer.url, errors);
      },
    });

    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('relay log (last lines)', { body: await logTail(relay.logFile, 200), contentType: 'text/plain' });
      if (errors.length > 0) await testInfo.attach('page errors', { body: errors.join('\n'), contentType: 'text/plain' });
    }
  },

  demoShop: async ({ relay }, use, testInfo) => {
    // The relay starts its demo shop right after it listens; wait for it to answer.
    await waitUntil(() => answersHttp(`${relay.demoUrl}/healthz`), { what: `demo shop at ${relay.demoUrl}`, timeoutMs: 15_000 });
    await use({ url: relay.demoUrl });
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('relay log (last lines)', { body: await logTail(relay.logFile, 200), contentType: 'text/plain' });
    }
  },

  cardForm: async ({ page }, use) => {
    await use(new CardForm(page));
  },
});
