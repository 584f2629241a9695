// enableSAQACompliance: the expiry and holder are relay iframes like the card number and CVV, so no
// card data at all is in the merchant page's DOM or within reach of its scripts; they are checked
// and shown as the page's inputs are, and travel to the relay with the card number from the frames.

import AxeBuilder from '@axe-core/playwright';
import { expect, futureExpiry, test, testCards, type CardForm, type MerchantPage } from '../fixtures.js';
import { collectPaymentPosts } from '../support/payment-posts.js';

const HOLDER = 'Jane Saqa';

/** The expiry and holder inputs inside their frames, found by accessible name. */
function framedInputs(form: CardForm) {
  return {
    expiry: form.control('expiry').contentFrame().getByRole('textbox', { name: /expiry date/i }),
    holder: form.control('cardHolder').contentFrame().getByRole('textbox', { name: /card holder/i }),
  };
}

/** Every form control of the merchant page (the top document), with what it holds. */
function pageControls(shop: MerchantPage) {
  return shop.page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')].map((el) => {
      const c = el as HTMLInputElement;
      return { name: c.name, autocomplete: c.autocomplete, value: c.value };
    }),
  );
}

async function openSaqa(merchantPage: { open: (t: string, o?: object) => Promise<MerchantPage> }): Promise<MerchantPage> {
  return merchantPage.open('basic', {
    options: () => {
      const seen: string[] = [];
      Object.assign(window, {
        saqaSeen: seen,
        wpwlOptions: {
          enableSAQACompliance: true,
          iframeStyles: {
            'expiry-placeholder': { color: 'rgb(0, 100, 0)' },
            'card-holder-placeholder': { color: 'rgb(0, 0, 150)' },
          },
          onBlurExpiryDate: (valid: boolean) => seen.push(`expiry:${valid}`),
          onBlurCardHolder: (valid: boolean) => seen.push(`holder:${valid}`),
        },
      });
    },
  });
}

const seen = (shop: MerchantPage) => shop.page.evaluate(() => (window as unknown as { saqaSeen: string[] }).saqaSeen.join(' '));

test('the expiry and holder are relay iframes: the page holds no card data and cannot read them, and the payment succeeds', async ({ merchantPage, relay }) => {
  const shop = await openSaqa(merchantPage);
  const form = shop.cardForm();
  await form.waitUntilReady();
  const { expiry, holder } = framedInputs(form);
  await expect(expiry).toBeEditable();
  await expect(holder).toBeEditable();

  // Marked up as the card-number iframe is, with the names of the page's inputs.
  for (const [field, name, title] of [['expiry', 'card.expiry', 'Expiry Date'], ['cardHolder', 'card.holder', 'Card holder']] as const) {
    const iframe = form.control(field);
    await expect(iframe).toHaveJSProperty('tagName', 'IFRAME');
    await expect(iframe).toHaveClass(new RegExp(`^wpwl-control wpwl-control-iframe wpwl-control-${field}\\b`));
    await expect(iframe).toHaveAttribute('name', name);
    await expect(iframe).toHaveAttribute('title', title);
    await expect(form.form.locator(`.wpwl-wrapper-${field} > iframe`)).toHaveCount(1);
  }
  await expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(expiry).toHaveAttribute('name', 'cc-exp');
  await expect(expiry).toHaveAttribute('placeholder', 'MM / YY');
  await expect(holder).toHaveAttribute('autocomplete', 'cc-name');
  await expect(holder).toHaveAttribute('name', 'cc-name');
  // iframeStyles reach the placeholders of the new frames too.
  expect(await expiry.evaluate((el) => getComputedStyle(el, '::placeholder').color)).toBe('rgb(0, 100, 0)');
  expect(await holder.evaluate((el) => getComputedStyle(el, '::placeholder').color)).toBe('rgb(0, 0, 150)');

  const posts = collectPaymentPosts(shop.page);
  const typed = futureExpiry();
  await form.fillCardNumber(testCards.visa);
  await expiry.fill(typed);
  await form.fillCvv('123');
  await holder.fill(HOLDER);
  await form.cardNumberInput.focus();
  await expect.poll(() => seen(shop)).toBe('expiry:true holder:true');
  await expect(expiry).toHaveValue(typed);

  // Nothing of the card on the page: no control for the expiry or holder, no value holding them.
  const controls = await pageControls(shop);
  for (const c of controls) {
    expect(c.name).not.toMatch(/^card\.(expiry|holder|number|cvv)/);
    expect(c.autocomplete).not.toMatch(/^cc-/);
    expect(c.value).not.toContain(HOLDER);
    expect(c.value.replace(/\D/g, '')).not.toContain(typed.replace(/\D/g, ''));
  }
  expect(await shop.page.evaluate(() => document.documentElement.outerHTML)).not.toContain(HOLDER);
  // The page's scripts cannot reach into the frames: they are on the relay's origin.
  const reach = await shop.page.evaluate(() =>
    ['.wpwl-control-expiry', '.wpwl-control-cardHolder'].map((sel) => {
      const iframe = document.querySelector<HTMLIFrameElement>(sel)!;
      let read: string;
      try {
        read = String(iframe.contentWindow!.document.body.innerHTML);
      } catch (e) {
        read = (e as Error).name;
      }
      return { doc: iframe.contentDocument, read };
    }),
  );
  expect(reach).toEqual([
    { doc: null, read: 'SecurityError' },
    { doc: null, read: 'SecurityError' },
  ]);

  await form.pay();
  const { id, resourcePath } = await shop.waitForResult();
  expect(id).toBe(shop.checkoutId);
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\.(000|100\.1)/);
  // The card-number frame (relay origin) posted the expiry and holder it gathered from their frames.
  expect(posts).toHaveLength(1);
  expect(new URL(posts[0]!.frame().url()).origin).toBe(new URL(relay.url).origin);
  const body = new URLSearchParams(posts[0]!.postData() ?? '');
  const [mm, yy] = typed.split(' / ');
  expect(body.get('card.expiryMonth')).toBe(mm);
  expect(body.get('card.expiryYear')).toBe(`20${yy}`);
  expect(body.get('card.holder')).toBe(HOLDER);
  expect(shop.errors).toEqual([]);
});

