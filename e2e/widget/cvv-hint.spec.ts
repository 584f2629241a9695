// showCVVHint (widget-surface §3): a popover (`.wpwl-popover`) next to the CVV says where the code
// is printed, for the chosen brand; it opens while the CVV frame has focus and from the help button,
// closes with Escape, and moves nothing on the page. Without the option there is none.

import AxeBuilder from '@axe-core/playwright';
import { expect, futureExpiry, test, testCards } from '../fixtures.js';

// axe walks the page and the card frames: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('showCVVHint: the popover follows the CVV focus and the brand, opens from its button, and the form still pays', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () => Object.assign(window, { wpwlOptions: { showCVVHint: 'true', labels: { cvvHelp: 'Where is it?' } } }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  const popover = form.container.locator('.wpwl-group-cvv .wpwl-popover');
  const help = form.container.getByRole('button', { name: 'Where is it?' });
  await expect(popover).toHaveCount(1);
  await expect(popover).toBeHidden();
  const below = await form.payButton.boundingBox();

  await form.cvvInput.focus();
  await expect(popover).toBeVisible();
  await expect(popover).toHaveText('The last three digits on the back of your card');
  await expect(help).toHaveAttribute('aria-expanded', 'true');
  // Drawn over the form: the pay button has not moved.
  expect(await form.payButton.boundingBox()).toEqual(below);

  await form.fillCardNumber(testCards.amex);
  await expect(popover).toBeHidden();
  await help.click();
  await expect(popover).toBeVisible();
  await expect(popover).toHaveText('The four digits on the front of your card');
  // The button, and the form with the popover open, pass axe.
  const violations = (await new AxeBuilder({ page })
    // Rules about a whole page's structure: include() makes axe apply them to the card frames' documents.
    .disableRules(['landmark-one-main', 'page-has-heading-one', 'region'])
    .include('.wpwl-container-card')
    .analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(help).toHaveAttribute('aria-expanded', 'false');

  await form.fill({ number: testCards.amex, expiry: futureExpiry(), cvv: '1234' });
  await form.pay();
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\.100\.1/);
  expect(shop.errors).toEqual([]);
});

test('without showCVVHint there is no popover, and extras are not downloaded for it', async ({ merchantPage, page }) => {
  const extras: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/extras.min.js')) extras.push(r.url());
  });
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(form.container.locator('.wpwl-popover, .wpwl-cvv-help')).toHaveCount(0);
  expect(extras).toEqual([]);
});
