// What the widget reports through onError, as merchant pages see it.

import { expect, type Page } from '@playwright/test';

/** wpwlOptions that keep every onError the widget reports, as JSON, in body[data-errors]. */
export const recordErrors = (): void => {
  Object.assign(window, {
    wpwlOptions: {
      onError: (e: { name: string; code?: string }) => {
        const seen = JSON.parse(document.body.getAttribute('data-errors') ?? '[]') as unknown[];
        document.body.setAttribute('data-errors', JSON.stringify([...seen, { name: e.name, code: e.code }]));
      },
    },
  });
};

/** The errors recordErrors kept are exactly these. */
export async function expectErrors(page: Page, errors: Array<{ name: string; code?: string }>): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-errors', JSON.stringify(errors));
}

/** An unusable checkout: a message stands where the card form would be, and no form is drawn. */
export async function expectMessageInsteadOfForm(page: Page): Promise<void> {
  const message = page.locator('div.wpwl-container div.wpwl-message.wpwl-has-error');
  await expect(message).toBeVisible();
  await expect(message).not.toBeEmpty();
  await expect(page.locator('form.wpwl-form')).toHaveCount(0);
}