test('a bad expiry in its frame shows the error, and blocks the payment', async ({ merchantPage }) => {
  const shop = await openSaqa(merchantPage);
  const form = shop.cardForm();
  await form.waitUntilReady();
  const { expiry, holder } = framedInputs(form);
  await expect(expiry).toBeEditable();
  const posts = collectPaymentPosts(shop.page);

  await form.fillCardNumber(testCards.visa);
  await form.fillCvv('123');
  await expiry.fill('01 / 20');
  await holder.fill('Jo');
  await form.cardNumberInput.focus();
  await expect.poll(() => seen(shop)).toBe('expiry:false holder:false');
  const hint = form.hint('expiryMonth');
  await expect(hint).toHaveText('Invalid expiry date');
  await expect(form.control('expiry')).toHaveClass(/wpwl-has-error/);
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toHaveAccessibleDescription('Invalid expiry date');
  await expect(form.hint('cardHolder')).toHaveText('Invalid card holder');
  await expect(form.control('cardHolder')).toHaveClass(/wpwl-has-error/);

  await holder.fill('Jane Doe');
  await form.pay();
  await expect(hint).toBeVisible();
  await expect(form.hint('cardHolder')).toHaveCount(0);
  await expect(form.payButton).toBeEnabled();
  // An empty expiry is wrong at submit too.
  await expiry.fill('');
  await form.pay();
  await expect(hint).toBeVisible();
  expect(posts).toHaveLength(0);

  // Corrected, it pays.
  await expiry.fill(futureExpiry());
  await expect(hint).toHaveCount(0);
  await form.pay();
  const { resourcePath } = await shop.waitForResult();
  expect(resourcePath).toBe(`/v1/checkouts/${shop.checkoutId}/payment`);
  expect(posts).toHaveLength(1);
});

test('the four card frames pass axe, before and with errors shown, in Arabic too', async ({ merchantPage, page }) => {
  // axe walks the page and four card frames, twice: slow on a busy 2-core machine.
  test.slow();
  const shop = await merchantPage.open('accessible', { lang: 'ar', options: `window.wpwlOptions = { locale: 'ar', enableSAQACompliance: true };` });
  const form = shop.cardForm({ labels: { cardNumber: 'رقم البطاقة', cvv: 'رمز التحقق' } });
  await form.waitUntilReady();
  await expect(form.control('expiry').contentFrame().locator('input')).toBeEditable();
  await expect(form.control('cardHolder').contentFrame().locator('input')).toBeEditable();
  const violations = async () => (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await violations()).toEqual([]);
  await form.payButton.click();
  await expect(form.hint('expiryMonth')).toBeVisible();
  await expect(form.control('expiry').contentFrame().locator('input')).toHaveAttribute('aria-invalid', 'true');
  expect(await violations()).toEqual([]);
});

test('autofocus card.holder focuses the input in the holder frame', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', { options: `window.wpwlOptions = { enableSAQACompliance: true, autofocus: 'card.holder' };` });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(framedInputs(form).holder).toBeFocused();
  await expect(form.control('cardHolder')).toHaveClass(/wpwl-focus/);
});

test('without the option the expiry and holder are the page inputs they always were', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(form.control('expiry')).toHaveJSProperty('tagName', 'INPUT');
  await expect(form.control('cardHolder')).toHaveJSProperty('tagName', 'INPUT');
  await expect(form.expiryInput).toHaveAttribute('name', 'card.expiry');
  await expect(form.holderInput).toHaveAttribute('name', 'card.holder');
  await expect(form.form.locator('input[type=hidden][name="card.expiryMonth"]')).toHaveCount(1);
  await expect(form.form.locator('iframe')).toHaveCount(2);
});
