// Page object of one card form the widget builds (div.wpwl-container-card). Host-page controls are
// found by the wpwl-* classes merchants rely on (shared/reference/widget-surface.md §6); the card
// number and CVV inputs live in iframes on the relay's origin and are found there by role and
// accessible name, as a screen-reader user finds them. Every wait is on a locator, never a pause.

import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export interface CardFormLabels {
  /** Accessible name of the card-number input inside its frame. */
  cardNumber: string | RegExp;
  /** Accessible name of the CVV input inside its frame. */
  cvv: string | RegExp;
}

/** The English defaults (widget-surface §5: "Card Number", "CVV"). */
export const englishLabels: CardFormLabels = { cardNumber: /card number/i, cvv: /cvv/i };

export interface CardDetails {
  number: string;
  /** As typed into the expiry input, e.g. "12 / 30"; see futureExpiry(). */
  expiry: string;
  cvv: string;
  holder?: string;
}

/** The host-page fields that get a hint and wpwl-has-error when invalid. */
export type HintField = 'cardNumber' | 'expiryMonth' | 'cvv' | 'cardHolder';
export type ControlField = 'cardNumber' | 'expiry' | 'cvv' | 'cardHolder' | 'brand';

/**
 * Rendering covers the loader, the main script and two iframes from the relay: on a busy 2-core
 * machine with two workers that takes longer than one expect timeout, ms.
 */
export const WIDGET_READY_TIMEOUT_MS = 15_000;

export class CardForm {
  /** div.wpwl-container-card (the index-th one on the page). */
  readonly container: Locator;
  /** form.wpwl-form-card inside it. */
  readonly form: Locator;
  readonly cardNumberFrame: FrameLocator;
  readonly cvvFrame: FrameLocator;
  readonly cardNumberInput: Locator;
  readonly cvvInput: Locator;
  readonly expiryInput: Locator;
  readonly holderInput: Locator;
  readonly brandSelect: Locator;
  readonly payButton: Locator;
  /** A payment-level error (div.wpwl-message) in the container. */
  readonly message: Locator;

  constructor(
    readonly page: Page,
    options: { index?: number; labels?: CardFormLabels } = {},
  ) {
    const labels = options.labels ?? englishLabels;
    this.container = page.locator('div.wpwl-container-card').nth(options.index ?? 0);
    this.form = this.container.locator('form.wpwl-form-card');
    this.cardNumberFrame = this.control('cardNumber').contentFrame();
    this.cvvFrame = this.control('cvv').contentFrame();
    this.cardNumberInput = this.cardNumberFrame.getByRole('textbox', { name: labels.cardNumber });
    this.cvvInput = this.cvvFrame.getByRole('textbox', { name: labels.cvv });
    this.expiryInput = this.control('expiry');
    this.holderInput = this.control('cardHolder');
    this.brandSelect = this.control('brand');
    this.payButton = this.form.locator('button.wpwl-button-pay');
    this.message = this.container.locator('div.wpwl-message');
  }

  /** The element carrying wpwl-control-<field> (an iframe for cardNumber and cvv). */
  control(field: ControlField): Locator {
    return this.form.locator(`.wpwl-control-${field}`);
  }

  /** div.wpwl-hint-<field>Error, inserted after an invalid control. */
  hint(field: HintField): Locator {
    return this.form.locator(`.wpwl-hint-${field}Error`);
  }

  /** Resolves once both card frames have an input the shopper can type into. */
  async waitUntilReady(): Promise<void> {
    await expect(this.cardNumberInput).toBeEditable({ timeout: WIDGET_READY_TIMEOUT_MS });
    await expect(this.cvvInput).toBeEditable({ timeout: WIDGET_READY_TIMEOUT_MS });
  }

  async fillCardNumber(number: string): Promise<void> {
    await this.cardNumberInput.fill(number);
  }

  async fillCvv(cvv: string): Promise<void> {
    await this.cvvInput.fill(cvv);
  }

  async fillExpiry(expiry: string): Promise<void> {
    await this.expiryInput.fill(expiry);
  }

  async fillHolder(holder: string): Promise<void> {
    await this.holderInput.fill(holder);
  }

  async fill(card: CardDetails): Promise<void> {
    await this.fillCardNumber(card.number);
    await this.fillExpiry(card.expiry);
    await this.fillCvv(card.cvv);
    if (card.holder !== undefined) await this.fillHolder(card.holder);
  }

  async pay(): Promise<void> {
    await this.payButton.click();
  }
}

/** An expiry `years` ahead of today, as the shopper types it ("MM / YY"). */
export function futureExpiry(years = 3, today = new Date()): string {
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const year = String((today.getFullYear() + years) % 100).padStart(2, '0');
  return `${month} / ${year}`;
}

/** Test cards of the simulator (widget-surface §9). */
export const testCards = {
  visa: '4200000000000000',
  visa3ds: '4711100000000000',
  master: '5454545454545454',
  master3ds: '5212345678901234',
  amex: '377777777777770',
  amex3ds: '375987000000005',
  mada: '4464040000000007',
  diners: '36961903000009',
  discover: '6011587918359498',
  jcb: '3541599999092431',
  maestro: '6799851000000032',
  visaElectron: '4917300800000000',
  dankort: '5019717010103742',
} as const;

/**
 * Answers the relay's 3-D Secure test page (shown in iframe.wpwl-target, or in the whole tab):
 * picks `returnCode`, or the first answer offered, and submits.
 */
export async function answerThreeDSecure(page: Page | FrameLocator, returnCode?: string): Promise<void> {
  await page.locator('select[name=returnCode]').selectOption(returnCode ?? { index: 0 });
  await page.getByRole('button', { name: /submit/i }).click();
}
