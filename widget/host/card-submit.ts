// Paying with one card form (the pay button, Enter, wpwl.executePayment): wait for the frames, run
// the merchant's veto, check the fields, hand the form's named controls to the card-number frame,
// and follow what it reports: the relay's outcome, a failure, or nothing in time.

import { batch } from '@preact/signals-core';
import type { FailureMsg, OutcomeMsg, PayAction, PayMsg } from '../protocol/messages.js';
import { formThis } from './callback-this.js';
import type { CardContext } from './card-context.js';
import { holderOk } from '../protocol/expiry.js';
import { collectFields, expiryOk, syncExpiry } from './card-fields.js';
import type { CardFrames } from './card-frames.js';
import { followOutcome } from './outcome.js';
import { runVeto } from './veto.js';
import { browserData } from './browser-data.js';
import { savedOutcome } from './summary-page.js';

/** How long the host waits for the outcome of a submitted payment, ms (3-D Secure not included). */
const OUTCOME_TIMEOUT_MS = 120_000;

/** A stored card's payment: its form and fields, and the frame that submits it if not the card number's. */
export interface StoredPay {
  form: HTMLFormElement;
  fields: Array<[string, string]>;
  send?: (body: Omit<PayMsg, 'tag' | 'channel' | 'key'>) => boolean;
}

export class CardSubmit {
  private submitting = false;
  /** What the last submit asked the frame for: an outcome of a save is not a payment's. */
  private action: PayAction = 'payment';
  /** Checks of groups added to the form (extras/billing.ts), run with the card fields' own. */
  readonly checks: Array<() => boolean> = [];
  private outcomeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly c: CardContext,
    private readonly frames: CardFrames,
  ) {}

  /**
   * Validate, veto, ask the card-number frame to pay. `stored`: a stored card's form (registrations.ts)
   * pays instead, with its own fields and no card number; through `send` (the stored card's own
   * CVV frame, registrations.requireCvv) if given, whose outcome comes back to onOutcome / onFailure.
   */
  async submit(stored?: StoredPay): Promise<void> {
    const { model, env, links, refs } = this.c;
    if (model.busy.peek() || this.submitting) return;
    this.submitting = true;
    try {
      if (!(await this.frames.whenReady())) {
        model.message.value = env.texts.messages.communication;
        env.error('PciIframeCommunicationError', 'The card fields did not load');
        return;
      }
      const form = formThis(stored?.form ?? refs.form);
      const veto = runVeto(env.options.onBeforeSubmitCard as ((this: HTMLFormElement, e: unknown) => unknown) | null, form);
      if (!veto.proceed) {
        if ('error' in veto && veto.error !== undefined) console.error(veto.error);
        return;
      }
      if (!stored && !(this.checks.map((check) => check()).every(Boolean) && this.validate())) return;
      if (refs.page) syncExpiry(refs.page);
      const own = stored?.fields ?? collectFields(refs.form);
      const fields = [...own, ...browserData(env.options.browser, own)];
      // The summary page saves first, whatever the checkout then does (pay or store the card).
      this.action = env.options.useSummaryPage ? 'transactionData' : env.registration ? 'registration' : 'payment';
      batch(() => {
        model.message.value = null;
        model.paying.value = true;
      });
      const sent = (stored?.send ?? ((body) => links.send('cardNumber', body)))({
        type: 'pay',
        action: this.action,
        withCvv: !stored && model.withCvv,
        stored: !!stored,
        framedExpiry: !stored && model.framedExpiry,
        fields,
      });
      if (!sent) {
        model.paying.value = false;
        env.error('PciIframeSubmitError', 'The form could not be handed to the card fields');
        return;
      }
      clearTimeout(this.outcomeTimer);
      this.outcomeTimer = setTimeout(() => this.onFailure(null), OUTCOME_TIMEOUT_MS);
      env.call(env.options.onAfterSubmit, form);
    } finally {
      this.submitting = false;
    }
  }

  onOutcome(o: OutcomeMsg): void {
    clearTimeout(this.outcomeTimer);
    const { model, env, shopperResultUrl } = this.c;
    if (this.action === 'transactionData' && o.status === 200) return savedOutcome(o, model, env);
    followOutcome(o, model, env, shopperResultUrl);
  }

  /** A failure reported by the card-number frame, or (null) no outcome in time. */
  onFailure(f: FailureMsg | null): void {
    if (f?.reason === 'busy') return;
    clearTimeout(this.outcomeTimer);
    const { model, env } = this.c;
    batch(() => {
      model.paying.value = false;
      if (f?.reason === 'invalid') {
        for (const field of f.fields) model.frame(field).error.value = true;
      } else {
        model.message.value = env.texts.messages.communication;
      }
    });
    if (f?.reason !== 'invalid') env.error('PciIframeSubmitError', f?.message ?? 'No answer to the payment');
  }

  dispose(): void {
    clearTimeout(this.outcomeTimer);
  }

  /** Marks every invalid field; true if all are valid. */
  private validate(): boolean {
    const { model: m, refs, env } = this.c;
    const { page } = refs;
    const numberOk = m.number.valid.peek();
    const cvvOk = !m.withCvv || m.cvv.valid.peek();
    // Frames (enableSAQACompliance) report their validity; the card-number frame checks it again.
    const expiryValid = page ? expiryOk(page, env) : m.expiry.valid.peek();
    const holderValid = page ? holderOk(page.holder.value) : m.holder.valid.peek();
    batch(() => {
      m.number.error.value = !numberOk;
      m.cvv.error.value = !cvvOk;
      m.expiryError.value = !expiryValid;
      m.holderError.value = !holderValid;
    });
    return numberOk && cvvOk && expiryValid && holderValid;
  }
}
