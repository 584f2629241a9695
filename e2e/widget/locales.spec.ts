// Languages (issue item 6): every locale of the surface is served, only the chosen one is
// downloaded (once), a -CC variant falls back to its language, Arabic is right-to-left, and the
// merchant's labels and errorMessages win over the locale's texts.

import { en, LOCALE_CODES } from '../../widget/host/texts.js';
import { expect, test } from '../fixtures.js';

/** URLs of locale files the page asked for. */
function localeRequests(page: import('@playwright/test').Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/locales/')) urls.push(new URL(r.url()).pathname.replace(/.*\/locales\//, ''));
  });
  return urls;
}

test('German: labels, button, hints and the card frames in German; only de.json downloaded, once', async ({ merchantPage, page }) => {
  const asked = localeRequests(page);
  const shop = await merchantPage.open('basic', { options: () => Object.assign(window, { wpwlOptions: { locale: 'de' } }) });
  const form = shop.cardForm({ labels: { cardNumber: 'Kartennummer', cvv: 'Prüfnummer' } });
  await form.waitUntilReady();
  await expect(form.payButton).toHaveText('Jetzt bezahlen');
  await expect(form.form.locator('.wpwl-label-cardNumber')).toHaveText('Kartennummer');
  await expect(form.form.locator('.wpwl-label-expiry')).toHaveText('Gültig bis');
  await expect(form.expiryInput).toHaveAttribute('placeholder', 'MM / JJ');
  await expect(form.form).toHaveAttribute('lang', 'de');
  await form.payButton.click();
  await expect(form.hint('cardNumber')).toHaveText('Ungültige Kartennummer oder Marke');
  await expect(form.hint('cvv')).toHaveText('Ungültige Prüfnummer');
  expect(asked).toEqual(['de.json']);
  expect(shop.errors).toEqual([]);
});

test('English downloads no locale file; fr-CA falls back to French and keeps its region in lang', async ({ merchantPage, page }) => {
  const asked = localeRequests(page);
  const english = await merchantPage.open('basic');
  await english.cardForm().waitUntilReady();
  expect(asked).toEqual([]);
  const shop = await merchantPage.open('basic', { options: () => Object.assign(window, { wpwlOptions: { locale: 'fr-CA' } }) });
  const form = shop.cardForm({ labels: { cardNumber: 'Numéro de carte', cvv: 'Cryptogramme' } });
  await form.waitUntilReady();
  await expect(form.payButton).toHaveText('Payer maintenant');
  await expect(form.form).toHaveAttribute('lang', 'fr-CA');
  expect(asked).toEqual(['fr.json']);
});

test('Arabic is right-to-left in the form and in the card frames, with Arabic errors', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', { lang: 'ar', options: () => Object.assign(window, { wpwlOptions: { locale: 'ar' } }) });
  const form = shop.cardForm({ labels: { cardNumber: 'رقم البطاقة', cvv: 'رمز التحقق' } });
  await form.waitUntilReady();
  await expect(form.container).toHaveAttribute('dir', 'rtl');
  await expect(form.cardNumberFrame.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(form.cardNumberFrame.locator('html')).toHaveAttribute('lang', 'ar');
  await form.payButton.click();
  await expect(form.hint('cardNumber')).toHaveText('رقم البطاقة أو نوعها غير صالح');
  // Right-to-left: the pay button sits on the left of its row.
  const [button, group] = await Promise.all([form.payButton.boundingBox(), form.form.locator('.wpwl-group-submit').boundingBox()]);
  expect(button!.x - group!.x).toBeLessThan(group!.x + group!.width - (button!.x + button!.width));
});

test('labels and errorMessages overrides win over the locale; the frames get the overridden names', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: { locale: 'nl-BE', labels: { cardNumber: 'Uw kaart', submit: 'Kopen' }, errorMessages: { cvvError: 'Controleer de code' } },
      }),
  });
  const form = shop.cardForm({ labels: { cardNumber: 'Uw kaart', cvv: 'CVC' } });
  await form.waitUntilReady();
  await expect(form.payButton).toHaveText('Kopen');
  await expect(form.form.locator('.wpwl-label-cardHolder')).toHaveText('Kaarthouder');
  await form.payButton.click();
  await expect(form.hint('cvv')).toHaveText('Controleer de code');
  await expect(form.hint('cardNumber')).toHaveText('Ongeldig kaartnummer of merk');
});

test('the relay serves every locale of the surface but English as a file of the build', async ({ relay }) => {
  const loader = await (await fetch(`${relay.url}/v1/paymentWidgets.js`)).text();
  const cacheVersion = /\/v1\/static\/"?\+?"?([0-9a-f]{16})/.exec(loader)?.[1] ?? /"([0-9a-f]{16})"/.exec(loader)?.[1];
  expect(cacheVersion).toBeTruthy();
  // The labels of the card form and of the other methods' forms: every locale has the same ones,
  // the card form's English ones among them.
  let first: string[] | undefined;
  for (const code of LOCALE_CODES.filter((c) => c !== 'en')) {
    const res = await fetch(`${relay.url}/v1/static/${cacheVersion}/locales/${code}.json`);
    expect(res.status, code).toBe(200);
    const json = (await res.json()) as { labels: Record<string, string>; dir: string };
    const names = Object.keys(json.labels).sort();
    first ??= names;
    expect(names, code).toEqual(first);
    expect(names, code).toEqual(expect.arrayContaining(Object.keys(en.labels)));
    expect(json.dir, code).toBe(code === 'ar' ? 'rtl' : 'ltr');
  }
});
