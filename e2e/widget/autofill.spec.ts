// Autofill (issue item 8): the browser's card autofill fills the card number and CVV inside the
// relay's cross-origin frames along with the expiry and holder on the page. That takes the
// shared-autofill permission on both card iframes from their first navigation (allow, set when the
// iframe is made), the cc-* autocomplete tokens and names browsers recognise, and fields that take
// a value set all at once (as autofill sets it: no keystrokes, "12/2030" for the expiry).

import { expect, test, testCards } from '../fixtures.js';

/** Records the allow attribute of every iframe as it is first inserted, before it can navigate. */
const WATCH_IFRAMES = `window.__allow = [];
new MutationObserver(function (records) {
  records.forEach(function (r) { r.addedNodes.forEach(function (n) { if (n.tagName === 'IFRAME') window.__allow.push(n.getAttribute('allow')); }); });
}).observe(document.documentElement, { childList: true, subtree: true });`;

test('card iframes are allowed to be autofilled from their first navigation, and every field carries its autofill token', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', { options: WATCH_IFRAMES });
  const form = shop.cardForm();
  await form.waitUntilReady();
  for (const field of ['cardNumber', 'cvv'] as const) {
    await expect(form.control(field)).toHaveAttribute('allow', 'autofill; shared-autofill');
  }
  // Set when the iframes were made, so in force from their first navigation on (a move into the
  // form, which keeps the frame, is recorded as an insertion too).
  const seen = await page.evaluate(() => (window as unknown as { __allow: string[] }).__allow);
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(new Set(seen)).toEqual(new Set(['autofill; shared-autofill']));
  await expect(form.cardNumberInput).toHaveAttribute('autocomplete', 'cc-number');
  await expect(form.cardNumberInput).toHaveAttribute('name', 'cardnumber');
  await expect(form.cvvInput).toHaveAttribute('autocomplete', 'cc-csc');
  await expect(form.cvvInput).toHaveAttribute('name', 'cvc');
  await expect(form.expiryInput).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(form.holderInput).toHaveAttribute('autocomplete', 'cc-name');
});

test('values set at once, as autofill sets them, in all four fields pay', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  // Autofill sets the value and fires input and change, without focus or keystrokes.
  const autofill = (value: string) => (input: HTMLInputElement, v: string) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const year = new Date().getFullYear() + 3;
  await form.cardNumberInput.evaluate(autofill(''), testCards.visa);
  await form.cvvInput.evaluate(autofill(''), '123');
  await form.expiryInput.evaluate(autofill(''), `12/${year}`);
  await form.holderInput.evaluate(autofill(''), 'Jane Jones');
  await expect(form.expiryInput).toHaveValue(`12 / ${String(year).slice(2)}`);
  await expect(form.cardNumberInput).toHaveValue('4200 0000 0000 0000');
  await form.pay();
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\.100\.1/);
});
