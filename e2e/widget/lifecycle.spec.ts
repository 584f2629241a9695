// The widget's life on a page: the single-page-app re-mount recipe (widget-surface §4), several
// forms, and no layout shift when the card frames load.

import { expect, futureExpiry, test, testCards } from '../fixtures.js';

test('unload and re-mount any number of times, then pay on the last checkout', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: { onReady: () => Object.assign(window, { readyCalls: ((window as unknown as { readyCalls?: number }).readyCalls ?? 0) + 1 }) },
      }),
  });
  await shop.cardForm().waitUntilReady();
  let checkoutId = shop.checkoutId;
  for (let round = 1; round <= 3; round++) {
    checkoutId = await relay.prepareCheckout({ amount: `${round}.00` });
    await page.evaluate(
      ({ relayUrl, id, resultUrl }) => {
        const w = window as unknown as { wpwl: { unload(): void }; wpwlOptions: unknown; readyCalls?: number };
        w.wpwl.unload();
        document.querySelectorAll('script').forEach((s) => {
          if (s.src.includes('static.min.js')) s.remove();
        });
        document.querySelectorAll('form.paymentWidgets').forEach((f) => f.remove());
        w.wpwlOptions = { onReady: () => (w.readyCalls = (w.readyCalls ?? 0) + 1) };
        const form = document.createElement('form');
        form.className = 'paymentWidgets';
        form.action = resultUrl;
        form.setAttribute('data-brands', 'VISA MASTER');
        document.body.append(form);
        const loader = document.createElement('script');
        loader.src = `${relayUrl}/v1/paymentWidgets.js?checkoutId=${id}`;
        document.body.append(loader);
      },
      { relayUrl: relay.url, id: checkoutId, resultUrl: `${shop.merchantOrigin}/result` },
    );
    await shop.cardForm().waitUntilReady();
    await expect(page.locator('.wpwl-container')).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { wpwl: { checkout: { id: string } } }).wpwl.checkout.id)).toBe(checkoutId);
  }
  expect(await page.evaluate(() => (window as unknown as { readyCalls: number }).readyCalls)).toBe(4);
  await expect(page.locator('iframe.wpwl-control')).toHaveCount(2);
  await expect(page.locator('link[href*="static.min.css"]')).toHaveCount(1);
  await expect(page.locator('script[src*="static.min.js"]')).toHaveCount(1);
  await expect(page.locator('form.paymentWidgets')).toHaveCount(1);

  const form = shop.cardForm();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  const { id } = await shop.waitForResult();
  expect(id).toBe(checkoutId);
  expect((await relay.paymentStatus(id)).amount).toBe('3.00');
});

test('wpwl.unload() removes the widget and gives the merchant form back', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic');
  await shop.cardForm().waitUntilReady();
  await expect(page.locator('form.paymentWidgets')).toBeHidden();
  await page.evaluate(() => (window as unknown as { wpwl: { unload(): void } }).wpwl.unload());
  await expect(page.locator('.wpwl-container')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('form.paymentWidgets')).not.toHaveCSS('display', 'none');
});

test('two card forms get their own containers and channels; executePayment picks by class', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('two-forms', { brands: 'VISA', values: { secondBrands: 'MASTER AMEX' } });
  const first = shop.cardForm({ index: 0 });
  const second = shop.cardForm({ index: 1 });
  await first.waitUntilReady();
  await second.waitUntilReady();
  await expect(second.container).toHaveClass(/wpwl-container-card-2/);
  await expect(first.brandSelect.locator('option')).toHaveCount(1);
  await expect(second.brandSelect).toHaveValue('MASTER');
  await second.fill({ number: testCards.master, expiry: futureExpiry(), cvv: '123' });
  await shop.page.evaluate(() => (window as unknown as { wpwl: { executePayment(c: string): void } }).wpwl.executePayment('wpwl-container-card-2'));
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).paymentBrand).toBe('MASTER');
});

test('a form with no card brand gets no card form', async ({ merchantPage }) => {
  const shop = await merchantPage.open('two-forms', { values: { secondBrands: 'PAYPAL' } });
  await shop.cardForm().waitUntilReady();
  await expect(shop.page.locator('div.wpwl-container-card')).toHaveCount(1);
});

test('no layout shift once the form is drawn: the frames load into reserved space', async ({ merchantPage, page }) => {
  // Measured as bench/widget.ts measures it: layout-shift entries after the form's first drawing.
  // onReady runs in the task that puts the form on the page; that drawing is rendered in the next
  // frame (it pushes the content below down once, and may be a layout shift itself), and the second
  // animation frame after onReady starts once it is done.
  const shop = await merchantPage.open('basic', {
    body: '<p id="below">Content below the widget</p>',
    options: () => {
      type Shift = { startTime: number; value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
      const w = window as unknown as {
        shifts: Array<{ at: number; value: number; nodes: string[] }>;
        drawn?: { at: number; below: number; form: number[] };
        wpwlOptions: unknown;
      };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Shift[]) {
          if (e.hadRecentInput) continue;
          const nodes = (e.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName} ${s.node.className}` : String(s.node?.nodeName)));
          w.shifts.push({ at: e.startTime, value: e.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const geometry = () => {
        const r = document.querySelector('.wpwl-container-card')!.getBoundingClientRect();
        return [r.top, r.left, r.width, r.height];
      };
      w.wpwlOptions = {
        onReady: () =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              w.drawn = { at: performance.now(), below: document.getElementById('below')!.getBoundingClientRect().top, form: geometry() };
            }),
          ),
      };
      Object.assign(w, { geometry });
    },
  });
  await shop.cardForm().waitUntilReady();
  // Two more frames, so that a shift caused by the frames' arrival is reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const got = await page.evaluate(() => {
    const w = window as unknown as { shifts: Array<{ at: number; value: number; nodes: string[] }>; drawn: { at: number; below: number; form: number[] }; geometry(): number[] };
    return { shifts: w.shifts, drawn: w.drawn, below: document.getElementById('below')!.getBoundingClientRect().top, form: w.geometry() };
  });
  expect(got.drawn).toBeDefined();
  expect(got.shifts.filter((s) => s.at > got.drawn.at)).toEqual([]);
  expect(got.below).toBe(got.drawn.below);
  expect(got.form).toEqual(got.drawn.form);
});

test('merchants reshape the form in onReady and later (moved groups reload their frames); paying still works', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onReady: () => {
            const q = (s: string) => document.querySelector(s)!;
            q('.wpwl-group-cardNumber').after(q('.wpwl-group-brand'));
            q('.wpwl-wrapper-cardNumber').append(q('.wpwl-brand-card'));
            q('.wpwl-group-expiry').before(q('.wpwl-group-cvv'));
            q('.wpwl-group-cardNumber').before(q('.wpwl-group-cardHolder'));
            q('.wpwl-control-brand').classList.add('merchant-hidden');
            q('.wpwl-button-pay').classList.add('btn', 'btn-primary');
            q('.wpwl-button-pay').textContent = 'Place order';
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(form.payButton).toHaveText('Place order');
  // Later, after the frames are up: the card-number group moves again, which reloads its frame.
  await page.evaluate(() => document.querySelector('.wpwl-group-submit')!.before(document.querySelector('.wpwl-group-cardNumber')!));
  await form.waitUntilReady();
  await form.fill({ number: testCards.amex, expiry: futureExpiry(), cvv: '1234', holder: 'Jane Doe' });
  await expect(form.brandSelect).toHaveValue('AMEX');
  await expect(form.payButton).toHaveClass(/btn-primary/);
  await form.pay();
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).paymentBrand).toBe('AMEX');
});
