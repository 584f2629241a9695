// Paying with one card form (the pay button, Enter, wpwl.executePayment): wait for the frames, run
// the merchant's veto, check the fields, hand the form's named controls to the card-number frame,
// and follow what it reports: the relay's outcome, a failure, or nothing in time.

import { batch } from '@preact/signals-core';
import type { FailureMsg, OutcomeMsg } from '../protocol/messages.js';
import { formThis } from './callback-this.js';
import type { CardContext } from './card-context.js';
import { collectFields, expiryOk, holderOk, syncExpiry } from './card-fields.js';
import type { CardFrames } from './card-frames.js';
import { followOutcome } from './outcome.js';
import { runVeto } from './veto.js';

/** How long the host waits for the outcome of a submitted payment, ms (3-D Secure not included). */
const OUTCOME_TIMEOUT_MS = 120_000;

export class CardSubmit {
  private submitting = false;
  private outcomeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly c: CardContext,
    private readonly frames: CardFrames,
  ) {}

  /** Validate, veto, ask the card-number frame to pay. */
  async submit(): Promise<void> {
    const { model, env, links, refs } = this.c;
    if (model.busy.peek() || this.submitting) return;
    this.submitting = true;
    try {
      if (!(await this.frames.whenReady())) {
        model.message.value = env.texts.messages.communication;
        env.error('PciIframeCommunicationError', 'The card fields did not load');
        return;
      }
      const form = formThis(refs.form);
      const veto = runVeto(env.options.onBeforeSubmitCard as ((this: HTMLFormElement, e: unknown) => unknown) | null, form);
      if (!veto.proceed) {
        if ('error' in veto && veto.error !== undefined) console.error(veto.error);
        return;
      }
      if (!this.validate()) return;
      syncExpiry(refs);
      const fields = collectFields(refs.form);
      batch(() => {
        model.message.value = null;
        model.paying.value = true;
      });
      const sent = links.send('cardNumber', {
        type: 'pay',
        action: 'payment',
        withCvv: model.withCvv,
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
    const numberOk = m.number.valid.peek();
    const cvvOk = !m.withCvv || m.cvv.valid.peek();
    const expiryValid = expiryOk(this.c);
    const holderValid = holderOk(refs.holder.value);
    batch(() => {
      m.number.error.value = !numberOk;
      m.cvv.error.value = !cvvOk;
      m.expiryError.value = !expiryValid;
      m.holderError.value = !holderValid;
    });
    return numberOk && cvvOk && expiryValid && holderValid;
  }
}
