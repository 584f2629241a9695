// What the widget reports through onError, as merchant pages see it.

import { expect, type Page } from '@playwright/test';

/**
 * wpwlOptions that keep every onError the widget reports (its name, code and brand), as JSON, in
 * body[data-errors], sorted: errors of parts that start independently (two wallets) come in no set
 * order. Runs in the page.
 */
export const recordErrors = (): void => {
  Object.assign(window, {
    wpwlOptions: {
      onError: (e: { name: string; code?: string; brand?: string }) => {
        const seen = JSON.parse(document.body.getAttribute('data-errors') ?? '[]') as unknown[];
        const kept = [...seen, { name: e.name, code: e.code, brand: e.brand }].map((x) => JSON.stringify(x)).sort();
        document.body.setAttribute('data-errors', `[${kept.join(',')}]`);
      },
    },
  });
};

/** Page source: recordErrors, and the options `more` returns (run in the page) added to wpwlOptions. */
export function recordErrorsAnd(more: () => Record<string, unknown>): string {
  return `(${recordErrors.toString()})();\nObject.assign(window.wpwlOptions, (${more.toString()})());`;
}

/** The errors recordErrors kept are exactly these (in its sorted order). */
export async function expectErrors(page: Page, errors: Array<{ name: string; code?: string; brand?: string }>, options: { timeout?: number } = {}): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-errors', JSON.stringify(errors), options);
}

/** An unusable checkout: a message stands where the card form would be, and no form is drawn. */
export async function expectMessageInsteadOfForm(page: Page): Promise<void> {
  const message = page.locator('div.wpwl-container div.wpwl-message.wpwl-has-error');
  await expect(message).toBeVisible();
  await expect(message).not.toBeEmpty();
  await expect(page.locator('form.wpwl-form')).toHaveCount(0);
}
