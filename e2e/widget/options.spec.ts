// wpwlOptions and callbacks as merchant pages use them (widget-surface §3, §4): read late, string
// booleans, texts as text, onReady + executePayment, the veto rule, merchant-added inputs, brand
// detection, Arabic, hints, Enter.

import { expect, futureExpiry, test, testCards } from '../fixtures.js';
import { collectPaymentPosts, isPaymentPost } from '../support/payment-posts.js';


test('options set at DOM-ready are read; string booleans work; labels render as text', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', {
    optionsAt: 'dom-ready',
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          showLabels: 'false',
          requireCvv: 'false',
          unknownOption: { anything: true },
          labels: { submit: '<img src=x onerror="document.title=1">Buy' },
        },
      }),
  });
  const form = shop.cardForm();
  await expect(form.cardNumberInput).toBeEditable();
  await expect(form.payButton).toHaveText('<img src=x onerror="document.title=1">Buy');
  await expect(form.form.locator('img')).toHaveCount(0);
  await expect(form.form.locator('.wpwl-label')).toHaveCount(0);
  await expect(form.form.locator('.wpwl-group-cvv')).toHaveCount(0);
  await expect(form.control('cardHolder')).toHaveAttribute('aria-label', 'Card holder');
});

test('onReady is called once and may call executePayment synchronously', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onReady: () => {
            const w = window as unknown as { readyCalls?: number; wpwl: { executePayment(c: string): void } };
            w.readyCalls = (w.readyCalls ?? 0) + 1;
            w.wpwl.executePayment('wpwl-container-card');
          },
        },
      }),
  });
  const form = shop.cardForm();
  await expect(form.hint('cardNumber')).toHaveText('Invalid card number or brand');
  await expect(form.hint('cvv')).toHaveText('Invalid CVV');
  await expect(form.hint('expiryMonth')).toHaveText('Invalid expiry date');
  await expect(form.control('cardNumber')).toHaveClass(/wpwl-has-error/);
  expect(await page.evaluate(() => (window as unknown as { readyCalls?: number }).readyCalls)).toBe(1);
});

test('onBeforeSubmitCard: false blocks, true proceeds even after preventDefault()', async ({ merchantPage, page }) => {
  const posts = collectPaymentPosts(page);
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onBeforeSubmitCard: function (this: HTMLFormElement, e: { target: unknown; preventDefault(): void }) {
            const calls = Number(this.getAttribute('data-calls') ?? 0) + 1;
            this.setAttribute('data-calls', String(calls));
            this.setAttribute('data-target-is-form', String(e.target === this && this.classList.contains('wpwl-form-card')));
            e.preventDefault();
            return calls > 1;
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Blocked Shopper' });
  await form.pay();
  await expect(form.form).toHaveAttribute('data-calls', '1');
  await expect(form.form).toHaveAttribute('data-target-is-form', 'true');
  await form.fillHolder('Jane Doe');
  await form.pay();
  await shop.waitForResult();
  // The blocked attempt left the button enabled, so a POST from it would have come first.
  expect(posts.map((r) => new URLSearchParams(r.postData() ?? '').get('card.holder'))).toEqual(['Jane Doe']);
});

test('every named control in the widget form at submit time is sent, merchant-added ones included', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onReady: () => {
            const button = document.querySelector('.wpwl-form-card .wpwl-group-submit')!;
            button.insertAdjacentHTML(
              'beforebegin',
              '<input type="hidden" name="customParameters[SHOPPER_note]" value="gift & wrap">' +
                '<label><input type="checkbox" name="createRegistration" value="true" checked> Save card</label>' +
                '<input type="checkbox" name="unchecked" value="x">',
            );
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Doe' });
  const post = page.waitForRequest(isPaymentPost);
  await form.pay();
  const request = await post;
  expect(new URL(request.url()).origin).toBe(relay.url);
  expect(new URL(request.frame().url()).origin).toBe(relay.url);
  const sent = new URLSearchParams(request.postData() ?? '');
  expect(sent.get('customParameters[SHOPPER_note]')).toBe('gift & wrap');
  expect(sent.get('createRegistration')).toBe('true');
  expect(sent.has('unchecked')).toBe(false);
  expect(sent.get('paymentBrand')).toBe('VISA');
  expect(sent.get('card.holder')).toBe('Jane Doe');
  expect(sent.get('card.number')).toBe(testCards.visa);
  expect(sent.get('card.cvv')).toBe('123');
  expect(sent.get('card.expiryMonth')).toMatch(/^(0[1-9]|1[0-2])$/);
  expect(sent.get('card.expiryYear')).toMatch(/^20\d\d$/);
  expect(sent.get('shopperResultUrl')).toBe(`${shop.merchantOrigin}/result`);
  await shop.waitForResult();
});

test('brand detection drives the select and logo; AMEX takes a 4-digit CVV', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onChangeBrand: (brand: string) => document.body.setAttribute('data-brand', brand),
          onDetectBrand: (brands: string[], active: string) => document.body.setAttribute('data-detected', `${brands.join(',')}|${active}`),
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fillCardNumber(testCards.amex);
  await expect(form.cardNumberInput).toHaveValue('3777 777777 77770');
  await expect(form.brandSelect).toHaveValue('AMEX');
  await expect(form.form.locator('.wpwl-brand-card')).toHaveClass(/wpwl-brand-AMEX/);
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'AMEX');
  await expect(page.locator('body')).toHaveAttribute('data-detected', 'AMEX|AMEX');
  await form.fillCvv('1234');
  await expect(form.cvvInput).toHaveValue('1234');
  await form.fillExpiry(futureExpiry());
  await form.pay();
  await shop.waitForResult();
});

