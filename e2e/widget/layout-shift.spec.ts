// No layout shift (issue: the loader reserves the form's final height synchronously): with the
// loader's tag in <head> and the form above other content, nothing on the page moves from
// navigation until the form is ready and drawn, in every style, with and without labels, LTR and
// RTL. The reservation (widget/loader/reserve.ts) is compared with the drawn container as well, so
// a drift between the stylesheet and the loader's table names the case that broke.

import { expect, strictCsp, test } from '../fixtures.js';

/** Records every layout shift since navigation, before the loader's tag runs. */
const SHIFTS = `window.__shifts = [];
new PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { window.__shifts.push([e.value, Math.round(e.startTime), e.sources.map(function (s) { return (s.node && (s.node.nodeName + "." + s.node.className)) + JSON.stringify(s.previousRect) + JSON.stringify(s.currentRect); }).join(" ; ")]); }); }).observe({ type: 'layout-shift', buffered: true });`;

const BELOW = `<p id="below">${'Text below the payment form. '.repeat(60)}</p><footer>Footer</footer>`;

const cases = [
  { style: 'card', locale: 'en', extra: '' },
  { style: 'plain', locale: 'en', extra: '' },
  { style: 'logos', locale: 'en', extra: '' },
  { style: 'card', locale: 'ar', extra: '' },
  { style: 'plain', locale: 'ar', extra: '' },
  { style: 'card', locale: 'de', extra: ', showLabels: false' },
  { style: 'plain', locale: 'en', extra: ', requireCvv: "false"' },
];

for (const c of cases) {
  test(`layout shift 0: style ${c.style}, locale ${c.locale}${c.extra}`, async ({ merchantPage, page }) => {
    const shop = await merchantPage.open('basic', {
      options: `${SHIFTS}\nwindow.wpwlOptions = { style: '${c.style}', locale: '${c.locale}'${c.extra}, onReady: function () { window.__ready = true; } };`,
      body: BELOW,
    });
    const form = shop.cardForm();
    await expect(form.cardNumberFrame.locator('input')).toBeEditable({ timeout: 15_000 });
    if (!c.extra.includes('requireCvv')) await expect(form.cvvFrame.locator('input')).toBeEditable();
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
    // Two frames after ready: a shift caused by drawing the form is recorded by then.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const { shifts, reserved, drawn } = await page.evaluate(() => {
      const container = document.querySelector<HTMLElement>('.wpwl-container-card')!;
      const merchantForm = document.querySelector<HTMLElement>('form.paymentWidgets')!;
      // What the reservation gives the merchant's (now hidden) form while it is shown.
      merchantForm.style.display = 'block';
      const box = (e: HTMLElement) => {
        const s = getComputedStyle(e);
        return { height: e.getBoundingClientRect().height, marginTop: s.marginTop, marginBottom: s.marginBottom };
      };
      const reserved = box(merchantForm);
      merchantForm.style.display = 'none';
      return { shifts: (window as unknown as { __shifts: unknown[] }).__shifts, reserved, drawn: box(container) };
    });
    expect(drawn).toEqual(reserved);
    expect(shifts).toEqual([]);
  });
}

test('wpwl.unload gives the merchant back an empty form without the reserved height', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', { body: BELOW });
  await shop.cardForm().waitUntilReady();
  const height = await page.evaluate(() => {
    (window as unknown as { wpwl: { unload(): void } }).wpwl.unload();
    return document.querySelector('form.paymentWidgets')!.getBoundingClientRect().height;
  });
  expect(height).toBe(0);
});

test('the reservation holds on a page whose CSP allows only the relay for styles', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', { csp: strictCsp, body: BELOW });
  await shop.cardForm().waitUntilReady();
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('form.paymentWidgets')!).minHeight)).toBe('482px');
  expect(shop.errors).toEqual([]);
});
