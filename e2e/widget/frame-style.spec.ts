// The card frames' look: their script adopts the frames' stylesheet (widget/frame/frame-style.ts),
// under the frame page's CSP, which admits no inline style; an engine without constructed
// stylesheets gets the same rules from frame.min.css instead.

import type { FrameLocator } from '@playwright/test';
import { expect, test } from '../fixtures.js';

/** What frame.css gives the input: no border, the frame's full height, the frames' font size. */
async function expectStyled(frame: FrameLocator): Promise<void> {
  const input = frame.locator('input');
  await expect(input).toHaveCSS('border-top-width', '0px');
  await expect(input).toHaveCSS('font-size', '14px');
  await expect(input).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
}

test('the card frames wear their stylesheet, adopted by their script, with no inline style and no CSP report', async ({ merchantPage, page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  for (const frame of [form.cardNumberFrame, form.cvvFrame]) {
    await expectStyled(frame);
    expect(await frame.locator('html').evaluate(() => ({ adopted: document.adoptedStyleSheets.length, elements: document.querySelectorAll('style, link').length }))).toEqual({ adopted: 1, elements: 0 });
  }
  expect(violations).toEqual([]);
});

test('an engine without constructed stylesheets gets frame.min.css from the relay, the same look', async ({ merchantPage, page }) => {
  // In every frame, before any script: as if the engine had never had adoptedStyleSheets.
  await page.context().addInitScript(() => {
    delete (Document.prototype as unknown as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  for (const frame of [form.cardNumberFrame, form.cvvFrame]) {
    await expectStyled(frame);
    await expect(frame.locator('link[rel=stylesheet]')).toHaveAttribute('href', /\/v1\/static\/[0-9a-f]+\/css\/frame\.min\.css$/);
  }
});