test('Arabic: right-to-left, translated texts, frames named in Arabic', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', { lang: 'ar', options: () => Object.assign(window, { wpwlOptions: { locale: 'ar' } }) });
  const form = shop.cardForm({ labels: { cardNumber: 'رقم البطاقة', cvv: 'رمز التحقق' } });
  await form.waitUntilReady();
  await expect(form.container).toHaveAttribute('dir', 'rtl');
  await expect(form.payButton).toHaveText('ادفع الآن');
  await expect(form.form).toHaveAttribute('lang', 'ar');
  await expect(form.control('cardNumber')).toHaveAttribute('title', 'رقم البطاقة');
});

test('hints appear after an invalid field is left and go once it is corrected', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fillCardNumber('4200000000000001');
  await form.holderInput.focus();
  await expect(form.hint('cardNumber')).toBeVisible();
  await expect(form.control('cardNumber')).toHaveClass(/wpwl-has-error/);
  await form.fillExpiry('13 / 30');
  await form.holderInput.focus();
  await expect(form.hint('expiryMonth')).toBeVisible();
  await form.fillCardNumber(testCards.visa);
  await expect(form.hint('cardNumber')).toHaveCount(0);
  await expect(form.control('cardNumber')).not.toHaveClass(/wpwl-has-error/);
  await form.fillExpiry(futureExpiry());
  await expect(form.hint('expiryMonth')).toHaveCount(0);
});

test('a focused card field marks its iframe; Enter in the CVV field submits', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.master, expiry: futureExpiry(), cvv: '123' });
  await form.cvvInput.focus();
  await expect(form.control('cvv')).toHaveClass(/wpwl-focus/);
  await form.cvvInput.press('Enter');
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).paymentBrand).toBe('MASTER');
});

test('callbacks get jQuery-like wrappers: this.$form and this.$iframe', async ({ merchantPage, page }) => {
  type Wrapped = {
    [0]: Element;
    length: number;
    get(i: number): Element;
    find(s: string): Wrapped;
    val(v?: string): string | Wrapped;
    css(p: string, v?: string): string | Wrapped;
    height(): number;
    addClass(c: string): Wrapped;
    removeClass(c: string): Wrapped;
  };
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onReady: function (this: { $form: Wrapped }) {
            const holder = this.$form.find('.wpwl-control-cardHolder');
            holder.val('From onReady');
            holder.addClass('merchant-a merchant-b').removeClass('merchant-b');
            holder.css('letter-spacing', '2px');
            document.body.setAttribute(
              'data-wrapper',
              [this.$form.length, this.$form[0] === this.$form.get(0), holder.val(), holder.css('letter-spacing'), holder.height() > 0].join('|'),
            );
          },
          onReadyIframeCommunication: function (this: { $iframe: Wrapped }) {
            this.$iframe.addClass('merchant-ready');
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(page.locator('body')).toHaveAttribute('data-wrapper', '1|true|From onReady|2px|true');
  await expect(form.holderInput).toHaveClass(/merchant-a/);
  await expect(form.holderInput).not.toHaveClass(/merchant-b/);
  await expect(form.control('cardNumber')).toHaveClass(/merchant-ready/);
  await expect(form.control('cvv')).toHaveClass(/merchant-ready/);
  expect(await page.evaluate(() => 'jQuery' in window || '$' in window)).toBe(false);
});
