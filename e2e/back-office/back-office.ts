// The back office as the browser tests use it: the relay's back office origin and its owner's
// sign-in (from test-merchant.json, see support/relay-process.ts), signing in through the page,
// paying with a test card through the merchant API so the lists have something to show, axe, and
// screenshots for people to look at (BACKOFFICE_SHOTS_DIR, off by default).

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test as base, type BackOfficeSignIn, type Relay } from '../fixtures.js';

export { expect };

/** The test card; the tests check it never shows up in a page or an answer of the back office. */
export const CARD_NUMBER = '4200000000000000';
/** A CVV not found in ids or amounts by chance (checked as a whole word). */
export const CVV = '737';

export class BackOffice {
  constructor(
    readonly page: Page,
    readonly signIn: BackOfficeSignIn,
    readonly relay: Relay,
  ) {}

  get url(): string {
    return this.signIn.url;
  }

  /** Opens the back office and signs in as the test merchant's owner; returns once the shell shows. */
  async signInAsOwner(path = '/'): Promise<void> {
    await this.page.goto(this.url + path);
    await this.page.getByLabel('E-mail').fill(this.signIn.email);
    await this.page.getByLabel('Password').fill(this.signIn.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }

  /**
   * A payment with the test card through the merchant API, as a shop's backend makes one (a debit,
   * or with `PA` an authorization to capture or reverse); its id.
   */
  async payWithCard(amount = '24.90', merchantTransactionId = `ORD-${Date.now()}`, paymentType: 'DB' | 'PA' = 'DB'): Promise<string> {
    const paid = await this.relay.request('POST', '/v1/payments', {
      entityId: this.relay.credentials.entityId,
      amount,
      currency: 'EUR',
      paymentType,
      paymentBrand: 'VISA',
      merchantTransactionId,
      'customer.email': 'jane.jones@mail.example',
      'card.number': CARD_NUMBER,
      'card.holder': 'Jane Jones',
      'card.expiryMonth': '05',
      'card.expiryYear': String(new Date().getFullYear() + 3),
      'card.cvv': CVV,
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    return String(paid.json.id);
  }

  /** axe's violations on the page as it is now, one line each. */
  async axeViolations(): Promise<string[]> {
    const result = await new AxeBuilder({ page: this.page }).analyze();
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }

  /** A full-page screenshot into BACKOFFICE_SHOTS_DIR when it is set, for a person to look at. */
  async screenshot(name: string): Promise<void> {
    const dir = process.env.BACKOFFICE_SHOTS_DIR;
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    const width = this.page.viewportSize()?.width ?? 0;
    await this.page.screenshot({ path: join(dir, `${name}-${width <= 400 ? 'mobile' : 'desktop'}.png`), fullPage: true });
  }

  /** Whether the page scrolls sideways (it must not, at any width). */
  async scrollsSideways(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }
}

export const test = base.extend<{ backOffice: BackOffice }>({
  backOffice: async ({ page, relay }, use) => {
    if (!relay.backOffice) {
      throw new Error('the relay wrote no backOffice { url, email, password } to test-merchant.json: the back office is not served (BACKOFFICE_PORT)');
    }
    await use(new BackOffice(page, relay.backOffice, relay));
  },
});
