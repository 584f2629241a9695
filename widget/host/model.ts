// UI state of one card form as small signal models. The DOM reads them through effects
// (bind.ts); nothing else stores UI state. Pattern after @preact/signals devtools-ui models/.

import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { Field } from '../protocol/messages.js';

/** One card iframe as the host sees it: the frame's reported state, never its value. */
export interface FrameFieldModel {
  /** The frame announced itself and has its configuration since it (re)loaded: its channel is up. */
  ready: Signal<boolean>;
  empty: Signal<boolean>;
  valid: Signal<boolean>;
  focused: Signal<boolean>;
  error: Signal<boolean>;
}

function frameField(): FrameFieldModel {
  return { ready: signal(false), empty: signal(true), valid: signal(false), focused: signal(false), error: signal(false) };
}

export class CardFormModel {
  /** Brand chosen in the select (by the shopper or by detection). */
  readonly brand: Signal<string | null>;
  /** Allowed brands the typed digits match, best first. */
  readonly detected = signal<string[]>([]);
  readonly number = frameField();
  readonly cvv = frameField();
  /** The expiry and holder: frames with enableSAQACompliance, else inputs with only `error` in use. */
  readonly expiry = frameField();
  readonly holder = frameField();
  readonly expiryError = this.expiry.error;
  readonly holderError = this.holder.error;
  /** The frames this form has. */
  readonly fields: Field[];
  readonly paying = signal(false);
  /** The checkout cannot be paid any more (locked after declines, or gone). */
  readonly locked = signal(false);
  /** Payment-level message shown as div.wpwl-message.wpwl-has-error. */
  readonly message = signal<string | null>(null);
  /** 3-D Secure page shown in iframe.wpwl-target. */
  readonly threeDUrl = signal<string | null>(null);
  readonly busy: ReadonlySignal<boolean> = computed(() => this.paying.value || this.locked.value);

  constructor(
    readonly brands: readonly string[],
    /** Whether the form has a CVV frame (requireCvv). */
    readonly withCvv: boolean,
    /** Whether the expiry and holder are frames too (enableSAQACompliance). */
    readonly framedExpiry = false,
  ) {
    this.brand = signal(brands[0] ?? null);
    this.fields = ['cardNumber'];
    if (withCvv) this.fields.push('cvv');
    if (framedExpiry) this.fields.push('expiry', 'cardHolder');
  }

  /** The model of one card field. */
  frame(field: Field): FrameFieldModel {
    return { cardNumber: this.number, cvv: this.cvv, expiry: this.expiry, cardHolder: this.holder }[field];
  }

  /** Every frame of the form is up. */
  get framesReady(): boolean {
    return this.fields.every((f) => this.frame(f).ready.value);
  }
}
