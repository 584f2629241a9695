// The style gallery for designers (issue item 10): its pages draw the widget with a CSS-only
// theme, in Arabic right-to-left, with its errors shown or its card number focused.

import { expect, test } from '../fixtures.js';

test('gallery page: midnight theme, Arabic, errors shown', async ({ page, demoShop, cardForm }) => {
  await page.goto(`${demoShop.url}/gallery/widget?style=card&theme=midnight&locale=ar&state=error`);
  await expect(cardForm.container).toHaveAttribute('dir', 'rtl');
  await expect(cardForm.hint('cardNumber')).toHaveText('رقم البطاقة أو نوعها غير صالح');
  await expect(cardForm.control('cardNumber')).toHaveClass(/wpwl-has-error/);
  // The theme is plain CSS over the wpwl-* classes, and it wins over the widget's own style.
  await expect(cardForm.payButton).toHaveCSS('background-color', 'rgb(143, 179, 255)');
  await expect(cardForm.hint('cvv')).toHaveCSS('color', 'rgb(255, 180, 180)');
});

test('gallery page: the card number focused', async ({ page, demoShop, cardForm }) => {
  await page.goto(`${demoShop.url}/gallery/widget?style=plain&state=focus`);
  await expect(cardForm.control('cardNumber')).toHaveClass(/wpwl-focus/, { timeout: 15_000 });
  await expect(cardForm.cardNumberInput).toBeFocused();
  await expect(cardForm.container).toHaveClass(/wpwl-style-plain/);
});
