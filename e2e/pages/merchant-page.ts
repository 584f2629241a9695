// A merchant page opened by the `merchantPage` fixture: the page, its checkout, its card forms,
// and the way back to the merchant's result URL.

import type { Page } from '@playwright/test';
import { CardForm, type CardFormLabels } from './card-form.js';

export interface ShopperResult {
  /** The `id` parameter (the checkout id). */
  id: string;
  /** The `resourcePath` parameter, e.g. /v1/checkouts/<id>/payment. */
  resourcePath: string;
  /** Every parameter the result URL received. */
  params: URLSearchParams;
}

export class MerchantPage {
  constructor(
    readonly page: Page,
    /** Where the page was opened. */
    readonly url: string,
    readonly checkoutId: string,
    /** Origin of the merchant pages (http://127.0.0.1:port). */
    readonly merchantOrigin: string,
    /** Console errors and uncaught exceptions of the page, in order; tests may assert it is empty. */
    readonly errors: string[],
  ) {}

  /** The index-th card form of the page (one per form.paymentWidgets with card brands). */
  cardForm(options: { index?: number; labels?: CardFormLabels } = {}): CardForm {
    return new CardForm(this.page, options);
  }

  /** Waits until the top-level page is on the merchant's /result and returns what it received. */
  async waitForResult(): Promise<ShopperResult> {
    await this.page.waitForURL((url) => url.origin === this.merchantOrigin && url.pathname === '/result');
    const params = new URL(this.page.url()).searchParams;
    return { id: params.get('id') ?? '', resourcePath: params.get('resourcePath') ?? '', params };
  }
}
