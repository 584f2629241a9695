// Merchant pages as they are written in the wild: a single-page app that re-mounts the widget
// many times, a page with its own jQuery under noConflict used in the widget's callbacks, and a
// shop plugin that pays inside an iframe of the shop's page.

import { createRequire } from 'node:module';
import type { CDPSession, Page } from '@playwright/test';
import { answerThreeDSecure, expect, futureExpiry, test, testCards } from '../fixtures.js';

/** Listeners on window and document, as DevTools counts them. */
async function listenerCount(cdp: CDPSession): Promise<number> {
  let total = 0;
  for (const expression of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    total += listeners.length;
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId! });
  }
  return total;
}

/** Timers and intervals set on the page and still pending (counted from before any script ran). */
const countTimers = () => {
  const live = new Set<unknown>();
  const w = window as unknown as { pendingTimers: () => number };
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = st(
      (...a: unknown[]) => {
        live.delete(id);
        if (typeof fn === 'function') (fn as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    );
    live.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    live.delete(id);
    ct(id);
  }) as typeof window.clearTimeout;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = si(fn, ms, ...args);
    live.add(`i${id}`);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    live.delete(`i${id}`);
    ci(id);
  }) as typeof window.clearInterval;
  w.pendingTimers = () => live.size;
};

async function remount(page: Page, relayUrl: string, id: string, resultUrl: string): Promise<void> {
  await page.evaluate(
    ({ relayUrl, id, resultUrl }) => {
      const w = window as unknown as { wpwl: { unload(): void }; wpwlOptions: unknown; readyCalls?: number };
      w.wpwl.unload();
      document.querySelectorAll('script').forEach((s) => {
        if (s.src.includes('static.min.js')) s.remove();
      });
      const box = document.getElementById('payment')!;
      box.replaceChildren();
      w.wpwlOptions = { onReady: () => (w.readyCalls = (w.readyCalls ?? 0) + 1) };
      const form = document.createElement('form');
      form.className = 'paymentWidgets';
      form.action = resultUrl;
      form.setAttribute('data-brands', 'VISA MASTER');
      box.append(form);
      const loader = document.createElement('script');
      loader.src = `${relayUrl}/v1/paymentWidgets.js?checkoutId=${id}`;
      document.body.append(loader);
    },
    { relayUrl, id, resultUrl },
  );
}

test('a single-page app re-mounts 10 times and pays once: one payment, one set of iframes, no growth in listeners or timers', async ({ merchantPage, page, relay }) => {
  test.slow();
  await page.addInitScript(countTimers);
  const shop = await merchantPage.open('basic', {
    body: '<div id="payment"></div>',
    options: () => Object.assign(window, { wpwlOptions: { onReady: () => Object.assign(window, { readyCalls: 1 }) } }),
  });
  await shop.cardForm().waitUntilReady();
  // The page's own form moves into the app's container, as the app renders it.
  await page.evaluate(() => document.getElementById('payment')!.append(document.querySelector('form.paymentWidgets')!));
  const cdp = await page.context().newCDPSession(page);
  const seen: Array<{ listeners: number; timers: number; iframes: number; styles: number }> = [];
  let checkoutId = shop.checkoutId;
  for (let round = 1; round <= 10; round++) {
    checkoutId = await relay.prepareCheckout({ amount: `${round}.00` });
    await remount(page, relay.url, checkoutId, `${shop.merchantOrigin}/result`);
    await shop.cardForm().waitUntilReady();
    await expect.poll(() => page.evaluate(() => (window as unknown as { readyCalls: number }).readyCalls)).toBe(round + 1);
    seen.push({
      listeners: await listenerCount(cdp),
      timers: await page.evaluate(() => (window as unknown as { pendingTimers(): number }).pendingTimers()),
      iframes: await page.locator('iframe').count(),
      styles: await page.locator('link[rel=stylesheet], style').count(),
    });
  }
  // What one mounted widget holds, the same after the 2nd mount as after the 10th.
  expect(seen[9]).toEqual(seen[1]);
  expect(seen[9]!.iframes).toBe(2);
  await expect(page.locator('.wpwl-container')).toHaveCount(1);
  await expect(page.locator('script[src*="static.min.js"]')).toHaveCount(1);

  const form = shop.cardForm();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  const { id } = await shop.waitForResult();
  expect(id).toBe(checkoutId);
  expect((await relay.paymentStatus(id)).amount).toBe('10.00');
  // Only the last checkout was paid.
  const earlier = await relay.request('GET', `/v1/checkouts/${shop.checkoutId}/payment`, { entityId: relay.credentials.entityId });
  expect((earlier.json.result as { code: string }).code).toBe('000.200.000');
  expect(shop.errors).toEqual([]);
});

test("a page's own jQuery under noConflict: the widget leaves $ alone, and callbacks use it with this.$form and this.$iframe", async ({ merchantPage, merchantServer, page, relay }) => {
  const jquery = createRequire(import.meta.url).resolve('jquery/dist/jquery.min.js');
  await page.route(`${merchantServer.url}/assets/jquery.min.js`, (route) => route.fulfill({ path: jquery, contentType: 'application/javascript' }));
  const shop = await merchantPage.open('basic', {
    head: `<script nonce="{{nonce}}">window.$ = 'the page\\'s own $';</script><script src="${merchantServer.url}/assets/jquery.min.js"></script>`,
    optionsAt: 'after-script',
    options: () => {
      type JQ = ((x: unknown) => { find(s: string): { length: number; val(v?: string): unknown; after(x: unknown): unknown }; append(x: string): unknown; attr(n: string): string }) & { fn: { jquery: string } };
      const w = window as unknown as { jQuery: { noConflict(deep: boolean): JQ }; shopJq: JQ; seen: string[] };
      const jq = w.jQuery.noConflict(true);
      w.shopJq = jq;
      w.seen = [];
      const note = (s: string) => {
        w.seen.push(s);
        document.body.setAttribute('data-seen', w.seen.join(' '));
      };
      Object.assign(window, {
        wpwlOptions: {
          onReady: function (this: { $form: { [0]: HTMLFormElement } }) {
            const form = jq(this.$form[0]);
            form.find('.wpwl-group-submit').after('<div class="wpwl-group merchant-terms"><label><input type="checkbox" name="customParameters[SHOPPER_terms]" value="yes" checked> terms</label></div>');
            note(`ready:${form.find('.wpwl-control-cardHolder').length}`);
          },
          onReadyIframeCommunication: function (this: { $iframe: { [0]: HTMLIFrameElement; attr?: unknown } }) {
            note(`iframe:${jq(this.$iframe[0]).attr('name')}`);
          },
          onFocusIframeCommunication: function (this: { $iframe: { addClass(c: string): unknown } }) {
            this.$iframe.addClass('merchant-focus');
          },
          onBlurIframeCommunication: function (this: { $iframe: { removeClass(c: string): unknown } }) {
            this.$iframe.removeClass('merchant-focus');
          },
          onBlurCardNumber: function (this: { $form: { [0]: HTMLFormElement } }, valid: boolean) {
            note(`number:${valid}:${jq(this.$form[0]).find('.wpwl-control-cardNumber').length}`);
          },
          onBlurSecurityCode: function (this: { $form: { length: number } }, valid: boolean) {
            note(`cvv:${valid}:${this.$form.length}`);
          },
          onBlurExpiryDate: function (this: { $form: { find(s: string): { val(): string } } }, valid: boolean) {
            note(`expiry:${valid}:${this.$form.find('.wpwl-control-expiry').val() !== ''}`);
          },
          onBlurCardHolder: function (this: { $form: { [0]: HTMLFormElement } }, valid: boolean) {
            note(`holder:${valid}:${String(jq(this.$form[0]).find('.wpwl-control-cardHolder').val())}`);
          },
        },
      });
    },
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(page.locator('body')).toHaveAttribute('data-seen', /ready:1 iframe:card\.number iframe:card\.cvv|ready:1 iframe:card\.cvv iframe:card\.number/);
  await form.fillCardNumber(testCards.visa);
  await expect(form.control('cardNumber')).toHaveClass(/merchant-focus/);
  await form.fillExpiry(futureExpiry());
  await expect(form.control('cardNumber')).not.toHaveClass(/merchant-focus/);
  await form.fillCvv('123');
  await form.fillHolder('Jane Jones');
  await form.expiryInput.focus();
  await expect(page.locator('body')).toHaveAttribute('data-seen', /number:true:1 .*expiry:true:true .*cvv:true:1 .*holder:true:Jane Jones/);
  // The widget neither took nor clobbered the page's globals.
  // (noConflict(true) put back the jQuery global as it was before: undefined.)
  expect(await page.evaluate(() => [String((window as unknown as { $: unknown }).$), typeof (window as unknown as { jQuery: unknown }).jQuery])).toEqual(["the page's own $", 'undefined']);
  expect(await page.evaluate(() => (window as unknown as { shopJq: { fn: { jquery: string } } }).shopJq.fn.jquery)).toBe('3.7.1');
  await form.pay();
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).customParameters).toMatchObject({ SHOPPER_terms: 'yes' });
  expect(shop.errors).toEqual([]);
});

/** The shop's page around the payment page: the plugin's iframe, and a frame for 3-D Secure. */
async function openInShopFrame(page: Page, merchantOrigin: string, paymentUrl: string): Promise<void> {
  const shopUrl = `${merchantOrigin}/shop/checkout`;
  await page.route(shopUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop checkout</h1>
<iframe name="plugin" title="Payment" src="${paymentUrl}" style="width:600px;height:700px"></iframe>
<iframe name="authentication" title="Authentication" style="width:600px;height:500px"></iframe></body></html>`,
    }),
  );
  await page.goto(shopUrl);
}

test('a shop plugin pays inside an iframe: 3-D Secure in the shop\'s named frame (paymentTarget), the result in the whole tab (shopperResultTarget _top)', async ({ merchantPage, page, relay }) => {
  // The payment page loads twice (once on its own, then in the shop's frame), plus 3-D Secure.
  test.slow();
  const shop = await merchantPage.open('basic', {
    options: () => Object.assign(window, { wpwlOptions: { paymentTarget: 'authentication', shopperResultTarget: '_top' } }),
  });
  await openInShopFrame(page, shop.merchantOrigin, shop.url);
  const plugin = page.frameLocator('iframe[name=plugin]');
  const card = plugin.locator('div.wpwl-container-card');
  const number = card.locator('iframe.wpwl-control-cardNumber').contentFrame().getByRole('textbox');
  const cvv = card.locator('iframe.wpwl-control-cvv').contentFrame().getByRole('textbox');
  await expect(number).toBeEditable({ timeout: 15_000 });
  await expect(cvv).toBeEditable({ timeout: 15_000 });
  await number.fill(testCards.visa3ds);
  await card.locator('.wpwl-control-expiry').fill(futureExpiry());
  await cvv.fill('123');
  await card.locator('button.wpwl-button-pay').click();
  const authentication = page.frameLocator('iframe[name=authentication]');
  await answerThreeDSecure(authentication);
  await page.waitForURL((url) => url.origin === shop.merchantOrigin && url.pathname === '/result');
  const id = new URL(page.url()).searchParams.get('id')!;
  expect(id).toBe(shop.checkoutId);
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\./);
});

test('a shop plugin pays inside an iframe without 3-D Secure: shopperResultTarget _top takes the whole tab to the result', async ({ merchantPage, page, relay }) => {
  test.slow();
  const shop = await merchantPage.open('basic', { options: () => Object.assign(window, { wpwlOptions: { shopperResultTarget: '_top' } }) });
  await openInShopFrame(page, shop.merchantOrigin, shop.url);
  const card = page.frameLocator('iframe[name=plugin]').locator('div.wpwl-container-card');
  const number = card.locator('iframe.wpwl-control-cardNumber').contentFrame().getByRole('textbox');
  const cvv = card.locator('iframe.wpwl-control-cvv').contentFrame().getByRole('textbox');
  await expect(number).toBeEditable({ timeout: 15_000 });
  await expect(cvv).toBeEditable({ timeout: 15_000 });
  await number.fill(testCards.master);
  await card.locator('.wpwl-control-expiry').fill(futureExpiry());
  await cvv.fill('123');
  await card.locator('button.wpwl-button-pay').click();
  await page.waitForURL((url) => url.origin === shop.merchantOrigin && url.pathname === '/result');
  expect((await relay.paymentStatus(shop.checkoutId)).paymentBrand).toBe('MASTER');
});
